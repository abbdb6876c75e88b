/**
 * Bulk import of stays (issue 22): 5,000 rows previewed (dry run) and applied through the API's
 * own route, on a real libSQL file, as CSV and as XLSX. The host has 50 units with 1,000 stays
 * already saved, so every row is checked against saved stays as well as the file's other rows.
 *
 *   deno run -A bench/reservation-import.ts [--rows 5000] [--runs 3]
 *
 * Prints, per run, the milliseconds of each request as the client sees it (upload, reading,
 * checking, answering; for the apply also the inserts in one transaction). Target: under 5 s
 * each.
 */
import { parseArgs } from "node:util";
import { eq, inArray } from "drizzle-orm";
import writeXlsxFile from "write-excel-file/universal";
import { addDays } from "@shared/local-date.ts";
import { IMPORT_COLUMNS, IMPORT_HEADERS } from "@shared/reservation-import.ts";
import { subscriptions } from "@core/db/schema/billing.ts";
import { reservations } from "@core/db/schema/reservations.ts";
import { setLogLevel } from "@core/platform/logger.ts";
import { bearer, createHost, getWith, postWith, signIn } from "../tests/support/accounts.ts";
import { withTestApp } from "../tests/support/app.ts";
import { demoFacility, seedMirroredAccount } from "../tests/support/properties.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { rows: { type: "string", default: "5000" }, runs: { type: "string", default: "3" } },
});
const ROWS = Number(values.rows);
const RUNS = Number(values.runs);
setLogLevel("error");

const facility = demoFacility("fac-bench", "0099001");
facility.units[0].numberOfEquivalentUnits = 49;

await withTestApp(async ({ app, db }) => {
  const email = "bench.import@example.com";
  const userId = await createHost(app, db, { email });
  await seedMirroredAccount(db, userId, [facility]);
  await db.update(subscriptions).set({ packageId: "premium", isTrial: false })
    .where(eq(subscriptions.userId, userId));
  const token = (await signIn(app, email)).accessToken;
  const properties = await (await getWith(app, "/api/Properties?PageNumber=1&PageSize=5", token))
    .json();
  const units = properties.items[0].accommodationUnits as { id: string; name: string }[];
  console.log(`units: ${units.length}`);

  // 20 saved stays per unit, in the first weeks the file also covers.
  for (const [u, unit] of units.entries()) {
    for (let i = 0; i < 20; i++) {
      const start = addDays("2027-01-01", i * 7 + (u % 3));
      const res = await postWith(app, "/api/Reservations", {
        accommodationUnitId: unit.id,
        startDateUTC: `${start}T12:00:00Z`,
        endDateUTC: `${addDays(start, 2)}T10:00:00Z`,
      }, token);
      if (res.status !== 200) throw new Error(await res.text());
    }
  }

  // Each unit gets ROWS / units stays of 3 nights, back to back from 2027-01-01: the early ones
  // meet the saved stays (conflicts), the rest are added.
  const header = "Jedinica;Dolazak;Odlazak;Broj gostiju;Nositelj rezervacije;Napomena";
  const table: string[][] = [];
  for (let r = 0; r < ROWS; r++) {
    const unit = units[r % units.length];
    const slot = Math.floor(r / units.length);
    const start = addDays("2027-01-01", slot * 3);
    table.push([unit.name, start, addDays(start, 3), "2", `Gost ${r}`, "Uvoz"]);
  }
  const csv = [header, ...table.map((row) => row.join(";"))].join("\r\n");
  const xlsx = await (await (await writeXlsxFile([
    header.split(";").map((value) => ({ value })),
    ...table.map((row) => row.map((value) => ({ value }))),
  ])).toBlob()).arrayBuffer();
  console.log(`file: ${ROWS} rows, CSV ${csv.length} bytes, XLSX ${xlsx.byteLength} bytes`);

  const send = async (file: BlobPart, name: string, fields: Record<string, string>) => {
    const form = new FormData();
    form.set("file", new File([file], name));
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    const started = performance.now();
    const res = await app.request("/api/Reservations/import", {
      method: "POST",
      body: form,
      headers: bearer(token),
    });
    const body = await res.json();
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(JSON.stringify(body));
    return { ms, body };
  };

  for (let run = 1; run <= RUNS; run++) {
    const csvPreview = await send(csv, "stays.csv", { dryRun: "true" });
    const xlsxPreview = await send(xlsx, "stays.xlsx", { dryRun: "true" });
    const applied = await send(xlsx, "stays.xlsx", { planId: xlsxPreview.body.planId });
    const { counts } = applied.body;
    console.log(
      `run ${run}: preview CSV ${csvPreview.ms.toFixed(0)} ms, preview XLSX ` +
        `${xlsxPreview.ms.toFixed(0)} ms, apply XLSX ${applied.ms.toFixed(0)} ms ` +
        `(add ${counts.add}, conflict ${counts.conflict})`,
    );
    // Back to the saved stays only, for the next run.
    const codes = applied.body.rows.filter((r: { code: string | null }) => r.code)
      .map((r: { code: string }) => r.code);
    for (let i = 0; i < codes.length; i += 500) {
      await db.delete(reservations).where(inArray(reservations.code, codes.slice(i, i + 500)));
    }
  }

  // Without the saved stays every row is added: 5,000 inserts in the one transaction.
  await db.delete(reservations).where(eq(reservations.userId, userId));
  const preview = await send(csv, "stays.csv", { dryRun: "true" });
  const applied = await send(csv, "stays.csv", { planId: preview.body.planId });
  console.log(
    `no saved stays: preview CSV ${preview.ms.toFixed(0)} ms, apply CSV ` +
      `${applied.ms.toFixed(0)} ms (add ${applied.body.counts.add})`,
  );

  // With guests: half the rows are stays with their first guest, the other half a second guest
  // each (5,000 rows, 5,000 guests sealed and queued like guests the host enters).
  await db.delete(reservations).where(eq(reservations.userId, userId));
  const guestCells = (r: number, g: number) => [
    `Ime${r}`,
    `Prezime${g}`,
    g === 0 ? "Ž" : "M",
    "1985-03-02",
    "DEU",
    "DE",
    "München",
    "Njemačka",
    "Berlin",
    "Putovnica",
    `P${r}X${g}`,
  ];
  const withGuests: string[] = [IMPORT_COLUMNS.map((c) => IMPORT_HEADERS.hr[c]).join(";")];
  for (let r = 0; r < ROWS / 2; r++) {
    const unit = units[r % units.length];
    const start = addDays("2027-06-01", Math.floor(r / units.length) * 3);
    withGuests.push(
      [unit.name, start, addDays(start, 3), "2", `Gost ${r}`, "", ...guestCells(r, 0)].join(";"),
    );
    withGuests.push([...Array(6).fill(""), ...guestCells(r, 1)].join(";"));
  }
  const guestCsv = withGuests.join("\r\n");
  const guestPreview = await send(guestCsv, "stays.csv", { dryRun: "true" });
  const guestApplied = await send(guestCsv, "stays.csv", { planId: guestPreview.body.planId });
  console.log(
    `with guests (${ROWS} rows, CSV ${guestCsv.length} bytes): preview CSV ` +
      `${guestPreview.ms.toFixed(0)} ms, apply CSV ${guestApplied.ms.toFixed(0)} ms ` +
      `(add ${guestApplied.body.counts.add}, guests ${guestApplied.body.counts.guests})`,
  );
});
