import assert from "node:assert/strict";
import { WifiEncryptionType } from "@shared/enums.ts";
import { checkInUrl, qrPng, wifiQrPayload } from "@core/services/units/unit-qr.ts";
import { newUnitCode } from "@core/services/units/unit-code.ts";
import { decodeQrPng } from "../../support/qr.ts";

Deno.test("checkInUrl is the unit's permanent Croatian check-in page", () => {
  assert.equal(
    checkInUrl("https://prijavko.hr", "abc234def567"),
    "https://prijavko.hr/prijava/smjestaj/abc234def567",
  );
});

Deno.test("wifiQrPayload writes the WIFI: format and escapes its special characters", () => {
  assert.equal(
    wifiQrPayload({
      ssid: "Vila;Marija",
      password: 'a\\b,c:d"e',
      encryptionType: WifiEncryptionType.WPA,
    }),
    'WIFI:T:WPA;S:Vila\\;Marija;P:a\\\\b\\,c\\:d\\"e;;',
  );
  assert.equal(
    wifiQrPayload({ ssid: "Gosti", password: "", encryptionType: WifiEncryptionType.None }),
    "WIFI:T:nopass;S:Gosti;;",
  );
  assert.equal(
    wifiQrPayload({ ssid: "Stara", password: "12345", encryptionType: WifiEncryptionType.WEP }),
    "WIFI:T:WEP;S:Stara;P:12345;;",
  );
});

Deno.test("qrPng encodes a QR code that decodes back to the same text", async () => {
  const url = checkInUrl("http://localhost:8000", "mnp2q3r4s5t6");
  assert.equal(decodeQrPng(await qrPng(url)), url);
});

Deno.test("newUnitCode gives distinct 12-character codes without look-alike characters", () => {
  const codes = new Set(Array.from({ length: 2000 }, newUnitCode));
  assert.equal(codes.size, 2000);
  for (const code of codes) assert.match(code, /^[a-hj-km-np-z2-9]{12}$/);
});
