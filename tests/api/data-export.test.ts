import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { Gender } from "@shared/enums.ts";
import { DATA_EXPORT_COLUMNS, type DataExport } from "@shared/schemas/data-export.ts";
import { accountEvents } from "@core/db/schema/account-events.ts";
import { subscriptions } from "@core/db/schema/billing.ts";
import { users } from "@core/db/schema/users.ts";
import { createHost, getWith, postWith, signIn } from "../support/accounts.ts";
import { postJson, withTestApp } from "../support/app.ts";
import { BIRGITTE } from "../support/guests.ts";
import { demoFacility, seedMirroredAccount } from "../support/properties.ts";

/** 10 August 2026, 09:00 in Zagreb. */
const NOW = new Date("2026-08-10T07:00:00Z");

type Ctx = Parameters<Parameters<typeof withTestApp>[0]>[0];

const ANA_GUEST = {
  ...BIRGITTE,
  firstName: "Ingrid",
  surname: 'Holm, "Ingi"',
  documentNumber: "AB123456",
  telephone: "+45 20 12 34 56",
};
const BRUNO_GUEST = {
  ...BIRGITTE,
  firstName: "Torvald",
  surname: "Brunsgaard",
  gender: Gender.Male,
  documentNumber: "ZZ998877",
};

/** A host with a mirrored eVisitor account, one stay and one guest checked in on the public call. */
async function hostWithGuest(ctx: Ctx, email: string, facility: string, guest: object) {
  const userId = await createHost(ctx.app, ctx.db, { email });
  await seedMirroredAccount(ctx.db, userId, [demoFacility(`fac-${facility}`, facility)]);
  const token = (await signIn(ctx.app, email)).accessToken;
  const [property] =
    (await (await getWith(ctx.app, "/api/Properties?PageNumber=1&PageSize=5", token)).json())
      .items;
  const stay = await postWith(ctx.app, "/api/Reservations", {
    accommodationUnitId: property.accommodationUnits[0].id,
    startDateUTC: "2026-08-10T12:00:00Z",
    endDateUTC: "2026-08-14T12:00:00Z",
  }, token);
  assert.equal(stay.status, 200, await stay.clone().text());
  const { code } = await stay.json();
  const checkIn = await ctx.app.request(
    postJson("/api/Reservations/Guests", { reservationCode: code, reservationGuests: [guest] }),
  );
  assert.equal(checkIn.status, 200, await checkIn.clone().text());
  return { userId, token, code: code as string, propertyId: property.id as string };
}

const exportOf = (ctx: Ctx, token: string, query = "") =>
  getWith(ctx.app, `/api/DataExport${query}`, token);

/** A minimal RFC 4180 reader for the assertions (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (field += '"', i++);
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") (row.push(field), field = "");
    else if (ch === "\r" && text[i + 1] === "\n") {
      (row.push(field), rows.push(row), row = [], field = "", i++);
    } else field += ch;
  }
  return rows;
}

Deno.test("GET /api/DataExport gives a host everything of theirs as JSON, and nothing of another host's", () =>
  withTestApp(async (ctx) => {
    const ana = await hostWithGuest(ctx, "ana@example.com", "0000001", ANA_GUEST);
    const bruno = await hostWithGuest(ctx, "bruno@example.com", "0000002", BRUNO_GUEST);

    const res = await exportOf(ctx, ana.token);
    assert.equal(res.status, 200);
    assert.match(res.headers.get("Content-Type") ?? "", /^application\/json/);
    assert.equal(
      res.headers.get("Content-Disposition"),
      'attachment; filename="prijavko-podaci-2026-08-10.json"',
    );
    assert.equal(res.headers.get("Cache-Control"), "private, no-store");
    const text = await res.text();
    const data: DataExport = JSON.parse(text);

    assert.equal(data.formatVersion, 1);
    assert.equal(data.exportedAt, NOW.toISOString());
    assert.equal(data.account.email, "ana@example.com");
    assert.equal(data.account.fullName, null, "the profile is exported, empty until filled in");
    assert.equal(data.account.inVatSystem, false);
    assert.equal(data.subscription?.packageId, "pro");
    assert.equal(data.subscription?.isTrial, true);
    assert.equal(data.externalAccounts.length, 1);
    assert.equal(data.properties.length, 1);
    assert.equal(data.properties[0].id, ana.propertyId);
    assert.equal(data.accommodationUnits.length, 4, "three apartments and a room");
    assert.deepEqual(data.reservations.map((r) => r.code), [ana.code]);
    assert.equal(data.guests.length, 1);
    const [guest] = data.guests;
    assert.equal(guest.name, "Ingrid");
    assert.equal(guest.surname, 'Holm, "Ingi"');
    assert.equal(guest.documentNumber, "AB123456", "the host's own guests' documents, opened");
    assert.equal(guest.dateOfBirth, "1961-10-25");
    assert.equal(guest.reservationCode, ana.code);
    assert.equal(guest.anonymisedAt, null);
    assert.deepEqual(Object.keys(guest), [...DATA_EXPORT_COLUMNS.guests]);

    // Nobody else's data, and nothing secret of one's own.
    for (const foreign of ["bruno@example.com", "Torvald", "Brunsgaard", "ZZ998877", bruno.code]) {
      assert.ok(!text.includes(foreign), `${foreign} is not in Ana's export`);
    }
    const [row] = await ctx.db.select().from(users).where(eq(users.id, ana.userId));
    for (const secret of [row.passwordHash, "v1:", "passwordSealed", "calendarExportToken"]) {
      assert.ok(!text.includes(secret), `${secret} is not exported`);
    }

    // Bruno's own export holds his guest and not Ana's.
    const brunos = await (await exportOf(ctx, bruno.token)).json() as DataExport;
    assert.deepEqual(brunos.guests.map((g) => g.surname), ["Brunsgaard"]);
    assert.ok(!JSON.stringify(brunos).includes("AB123456"));

    // Each export is in its host's history, without a document number or a guest's name.
    const history = JSON.stringify(await ctx.db.select().from(accountEvents));
    assert.equal(history.match(/DataExported/g)?.length, 2);
    for (const personal of ["AB123456", "ZZ998877", "Brunsgaard", ANA_GUEST.firstName]) {
      assert.ok(!history.includes(personal), `${personal} is not in the history`);
    }
  }, { now: NOW }));

Deno.test("GET /api/DataExport?format=csv&entity=… answers one RFC 4180 file per list", () =>
  withTestApp(async (ctx) => {
    const ana = await hostWithGuest(ctx, "ana@example.com", "0000001", ANA_GUEST);
    await hostWithGuest(ctx, "bruno@example.com", "0000002", BRUNO_GUEST);

    const res = await exportOf(ctx, ana.token, "?format=csv&entity=guests");
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("Content-Type"), "text/csv; charset=utf-8");
    assert.equal(
      res.headers.get("Content-Disposition"),
      'attachment; filename="prijavko-guests-2026-08-10.csv"',
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], "UTF-8 byte-order mark");
    const text = new TextDecoder().decode(bytes.slice(3));
    assert.ok(text.endsWith("\r\n"));
    const rows = parseCsv(text);
    assert.deepEqual(rows[0], [...DATA_EXPORT_COLUMNS.guests]);
    assert.equal(rows.length, 2, "the header and Ana's one guest");
    const record = Object.fromEntries(rows[0].map((column, i) => [column, rows[1][i]]));
    assert.equal(record.surname, 'Holm, "Ingi"', "quoted, quotes doubled");
    assert.equal(record.documentNumber, "AB123456");
    assert.equal(
      record.telephone,
      "+45 20 12 34 56",
      "a telephone number is not taken for a formula",
    );
    assert.equal(record.cityOfBirth, "Køge");
    assert.equal(record.middleName, "", "null is an empty field");
    assert.equal(record.reservationCode, ana.code);

    const stays = parseCsv(
      await (await exportOf(ctx, ana.token, "?format=csv&entity=reservations")).text(),
    );
    assert.equal(stays.length, 2);
    assert.equal(stays[1][1], ana.code);

    const missing = await exportOf(ctx, ana.token, "?format=csv");
    assert.equal(missing.status, 400);
    assert.ok((await missing.json()).errors.entity, "CSV needs a list");
    assert.equal((await exportOf(ctx, ana.token, "?format=xml")).status, 400);
    assert.equal((await exportOf(ctx, ana.token, "?format=csv&entity=users")).status, 400);
  }, { now: NOW }));

Deno.test("GET /api/DataExport is refused on a plan without data export and without a sign-in", () =>
  withTestApp(async (ctx) => {
    const ana = await hostWithGuest(ctx, "ana@example.com", "0000001", ANA_GUEST);
    assert.equal((await ctx.app.request("/api/DataExport")).status, 401);

    await ctx.db.update(subscriptions).set({ packageId: "basic", isTrial: false })
      .where(eq(subscriptions.userId, ana.userId));
    const basic = await exportOf(ctx, ana.token);
    assert.equal(basic.status, 403);
    const problem = await basic.json();
    assert.equal(problem.code, "SubscriptionLimitReached");
    assert.equal(problem.detail, "Your plan does not include data export; Pro and Premium do.");
    assert.equal(
      (await exportOf(ctx, ana.token, "?format=csv&entity=guests")).status,
      403,
      "CSV too",
    );

    // Premium exports; so does a Pro plan that has ended (reading one's data outlives the plan).
    await ctx.db.update(subscriptions).set({ packageId: "premium" })
      .where(eq(subscriptions.userId, ana.userId));
    assert.equal((await exportOf(ctx, ana.token)).status, 200);
    await ctx.db.update(subscriptions)
      .set({ packageId: "pro", status: 1, endAt: new Date("2026-08-01T00:00:00Z") })
      .where(eq(subscriptions.userId, ana.userId));
    assert.equal((await exportOf(ctx, ana.token)).status, 200);

    await ctx.db.delete(subscriptions).where(eq(subscriptions.userId, ana.userId));
    const none = await exportOf(ctx, ana.token);
    assert.equal(none.status, 403);
    assert.equal((await none.json()).code, "SubscriptionNotFound");
  }, { now: NOW }));

Deno.test("GET /api/DataExport is in the OpenAPI document with both answers", () =>
  withTestApp(async (ctx) => {
    const doc = await (await ctx.app.request("/api/openapi.json")).json();
    const op = doc.paths["/api/DataExport"]?.get;
    assert.ok(op, "documented");
    assert.deepEqual(Object.keys(op.responses["200"].content).sort(), [
      "application/json",
      "text/csv",
    ]);
    assert.deepEqual(op.parameters.map((p: { name: string }) => p.name).sort(), [
      "entity",
      "format",
    ]);
    assert.ok(doc.components.schemas.DataExport);
  }));
