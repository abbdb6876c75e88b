import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import writeXlsxFile from "write-excel-file/universal";
import { readSheet } from "read-excel-file/universal";
import type { ReservationImportResult } from "@shared/schemas/reservation-import.ts";
import { subscriptionPackages, subscriptions } from "@core/db/schema/billing.ts";
import { reservations } from "@core/db/schema/reservations.ts";
import { guests } from "@core/db/schema/guests.ts";
import { outbox } from "@core/db/schema/outbox.ts";
import { GuestCheckInRequested } from "@shared/events.ts";
import { IMPORT_COLUMNS, IMPORT_HEADERS, IMPORT_UNREADABLE } from "@shared/reservation-import.ts";
import { MESSAGES, messageText } from "@shared/messages.ts";
import { bearer, createHost, getWith, postWith, signIn } from "../support/accounts.ts";
import { withTestApp } from "../support/app.ts";
import { demoFacility, seedMirroredAccount } from "../support/properties.ts";

/** 10 August 2026, 09:00 in Zagreb. */
const NOW = new Date("2026-08-10T07:00:00Z");
const HEADER = "Jedinica;Dolazak;Odlazak;Broj gostiju;Nositelj rezervacije;Napomena";

type Ctx = Parameters<Parameters<typeof withTestApp>[0]>[0];

/** A host on `plan` with a mirrored facility; their units by name and code. */
async function host(ctx: Ctx, email: string, facility: string, plan = "premium") {
  const userId = await createHost(ctx.app, ctx.db, { email });
  await seedMirroredAccount(ctx.db, userId, [demoFacility(`fac-${facility}`, facility)]);
  await ctx.db.update(subscriptions).set({ packageId: plan, isTrial: false })
    .where(eq(subscriptions.userId, userId));
  const token = (await signIn(ctx.app, email)).accessToken;
  const [property] =
    (await (await getWith(ctx.app, "/api/Properties?PageNumber=1&PageSize=5", token)).json())
      .items;
  const units = property.accommodationUnits as { id: string; code: string; name: string }[];
  return { userId, token, units };
}

function upload(
  ctx: Ctx,
  token: string | undefined,
  file: BlobPart,
  fields: Record<string, string> = {},
  name = "stays.csv",
) {
  const form = new FormData();
  form.set("file", new File([file], name));
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return ctx.app.request("/api/Reservations/import", {
    method: "POST",
    body: form,
    headers: token ? bearer(token) : {},
  });
}

async function importOk(
  ctx: Ctx,
  token: string,
  file: BlobPart,
  fields: Record<string, string>,
  name?: string,
): Promise<ReservationImportResult> {
  const res = await upload(ctx, token, file, fields, name);
  assert.equal(res.status, 200, await res.clone().text());
  return await res.json();
}

const staysOf = (ctx: Ctx, userId: string) =>
  ctx.db.select().from(reservations).where(eq(reservations.userId, userId));

/** Rows 2–9: two adds, a saved stay's conflict, three invalid, a duplicate, an in-file clash. */
function sampleCsv(units: { code: string; name: string }[]) {
  const [a, b, c] = units;
  return [
    HEADER,
    `${a.name};2026-09-01;2026-09-05;2;Ana Horvat;Kasni dolazak`,
    `${b.code};14.9.2026.;18.9.2026.;3;"Marko; Ivić";`,
    `${c.name};2026-08-20;2026-08-23;1;Petra Kos;`,
    `Nepostojeća;2026-09-01;2026-09-02;2;Iva;`,
    `${a.name};2026-13-01;2026-09-02;x;;`,
    `${a.name};2026-10-05;2026-10-05;0;Luka;`,
    `${a.name};2026-09-01;2026-09-05;2;Ana Horvat;`,
    `${a.name};2026-09-04;2026-09-07;2;Tena;`,
  ].join("\r\n");
}

Deno.test("POST /api/Reservations/import: a departure before the arrival says so, not 'one day'", () =>
  withTestApp(async (ctx) => {
    const ana = await host(ctx, "ana@example.com", "0000001");
    const csv = [HEADER, `${ana.units[0].name};2026-09-05;2026-09-01;2;Ana Horvat;`].join("\r\n");
    const result = await importOk(ctx, ana.token, csv, { dryRun: "true" });
    const { departure } = result.rows[0].errors ?? {};
    assert.equal(departure?.length, 1);
    assert.match(departure[0], /^Departure is before arrival: /);
  }, { now: NOW }));

Deno.test("POST /api/Reservations/import: a dry run answers each row and writes nothing", () =>
  withTestApp(async (ctx) => {
    const ana = await host(ctx, "ana@example.com", "0000001");
    const saved = await postWith(ctx.app, "/api/Reservations", {
      accommodationUnitId: ana.units[2].id,
      startDateUTC: "2026-08-21T12:00:00Z",
      endDateUTC: "2026-08-25T08:00:00Z",
    }, ana.token);
    assert.equal(saved.status, 200);

    const result = await importOk(ctx, ana.token, sampleCsv(ana.units), { dryRun: "true" });
    assert.equal(result.dryRun, true);
    assert.deepEqual(result.counts, {
      add: 2,
      guests: 0,
      conflict: 2,
      invalid: 3,
      duplicate: 1,
    });
    const byRow = new Map(result.rows.map((r) => [r.row, r]));
    assert.deepEqual(result.rows.map((r) => [r.row, r.outcome]), [
      [2, "add"],
      [3, "add"],
      [4, "conflict"],
      [5, "invalid"],
      [6, "invalid"],
      [7, "invalid"],
      [8, "duplicate"],
      [9, "conflict"],
    ]);
    assert.equal(byRow.get(3)!.leadGuest, "Marko; Ivić", "a quoted separator is text");
    assert.equal(byRow.get(3)!.unitName, ana.units[1].name, "found by code");
    assert.equal(byRow.get(3)!.arrival, "2026-09-14", "Croatian dates read");
    assert.equal(byRow.get(4)!.conflictRow, null, "a saved stay");
    assert.deepEqual(byRow.get(5)!.errors, { unit: ["None of your units has this name or code"] });
    assert.deepEqual(byRow.get(6)!.errors, {
      arrival: ["Please enter a valid date"],
      guests: ["Please enter a valid number"],
      leadGuest: ["Lead guest is required"],
    });
    assert.deepEqual(byRow.get(7)!.errors, {
      departure: ["Please select at least one day"],
      guests: ["The value must be at least 1"],
    });
    assert.equal(byRow.get(8)!.duplicateOfRow, 2);
    assert.equal(byRow.get(9)!.conflictRow, 2, "nights an earlier row takes");
    assert.equal((await staysOf(ctx, ana.userId)).length, 1, "nothing written");

    // The dry run may also be asked in the query.
    const res = await ctx.app.request("/api/Reservations/import?dryRun=true", {
      method: "POST",
      body: (() => {
        const f = new FormData();
        f.set("file", new File([sampleCsv(ana.units)], "s.csv"));
        return f;
      })(),
      headers: bearer(ana.token),
    });
    assert.equal((await res.json()).dryRun, true);
    assert.equal((await staysOf(ctx, ana.userId)).length, 1);
  }, { now: NOW }));

Deno.test("POST /api/Reservations/import: applying adds exactly the dry run's adds, at once", () =>
  withTestApp(async (ctx) => {
    const ana = await host(ctx, "ana@example.com", "0000001");
    const csv = sampleCsv(ana.units);
    const preview = await importOk(ctx, ana.token, csv, { dryRun: "true" });

    // Another stay saved after the preview changes the plan: nothing at all is written.
    const other = await postWith(ctx.app, "/api/Reservations", {
      accommodationUnitId: ana.units[1].id,
      startDateUTC: "2026-09-15T12:00:00Z",
      endDateUTC: "2026-09-16T08:00:00Z",
    }, ana.token);
    assert.equal(other.status, 200);
    const stale = await upload(ctx, ana.token, csv, { planId: preview.planId });
    assert.equal(stale.status, 409);
    assert.equal((await stale.json()).code, "ImportChanged");
    assert.equal((await staysOf(ctx, ana.userId)).length, 1, "nothing of the file written");
    await ctx.db.delete(reservations).where(eq(reservations.userId, ana.userId));

    const applied = await importOk(ctx, ana.token, csv, { planId: preview.planId });
    assert.equal(applied.dryRun, false);
    assert.equal(applied.planId, preview.planId);
    assert.deepEqual(
      applied.rows.map((r) => [r.row, r.outcome]),
      preview.rows.map((r) => [r.row, r.outcome]),
    );
    const stays = await staysOf(ctx, ana.userId);
    assert.equal(stays.length, 2 + 1, "the two adds and row 4, which no saved stay blocks now");
    const first = applied.rows.find((r) => r.row === 2)!;
    const row = stays.find((s) => s.code === first.code)!;
    assert.equal(row.startDate, "2026-09-01");
    assert.equal(row.endDate, "2026-09-05");
    assert.deepEqual(
      [row.description, row.guestCount, row.leadGuestName],
      ["Kasni dolazak", 2, "Ana Horvat"],
    );
    const read = await getWith(ctx.app, `/api/Reservations/${first.code}`, ana.token);
    assert.equal((await read.json()).accommodationUnit.name, ana.units[0].name);

    // The same file again adds nothing: each of its stays is there now.
    const again = await importOk(ctx, ana.token, csv, {});
    assert.equal(again.counts.add, 0);
    assert.equal((await staysOf(ctx, ana.userId)).length, 3);
  }, { now: NOW }));

Deno.test("POST /api/Reservations/import reads XLSX like CSV, and the templates read back", () =>
  withTestApp(async (ctx) => {
    const ana = await host(ctx, "ana@example.com", "0000001");
    const table = sampleCsv(ana.units).split("\r\n").map((line) =>
      line.split(/;(?=(?:[^"]*"[^"]*")*[^"]*$)/).map((v) => v.replace(/^"|"$/g, ""))
    );
    // A real date cell, as Excel stores a date.
    const xlsx = await (await writeXlsxFile(table.map((cells, i) =>
      cells.map((value, j) =>
        i === 1 && j === 1
          ? { value: new Date("2026-09-01T00:00:00Z"), format: "dd.mm.yyyy" }
          : { value }
      )
    )).toBlob()).arrayBuffer();
    const fromXlsx = await importOk(ctx, ana.token, xlsx, { dryRun: "true" }, "stays.xlsx");
    const fromCsv = await importOk(ctx, ana.token, sampleCsv(ana.units), { dryRun: "true" });
    assert.deepEqual(fromXlsx.rows, fromCsv.rows);

    for (const [language, first] of [["hr", "Jedinica"], ["en", "Unit"]] as const) {
      const res = await getWith(
        ctx.app,
        `/api/Reservations/import/template?language=${language}`,
        ana.token,
      );
      assert.equal(res.status, 200);
      assert.match(res.headers.get("Content-Disposition")!, /attachment; filename=".+\.xlsx"/);
      const bytes = await res.arrayBuffer();
      const [header] = await readSheet(bytes.slice(0));
      assert.equal(header[0], first);
      const check = await importOk(ctx, ana.token, bytes, { dryRun: "true" }, "t.xlsx");
      assert.deepEqual(
        check.rows.map((r) => [r.kind, r.arrival, r.departure, r.guests, r.guestName]),
        [
          ["stay", "2027-07-14", "2027-07-21", 2, "Ana Horvat"],
          ["guest", null, null, null, "Max Müller"],
        ],
        "the example stay and its two guests, every guest cell read",
      );
    }
  }, { now: NOW }));

Deno.test("POST /api/Reservations/import refuses too many rows, too large and unreadable files", () =>
  withTestApp(async (ctx) => {
    const ana = await host(ctx, "ana@example.com", "0000001");
    const unit = ana.units[0].name;
    const row = (i: number) => `${unit};2027-01-01;2027-01-02;1;Gost ${i};`;
    const full = [HEADER, ...Array.from({ length: 5000 }, (_, i) => row(i))].join("\n");
    const ok = await importOk(ctx, ana.token, full, { dryRun: "true" });
    assert.equal(ok.rows.length, 5000);
    assert.equal(ok.counts.duplicate, 4999);

    const tooMany = await upload(ctx, ana.token, full + "\n" + row(5000), { dryRun: "true" });
    assert.equal(tooMany.status, 400);
    assert.equal((await tooMany.json()).code, "ImportTooManyRows");

    const big = await upload(ctx, ana.token, "x".repeat(5 * 1024 * 1024 + 1), { dryRun: "true" });
    assert.equal(big.status, 413);
    assert.equal((await big.json()).code, "ImportFileTooLarge");

    for (const bad of [new Uint8Array([0x50, 0x4b, 3, 4, 9, 9, 9]), "just,some,words\n1,2,3"]) {
      const res = await upload(ctx, ana.token, bad, { dryRun: "true" });
      assert.equal(res.status, 400);
      assert.equal((await res.json()).code, "ImportFileUnreadable");
    }
    const noFile = await ctx.app.request("/api/Reservations/import", {
      method: "POST",
      body: new FormData(),
      headers: bearer(ana.token),
    });
    assert.equal(noFile.status, 400);
    assert.equal((await staysOf(ctx, ana.userId)).length, 0);
  }, { now: NOW }));

Deno.test("POST /api/Reservations/import: only Premium, only signed in, only one's own units", () =>
  withTestApp(async (ctx) => {
    const ana = await host(ctx, "ana@example.com", "0000001");
    const bruno = await host(ctx, "bruno@example.com", "0000002", "pro");
    const brunoCsv = [HEADER, `${bruno.units[0].code};2026-09-01;2026-09-03;2;B;`].join("\n");

    const doc = await (await ctx.app.request("/api/openapi.json")).json();
    assert.ok(
      doc.paths["/api/Reservations/import"].post.requestBody.content["multipart/form-data"],
    );
    assert.equal((await upload(ctx, undefined, brunoCsv, { dryRun: "true" })).status, 401);
    const template = await ctx.app.request("/api/Reservations/import/template");
    assert.equal(template.status, 401);

    // Pro (and the trial, on Pro's limits) has no bulk import.
    const refused = await upload(ctx, bruno.token, brunoCsv, {});
    assert.equal(refused.status, 403);
    const problem = await refused.json();
    assert.equal(problem.code, "SubscriptionLimitReached");
    assert.equal(problem.detail, "Your plan does not include bulk import; Premium does.");
    assert.equal((await staysOf(ctx, bruno.userId)).length, 0);

    // Ana naming Bruno's unit by its code reads as an unknown unit; nothing lands with Bruno.
    const result = await importOk(ctx, ana.token, brunoCsv, {});
    assert.equal(result.rows[0].outcome, "invalid");
    assert.deepEqual(result.rows[0].errors, { unit: ["None of your units has this name or code"] });
    assert.equal((await staysOf(ctx, bruno.userId)).length, 0);
    assert.equal((await staysOf(ctx, ana.userId)).length, 0);
  }, { now: NOW }));

Deno.test("POST /api/Reservations/import counts rows against a plan's stays a month", () =>
  withTestApp(async (ctx) => {
    const ana = await host(ctx, "ana@example.com", "0000001");
    // A package with bulk import and a cap of 2 stays a month (plans are data).
    const [premium] = await ctx.db.select().from(subscriptionPackages)
      .where(eq(subscriptionPackages.id, "premium"));
    await ctx.db.update(subscriptionPackages)
      .set({ policy: { ...premium.policy, maxBookingsPerMonth: 2 } })
      .where(eq(subscriptionPackages.id, "premium"));
    const saved = await postWith(ctx.app, "/api/Reservations", {
      accommodationUnitId: ana.units[0].id,
      startDateUTC: "2026-09-20T12:00:00Z",
      endDateUTC: "2026-09-22T08:00:00Z",
    }, ana.token);
    assert.equal(saved.status, 200);
    const [a, b] = ana.units;
    const csv = [
      HEADER,
      `${a.name};2026-09-01;2026-09-03;2;Prva;`,
      `${b.name};2026-09-01;2026-09-03;2;Druga;`,
      `${b.name};2026-10-01;2026-10-03;2;Treća;`,
    ].join("\n");
    const result = await importOk(ctx, ana.token, csv, {});
    assert.deepEqual(result.rows.map((r) => r.outcome), ["add", "invalid", "add"]);
    assert.deepEqual(result.rows[1].errors, {
      arrival: ["Your plan includes 2 stays a month; 2026-09 is full."],
    });
    assert.equal((await staysOf(ctx, ana.userId)).length, 3);
  }, { now: NOW }));

/** A CSV line of every column: the stay's six cells, then the guest's (either may be empty). */
function line(stay: string[], guest: string[] = []) {
  const cells = [...stay, ...Array(6 - stay.length).fill(""), ...guest];
  return [...cells, ...Array(IMPORT_COLUMNS.length - cells.length).fill("")].join(";");
}
const ANA = ["Ana", "Horvat", "Ž", "1985-03-02", "HRV", "HR", "Zagreb", "Hrvatska", "Zagreb"];
const MAX = ["Max", "Müller", "M", "20.11.1983.", "DE", "Njemačka", "München", "Germany", "Berlin"];

Deno.test("POST /api/Reservations/import: stays with their guests, all or nothing per stay", () =>
  withTestApp(async (ctx) => {
    const ana = await host(ctx, "ana@example.com", "0000001");
    const [a, b, c] = ana.units;
    const csv = [
      IMPORT_COLUMNS.map((column) => IMPORT_HEADERS.hr[column]).join(";"),
      // 2: a guest with no stay above
      line([], [...MAX, "Putovnica", "C0000001"]),
      // 3–4: a stay arriving today with its two guests
      line([a.name, "2026-08-10", "2026-08-14", "2", "Ana Horvat"], [
        ...ANA,
        "Osobna iskaznica",
        "112233445",
      ]),
      line([], [...MAX, "passport", "C01X00T47"]),
      // 5–6: one guest too many
      line([b.name, "2026-09-01", "2026-09-05", "1", "Ivo"], [...MAX, "Putovnica", "C0000002"]),
      line([], [...ANA, "Osobna", "112233446"]),
      // 7–8: a guest with errors (a gender that is no gender, no document number)
      line([c.name, "2026-09-10", "2026-09-12", "2", "Petra"]),
      line([], [
        "Joe",
        "Doe",
        "X",
        "1990-01-01",
        "USA",
        "USA",
        "Boston",
        "USA",
        "Boston",
        "Putovnica",
      ]),
      // 9–10: the same document twice
      line([a.name, "2026-10-01", "2026-10-03", "2", "Tom"], [...MAX, "Putovnica", "P123"]),
      line([], [...ANA, "Putovnica", "p 123"]),
    ].join("\n");

    const preview = await importOk(ctx, ana.token, csv, { dryRun: "true" });
    assert.deepEqual(
      preview.rows.map((r) => [r.row, r.kind, r.stayRow, r.outcome]),
      [
        [2, "guest", null, "invalid"],
        [3, "stay", null, "add"],
        [4, "guest", 3, "add"],
        [5, "stay", null, "invalid"],
        [6, "guest", 5, "invalid"],
        [7, "stay", null, "invalid"],
        [8, "guest", 7, "invalid"],
        [9, "stay", null, "invalid"],
        [10, "guest", 9, "invalid"],
      ],
    );
    assert.deepEqual(preview.counts, { add: 1, guests: 2, conflict: 0, invalid: 4, duplicate: 0 });
    const byRow = new Map(preview.rows.map((r) => [r.row, r]));
    assert.deepEqual(byRow.get(2)!.errors, { unit: [MESSAGES.importGuestWithoutStay] });
    assert.equal(byRow.get(3)!.guestName, "Ana Horvat");
    assert.equal(byRow.get(4)!.guestName, "Max Müller");
    assert.deepEqual(byRow.get(5)!.errors, { guests: [MESSAGES.importTooManyGuests] });
    assert.deepEqual(byRow.get(6)!.errors, {}, "the guest itself is fine");
    assert.deepEqual(byRow.get(7)!.errors, { guestRows: [MESSAGES.importGuestRowInvalid] });
    assert.deepEqual(byRow.get(8)!.errors, {
      gender: ["Invalid type selected"],
      documentNumber: ["Document number is required"],
    });
    // Beside the English, each message's key, for the app to translate.
    assert.deepEqual(byRow.get(8)!.errorCodes, {
      gender: [{ code: "invalidType" }],
      documentNumber: [{ code: "fieldRequired", params: { field: "documentNumber" } }],
    });
    assert.deepEqual(byRow.get(10)!.errors, { documentNumber: [MESSAGES.importDocumentTwice] });

    const applied = await importOk(ctx, ana.token, csv, { planId: preview.planId });
    assert.deepEqual(applied.counts, preview.counts);
    const [stay] = await staysOf(ctx, ana.userId);
    assert.equal(stay.startDate, "2026-08-10");
    const stored = await ctx.db.select().from(guests).where(eq(guests.reservationId, stay.id));
    assert.deepEqual(
      stored.map((g) => [g.name, g.citizenship, g.countryOfBirth, g.countryOfResidence]).sort(),
      [["Ana", "HRV", "HRV", "HRV"], ["Max", "DEU", "DEU", "DEU"]],
      "countries from codes, alpha-2 codes and names in either language",
    );
    assert.deepEqual(stored.map((g) => g.registrationState), ["queued", "queued"]);
    assert.equal(stored.find((g) => g.name === "Max")!.dateOfBirth, "1983-11-20");
    const events = await ctx.db.select().from(outbox)
      .where(eq(outbox.subject, GuestCheckInRequested.subject));
    assert.deepEqual(
      events.map((e) => (e.payload as { guestId: string }).guestId).sort(),
      stored.map((g) => g.id).sort(),
      "each guest queued for eVisitor, as a guest the host enters",
    );
    // The guest's document goes in sealed, like every other.
    assert.ok(stored.every((g) => !JSON.stringify(g).includes("112233445")));
  }, { now: NOW }));

/** `text` as Windows-1250 bytes, as Croatian Excel saves "CSV (comma delimited)". */
function windows1250(text: string): Uint8Array<ArrayBuffer> {
  const decoder = new TextDecoder("windows-1250");
  const byChar = new Map<string, number>();
  for (let b = 0; b < 256; b++) byChar.set(decoder.decode(new Uint8Array([b])), b);
  return new Uint8Array([...text].map((c) => {
    const b = byChar.get(c);
    if (b === undefined) throw new Error(`${c} has no Windows-1250 byte`);
    return b;
  }));
}

Deno.test("POST /api/Reservations/import reads Croatian Excel's CSV (issue 32, item 8)", () =>
  withTestApp(async (ctx) => {
    const ana = await host(ctx, "ana@example.com", "0000001");
    const [a] = ana.units;
    const csv = [
      "Jedinica;Dolazak;Odlazak;Broj gostiju;Nositelj rezervacije;Napomena",
      `${a.name};14.9.2026.;18.9.2026.;2;Žižić Šime;Dolazak iz Čakovca, Đakovo`,
    ].join("\r\n");
    // Windows-1250, `;`: used to be refused as unreadable.
    const result = await importOk(ctx, ana.token, windows1250(csv), { dryRun: "true" });
    assert.deepEqual(result.rows.map((r) => [r.outcome, r.leadGuest]), [["add", "Žižić Šime"]]);
    // The same with commas.
    const comma = windows1250(csv.replaceAll(";", ",").replace("Čakovca, Đakovo", "Čakovca"));
    const fromComma = await importOk(ctx, ana.token, comma, { dryRun: "true" });
    assert.deepEqual(fromComma.rows.map((r) => [r.outcome, r.arrival]), [["add", "2026-09-14"]]);

    // A file that really cannot be read says why: here, the header is not the template's.
    const res = await upload(ctx, ana.token, "just,some,words\n1,2,3", { dryRun: "true" });
    assert.equal(res.status, 400);
    const problem = await res.json();
    assert.equal(problem.code, "ImportFileUnreadable");
    assert.equal(problem.detail, messageText(IMPORT_UNREADABLE.noHeader));
    assert.equal(problem.detail, MESSAGES.importUnreadableNoHeader);
    assert.deepEqual(problem.detailCode, { code: "importUnreadableNoHeader" });

    // The CSV template: UTF-8 with a BOM, `;`-separated, and it reads back.
    for (const [language, first] of [["hr", "Jedinica"], ["en", "Unit"]] as const) {
      const template = await getWith(
        ctx.app,
        `/api/Reservations/import/template?language=${language}&format=csv`,
        ana.token,
      );
      assert.equal(template.status, 200);
      assert.match(template.headers.get("Content-Type")!, /^text\/csv/);
      assert.match(template.headers.get("Content-Disposition")!, /filename=".+\.csv"/);
      const bytes = new Uint8Array(await template.arrayBuffer()) as Uint8Array<ArrayBuffer>;
      assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf]);
      assert.ok(new TextDecoder().decode(bytes).startsWith(`${first};`));
      const check = await importOk(ctx, ana.token, bytes, { dryRun: "true" }, "t.csv");
      assert.deepEqual(
        check.rows.map((r) => [r.kind, r.arrival, r.guestName]),
        [["stay", "2027-07-14", "Ana Horvat"], ["guest", null, "Max Müller"]],
      );
    }
  }, { now: NOW }));
