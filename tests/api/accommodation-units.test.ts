import assert from "node:assert/strict";
import { createHost, getWith, postWith, signIn } from "../support/accounts.ts";
import { TEST_PUBLIC_URL, withTestApp } from "../support/app.ts";
import { demoFacility, seedMirroredAccount } from "../support/properties.ts";
import { pdfPages, pdfPageSizeMm } from "../support/pdf.ts";
import { pdfText } from "../support/pdf417.ts";
import { decodeQrPng } from "../support/qr.ts";

async function setup(app: Parameters<typeof createHost>[0], db: Parameters<typeof createHost>[1]) {
  const ana = await createHost(app, db, { email: "ana@example.com" });
  await createHost(app, db, { email: "bruno@example.com" });
  await seedMirroredAccount(db, ana);
  const token = (await signIn(app, "ana@example.com")).accessToken;
  const other = (await signIn(app, "bruno@example.com")).accessToken;
  const [property] =
    (await (await getWith(app, "/api/Properties?PageNumber=1&PageSize=5", token)).json()).items;
  return { token, other, property };
}

const bearer = (token: string) => ({
  Authorization: `Bearer ${token}`,
  "Content-Type": "application/json",
});

Deno.test("POST /api/AccommodationUnits adds a unit with a permanent code to the caller's property", () =>
  withTestApp(async ({ app, db }) => {
    const { token, other, property } = await setup(app, db);
    const body = {
      propertyId: property.id,
      name: "Studio uz more",
      capacity: 2,
      externalCalendarLink: "https://www.airbnb.com/calendar/ical/123.ics?s=abc",
      wifiName: "Studio",
      wifiPassword: "lozinka123",
      wifiEncryptionType: 2,
    };
    const res = await postWith(app, "/api/AccommodationUnits", body, token);
    assert.equal(res.status, 200);
    const unit = await res.json();
    assert.match(unit.code, /^[a-z2-9]{12}$/);
    assert.equal(unit.name, "Studio uz more");
    assert.equal(unit.property.name, property.name);
    assert.deepEqual(unit.wifiDetails, {
      ssid: "Studio",
      password: "lozinka123",
      encryptionType: 2,
    });

    const foreign = await postWith(app, "/api/AccommodationUnits", body, other);
    assert.equal(foreign.status, 404, "nobody adds units to another host's property");
    const noName = await postWith(
      app,
      "/api/AccommodationUnits",
      { propertyId: property.id },
      token,
    );
    assert.equal(noName.status, 400);
    assert.deepEqual((await noName.json()).errors, { name: ["Name is required"] });
    const noNetwork = await postWith(app, "/api/AccommodationUnits", {
      propertyId: property.id,
      name: "X",
      wifiPassword: "x",
    }, token);
    assert.deepEqual((await noNetwork.json()).errors, { wifiName: ["WiFi name is required"] });
  }));

Deno.test("PUT /api/AccommodationUnits/{id} changes a unit and keeps its code", () =>
  withTestApp(async ({ app, db }) => {
    const { token, other, property } = await setup(app, db);
    const unit = property.accommodationUnits[0];
    const put = (t: string) =>
      app.request(`/api/AccommodationUnits/${unit.id}`, {
        method: "PUT",
        headers: bearer(t),
        body: JSON.stringify({ propertyId: property.id, name: "Apartman Lavanda", capacity: 5 }),
      });
    assert.equal((await put(other)).status, 404);
    const res = await put(token);
    assert.equal(res.status, 200);
    const changed = await res.json();
    assert.equal(changed.name, "Apartman Lavanda");
    assert.equal(changed.code, unit.code);
  }));

Deno.test("GET /api/AccommodationUnits/{code}/qr.png holds the unit's check-in address", () =>
  withTestApp(async ({ app, db }) => {
    const { token, other, property } = await setup(app, db);
    const { code } = property.accommodationUnits[0];
    const png = await getWith(app, `/api/AccommodationUnits/${code}/qr.png`, token);
    assert.equal(png.status, 200);
    assert.equal(png.headers.get("Content-Type"), "image/png");
    assert.equal(
      decodeQrPng(new Uint8Array(await png.arrayBuffer())),
      `${TEST_PUBLIC_URL}/prijava/smjestaj/${code}`,
    );
    const svg = await getWith(app, `/api/AccommodationUnits/${code}/qr.svg`, token);
    assert.match(await svg.text(), /^<svg/);
    assert.equal((await getWith(app, `/api/AccommodationUnits/${code}/qr.png`, other)).status, 404);
    const details = await (await getWith(app, `/api/AccommodationUnits/${code}`, token)).json();
    assert.equal(details.checkInUrl, `${TEST_PUBLIC_URL}/prijava/smjestaj/${code}`);
  }));

Deno.test("GET /api/AccommodationUnits/{code}/wifi-qr.png joins the property's WiFi, or says there is none", () =>
  withTestApp(async ({ app, db }) => {
    const { token, property } = await setup(app, db);
    const { code } = property.accommodationUnits[0];
    const none = await getWith(app, `/api/AccommodationUnits/${code}/wifi-qr.png`, token);
    assert.equal(none.status, 404);
    assert.equal((await none.json()).detail, "No WiFi is set for this unit or its property.");
    await app.request(`/api/Properties/Settings/${property.id}`, {
      method: "PUT",
      headers: bearer(token),
      body: JSON.stringify({
        propertyId: property.id,
        wifiName: "Vila;Gosti",
        wifiPassword: "sunce",
        wifiEncryptionType: 2,
      }),
    });
    const wifi = await getWith(app, `/api/AccommodationUnits/${code}/wifi-qr.png`, token);
    assert.equal(
      decodeQrPng(new Uint8Array(await wifi.arrayBuffer())),
      "WIFI:T:WPA;S:Vila\\;Gosti;P:sunce;;",
    );
  }));

/** The PDF's page rendered to PNG (poppler's pdftoppm), the QR code read back as a phone would. */
async function pageImage(pdf: Uint8Array): Promise<Uint8Array> {
  const dir = await Deno.makeTempDir();
  await Deno.writeFile(`${dir}/sheet.pdf`, pdf);
  const args = ["-png", "-r", "100", "-singlefile", `${dir}/sheet.pdf`, `${dir}/sheet`];
  const { success } = await new Deno.Command("pdftoppm", { args }).output();
  assert.ok(success, "pdftoppm renders the sheet");
  return await Deno.readFile(`${dir}/sheet.png`);
}

Deno.test("GET /api/AccommodationUnits/{code}/qr-sheet.pdf is one A4 door sheet in the chosen languages", () =>
  withTestApp(async ({ app, db }) => {
    const { token, other, property } = await setup(app, db);
    const { code } = property.accommodationUnits[0];
    const path = `/api/AccommodationUnits/${code}/qr-sheet.pdf`;

    const plain = await getWith(app, path, token);
    assert.equal(plain.status, 200);
    assert.equal(plain.headers.get("Content-Type"), "application/pdf");
    assert.equal(
      plain.headers.get("Content-Disposition"),
      `attachment; filename="prijava-${code}.pdf"`,
    );
    const pdf = new Uint8Array(await plain.arrayBuffer());
    assert.equal(await pdfPages(pdf), 1, "one page per unit");
    const [width, height] = await pdfPageSizeMm(pdf);
    assert.deepEqual([Math.round(width), Math.round(height)], [210, 297], "A4");
    const text = await pdfText(pdf);
    assert.match(text, /Prijava gostiju · Guest check-in/, "Croatian and English by default");
    assert.match(text, /Skenirajte kod mobitelom/);
    assert.match(text, /Izrežite po crtkanoj crti/, "the cut line says what it is for");
    assert.doesNotMatch(text, /WiFi|Lozinka/, "no WiFi block without WiFi");
    assert.equal(
      decodeQrPng(await pageImage(pdf)),
      `${TEST_PUBLIC_URL}/prijava/smjestaj/${code}`,
      "the drawn code opens the unit's check-in page",
    );

    await app.request(`/api/Properties/Settings/${property.id}`, {
      method: "PUT",
      headers: bearer(token),
      body: JSON.stringify({
        propertyId: property.id,
        wifiName: "Vila-Gosti",
        wifiPassword: "sunce-i-more",
        wifiEncryptionType: 2,
      }),
    });
    const chosen = await getWith(app, `${path}?languages=de,fr,ru`, token);
    assert.equal(chosen.status, 200);
    const chosenPdf = new Uint8Array(await chosen.arrayBuffer());
    assert.equal(await pdfPages(chosenPdf), 1, "three languages still fit one page");
    const chosenText = await pdfText(chosenPdf);
    for (
      const line of [
        "Gäste-Check-in",
        "Enregistrement des voyageurs",
        "Регистрация гостей",
        "Scannen Sie den Code mit Ihrem Handy",
        "Touchez le lien qui s'affiche.",
        "Вырежьте по пунктирной линии",
        "WLAN / Wi-Fi",
        "Vila-Gosti",
        "sunce-i-more",
      ]
    ) {
      assert.ok(chosenText.includes(line), `"${line}" is on the sheet`);
    }
    assert.doesNotMatch(chosenText, /Prijava gostiju|Guest check-in/, "only the chosen languages");

    // Left out, the languages are those the host chose (user settings).
    const settings = await (await getWith(app, "/api/Users/manage/settings", token)).json();
    await app.request("/api/Users/manage/settings", {
      method: "PUT",
      headers: bearer(token),
      body: JSON.stringify({ ...settings, qrSheetLanguages: ["es"] }),
    });
    const own = await pdfText(
      new Uint8Array(await (await getWith(app, path, token)).arrayBuffer()),
    );
    assert.match(own, /Registro de huéspedes/);
    assert.doesNotMatch(own, /Prijava gostiju/);

    const stranger = await getWith(app, path, other);
    assert.equal(stranger.status, 404, "another host's unit is not there for them");
    for (
      const [bad, message] of [
        ["hr,xx", "Unknown language: choose among hr, en, fr, it, de, es, ru"],
        ["hr,en,de,fr", "Choose at most 3 languages"],
        ["", "Choose at least one language"],
        ["hr,hr", "Each language only once"],
      ]
    ) {
      const answer = await getWith(app, `${path}?languages=${bad}`, token);
      assert.equal(answer.status, 400, `languages=${bad}`);
      assert.equal(answer.headers.get("Content-Type"), "application/problem+json");
      assert.deepEqual((await answer.json()).errors, { languages: [message] });
    }
  }));

Deno.test("DELETE /api/AccommodationUnits/{code} deletes by code, only the caller's", () =>
  withTestApp(async ({ app, db }) => {
    const { token, other, property } = await setup(app, db);
    const { code } = property.accommodationUnits[3];
    const del = (t: string) =>
      app.request(`/api/AccommodationUnits/${code}`, { method: "DELETE", headers: bearer(t) });
    assert.equal((await del(other)).status, 404);
    assert.equal((await del(token)).status, 204);
    assert.equal((await getWith(app, `/api/AccommodationUnits/${code}`, token)).status, 404);
  }));

Deno.test("a unit moved to another property takes its stays along", () =>
  withTestApp(async ({ app, db }) => {
    const ana = await createHost(app, db, { email: "ana@example.com" });
    await seedMirroredAccount(db, ana, [
      demoFacility("f1", "0000001"),
      demoFacility("f2", "0000002"),
    ]);
    const token = (await signIn(app, "ana@example.com")).accessToken;
    const [first, second] =
      (await (await getWith(app, "/api/Properties?PageNumber=1&PageSize=5", token)).json()).items;
    const unit = first.accommodationUnits[0];
    const stay = await postWith(app, "/api/Reservations", {
      accommodationUnitId: unit.id,
      startDateUTC: "2027-03-01T12:00:00Z",
      endDateUTC: "2027-03-04T12:00:00Z",
    }, token);
    assert.equal(stay.status, 200);

    const moved = await app.request(`/api/AccommodationUnits/${unit.id}`, {
      method: "PUT",
      headers: bearer(token),
      body: JSON.stringify({ propertyId: second.id, name: unit.name }),
    });
    assert.equal(moved.status, 200);
    const listed = async (propertyId: string) =>
      (await (await getWith(
        app,
        `/api/Reservations?PageNumber=1&PageSize=10&PropertyId=${propertyId}`,
        token,
      )).json()).totalCount;
    assert.equal(await listed(second.id), 1);
    assert.equal(await listed(first.id), 0);
  }));
