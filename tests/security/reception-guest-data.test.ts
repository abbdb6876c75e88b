/**
 * Issue 30, N5: reception sees the guests' names, how many there are and where their check-in
 * stands, nothing more (shared/property-rights.ts: no documents, no settings). Every answer that
 * carries a stay's guests or a unit, read by a member at reception, holds no gender, birth date or
 * place, citizenship, residence, address, document, e-mail, telephone or border crossing of any
 * guest, and no unit's calendar link; the owner's answers still hold them all. Failed on the code
 * before the fix: reception's stays carried the guests' personal data and the calendar link.
 */
import assert from "node:assert/strict";
import { bearer, getWith, postWith } from "../support/accounts.ts";
import type { TestApp } from "../support/app.ts";
import { createWorldTemplate, type HostData, type WorldTemplate } from "./world.ts";

/** A guest with every personal field filled, each value found nowhere else in the world. */
const MARTA = {
  firstName: "Marta",
  surname: "Kowalska",
  gender: 1,
  dateOfBirth: "1984-03-17",
  citizenship: "POL",
  countryOfBirth: "POL",
  cityOfBirth: "Zakopane-Birthplace",
  countryOfResidence: "POL",
  cityOfResidence: "Gdansk-Residence",
  residenceAddress: "Ulica Prywatna 7",
  documentType: 2,
  documentNumber: "PL77001234",
  email: "marta.private@example.org",
  telephone: "+48 600 700 800",
};

/** What of a guest reception must never read, as the values Marta's answers would show. */
const PERSONAL = {
  dateOfBirth: MARTA.dateOfBirth,
  citizenship: MARTA.citizenship,
  cityOfBirth: MARTA.cityOfBirth,
  cityOfResidence: MARTA.cityOfResidence,
  residenceAddress: MARTA.residenceAddress,
  documentNumber: MARTA.documentNumber,
  email: MARTA.email,
  telephone: MARTA.telephone,
};
/** Fields of a guest beyond names, counts and the check-in state. */
const GUEST_FIELDS = [
  "gender",
  "dateOfBirth",
  "citizenship",
  "countryOfBirth",
  "cityOfBirth",
  "countryOfResidence",
  "cityOfResidence",
  "residenceAddress",
  "documentType",
  "documentNumber",
  "email",
  "telephone",
  "borderCrossing",
  "passageDate",
  "taxCategory",
];
/** Ana's second unit imports this calendar (world.ts). */
const CALENDAR = "/ical/ana.ics";

/** Every object under a `guests` array, and every unit, anywhere in an answer. */
function collect(value: unknown, guests: Record<string, unknown>[], units: object[], key = "") {
  if (Array.isArray(value)) {
    for (const item of value) {
      if (key === "guests" && item && typeof item === "object") guests.push(item);
      if (key === "accommodationUnits") units.push(item);
      collect(item, guests, units);
    }
  } else if (value && typeof value === "object") {
    if (key === "accommodationUnit" || "checkInUrl" in value) units.push(value);
    for (const [k, v] of Object.entries(value)) collect(v, guests, units, k);
  }
}

/** The answers that show stays, guests and units, as `token` reads them. */
async function reads(app: TestApp, ana: HostData, token: string, marta: string) {
  const code = ana.reservationCode;
  const answers: [string, Response][] = [
    [`GET /Reservations/${code}`, await getWith(app, `/api/Reservations/${code}`, token)],
    [
      "GET /Reservations",
      await getWith(app, "/api/Reservations?PageNumber=1&PageSize=50&IncludeBlocks=true", token),
    ],
    [
      "GET /Reservations?PropertyId",
      await getWith(
        app,
        `/api/Reservations?PageNumber=1&PageSize=50&PropertyId=${ana.propertyId}`,
        token,
      ),
    ],
    [
      `PUT /Reservations/${code}`,
      await app.request(`/api/Reservations/${code}`, {
        method: "PUT",
        headers: { ...bearer(token), "Content-Type": "application/json" },
        body: JSON.stringify({
          accommodationUnitId: ana.unitId,
          startDateUTC: "2026-11-20T12:00:00.000Z",
          endDateUTC: "2026-11-23T12:00:00.000Z",
        }),
      }),
    ],
    [
      "POST /Guests/checkin (the guest fixed)",
      await postWith(app, "/api/Guests/checkin", [{
        id: marta,
        reservationCode: ana.reservationCode,
        guest: MARTA,
      }], token),
    ],
    ["GET /Properties", await getWith(app, "/api/Properties?PageNumber=1&PageSize=10", token)],
  ];
  const properties = await answers.at(-1)![1].clone().json();
  const units = properties.items[0].accommodationUnits as { code: string }[];
  for (const unit of units) {
    answers.push([
      `GET /AccommodationUnits/${unit.code}`,
      await getWith(app, `/api/AccommodationUnits/${unit.code}`, token),
    ]);
  }
  const out: { what: string; text: string; guests: Record<string, unknown>[]; units: object[] }[] =
    [];
  for (const [what, res] of answers) {
    const text = await res.text();
    assert.equal(res.status, 200, `${what}: ${text.slice(0, 300)}`);
    const guests: Record<string, unknown>[] = [];
    const found: object[] = [];
    collect(JSON.parse(text), guests, found);
    // The check-in answer is the guests themselves.
    if (what.startsWith("POST /Guests/checkin")) guests.push(...JSON.parse(text));
    out.push({ what, text, guests, units: found });
  }
  return out;
}

let template: WorldTemplate | undefined;
const world = async () => template ??= await createWorldTemplate();

/** Ana's stay with Marta checked in by Ana, every field filled; Marta's id. */
async function withMarta(app: TestApp, ana: HostData) {
  const res = await postWith(app, "/api/Guests/checkin", [{
    reservationCode: ana.reservationCode,
    guest: MARTA,
  }], ana.token);
  assert.equal(res.status, 200, await res.clone().text());
  return ((await res.json()) as { id: string }[])[0].id;
}

Deno.test({
  name: "N5: reception reads names and check-in state of the guests, no personal data",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const tpl = await world();
    await tpl.withCopy(async ({ app }) => {
      const { ana, members } = tpl.world;
      const marta = await withMarta(app, ana);
      for (
        const { what, text, guests, units } of await reads(app, ana, members.Reception.token, marta)
      ) {
        for (const [field, value] of Object.entries(PERSONAL)) {
          assert.ok(!text.includes(value), `${what}: reception reads the guest's ${field}`);
        }
        assert.ok(!text.includes(CALENDAR), `${what}: reception reads the calendar link`);
        for (const guest of guests) {
          const shown = GUEST_FIELDS.filter((field) => field in guest);
          assert.deepEqual(shown, [], `${what}: guest fields beyond names and state`);
          assert.equal(typeof guest.name, "string", `${what}: the name is shown`);
          assert.equal(typeof guest.status, "string", `${what}: the check-in state is shown`);
        }
        for (const unit of units) {
          assert.ok(!("externalCalendarLink" in unit), `${what}: a unit's calendar link`);
        }
        if (what.startsWith("GET /Reservations/")) {
          const names = guests.map((g) => g.surname);
          assert.ok(names.includes(MARTA.surname), `${what}: Marta is listed by name`);
        }
      }
      // The one guest read that is all personal data stays refused.
      const details = await getWith(
        app,
        `/api/Guests/details?ExternalId=${ana.guestExternalId}`,
        members.Reception.token,
      );
      assert.equal(details.status, 403);
    });
  },
});

Deno.test({
  name: "N5: the owner still reads the guests' personal data and the calendar link",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const tpl = await world();
    await tpl.withCopy(async ({ app }) => {
      const { ana } = tpl.world;
      const marta = await withMarta(app, ana);
      const answers = await reads(app, ana, ana.token, marta);
      for (const { what, text } of answers) {
        if (what.startsWith("GET /Properties") || what.startsWith("GET /AccommodationUnits")) {
          continue;
        }
        for (const [field, value] of Object.entries(PERSONAL)) {
          assert.ok(text.includes(value), `${what}: the owner reads the guest's ${field}`);
        }
      }
      const properties = answers.find((a) => a.what === "GET /Properties")!;
      assert.ok(properties.text.includes(CALENDAR), "the owner's units show the calendar link");
      assert.ok(
        answers.some((a) =>
          a.what.startsWith("GET /AccommodationUnits") && a.text.includes(CALENDAR)
        ),
        "the unit read shows it too",
      );
    });
  },
});

Deno.test({
  name: "N5: (world template cleanup)",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    await template?.dispose();
  },
});
