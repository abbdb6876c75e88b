import assert from "node:assert/strict";
import { WifiEncryptionType } from "../../../shared/enums.ts";
import { MESSAGES, messageText } from "../../../shared/messages.ts";
import { PropertySettingsUpdate } from "../../../shared/schemas/property.ts";
import { PropertySetupRequest } from "../../../shared/schemas/property-setup-request.ts";

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [i.path.join("."), messageText(i.message)]) ?? [];

Deno.test("a unit needs a property and a name; WiFi defaults to an open network", () => {
  const unit = PropertySetupRequest.parse({ propertyId: "p1", name: " Apartment 1 " });
  assert.equal(unit.name, "Apartment 1");
  assert.equal(unit.wifiEncryptionType, WifiEncryptionType.None);
  assert.deepEqual(messagesOf(PropertySetupRequest.safeParse({})), [
    ["propertyId", MESSAGES.selectRequired],
    ["name", "Name is required"],
  ]);
});

Deno.test("calendar links must be web or webcal addresses; empty means none", () => {
  const base = { propertyId: "p1", name: "A1" };
  for (const link of ["", "https://www.airbnb.com/calendar/ical/1.ics", "webcal://x.test/a.ics"]) {
    assert.ok(
      PropertySetupRequest.safeParse({ ...base, externalCalendarLink: link }).success,
      link,
    );
  }
  assert.equal(
    PropertySetupRequest.safeParse({ ...base, externalCalendarLink: "ftp://x.test/a.ics" }).success,
    false,
  );
});

Deno.test("check-in times are HH:MM", () => {
  const base = { propertyId: "p1", name: "A1" };
  assert.ok(PropertySetupRequest.safeParse({ ...base, defaultCheckInTime: "14:00" }).success);
  assert.deepEqual(
    messagesOf(PropertySetupRequest.safeParse({ ...base, defaultCheckInTime: "2pm" })),
    [["defaultCheckInTime", MESSAGES.dateInvalid]],
  );
});

Deno.test("a secured network needs a name and a password", () => {
  const settings = { propertyId: "p1", wifiEncryptionType: WifiEncryptionType.WPA };
  assert.deepEqual(messagesOf(PropertySettingsUpdate.safeParse(settings)), [
    ["wifiPassword", "WiFi password is required"],
    ["wifiName", "WiFi name is required"],
  ]);
  const ok = PropertySettingsUpdate.parse({
    ...settings,
    wifiName: "Villa",
    wifiPassword: "pass1234",
  });
  assert.equal(ok.automaticCheckOut, false);
  assert.equal(
    PropertySettingsUpdate.safeParse({ ...settings, wifiEncryptionType: 3 }).success,
    false,
  );
});

Deno.test("setting numbers must be whole and in range", () => {
  assert.deepEqual(
    messagesOf(PropertySettingsUpdate.safeParse({ propertyId: "p1", maxNumberOfGuests: 2.5 })),
    [["maxNumberOfGuests", MESSAGES.numberWhole]],
  );
  assert.deepEqual(
    messagesOf(PropertySettingsUpdate.safeParse({ propertyId: "p1", defaultNumberOfNights: 0 })),
    [["defaultNumberOfNights", "The value must be at least 1"]],
  );
});

Deno.test("a unit may have several calendar links, one per line; each must be a calendar address", () => {
  const base = { propertyId: "p1", name: "A1" };
  const parsed = PropertySetupRequest.parse({
    ...base,
    externalCalendarLink:
      " https://www.airbnb.com/calendar/ical/1.ics?s=a\n\nwebcal://x.test/b.ics, https://www.airbnb.com/calendar/ical/1.ics?s=a ",
  });
  assert.equal(
    parsed.externalCalendarLink,
    "https://www.airbnb.com/calendar/ical/1.ics?s=a\nwebcal://x.test/b.ics",
  );
  assert.equal(
    PropertySetupRequest.safeParse({
      ...base,
      externalCalendarLink: "https://x.test/a.ics\nnot a link",
    }).success,
    false,
  );
  const six = Array.from({ length: 6 }, (_, i) => `https://x.test/${i}.ics`).join("\n");
  assert.equal(
    PropertySetupRequest.safeParse({ ...base, externalCalendarLink: six }).success,
    false,
  );
});
