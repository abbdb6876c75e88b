/**
 * Recovery point and recovery time of the database backups (issue 34, item 6), on a libSQL file
 * of realistic size seeded as the statistics benchmark's (bench/seed-statistics.ts: one host, 50
 * units, 20,000 stays and their guests by default; raise --reservations for a larger file).
 *
 * For each run it times:
 * - the backup (take-backup.ts): the online copy (VACUUM INTO), encryption and retention, with a
 *   separate process writing to the same file all along (one small transaction after another),
 *   whose slowest write during the backup says whether the product was held up;
 * - the table-by-table copy used for a libSQL server (snapshot.ts), here on the file (a server
 *   adds a network round trip per page of 500 rows);
 * - the restore (restore-backup.ts): decryption, SQLite's integrity check and re-queueing of the
 *   work in flight, i.e. the database part of the recovery time.
 *
 *   deno run -A bench/backup.ts [--reservations 20000] [--units 50] [--runs 3]
 */
import { parseArgs } from "node:util";
import { createClient } from "@libsql/client";
import { createDatabase } from "@core/db/client.ts";
import { parseBackupKey } from "@core/db/backup/backup-cipher.ts";
import { requeueInFlight } from "@core/db/backup/requeue-in-flight.ts";
import { restoreBackup } from "@core/db/backup/restore-backup.ts";
import { copyTableByTable } from "@core/db/backup/snapshot.ts";
import { takeBackup } from "@core/db/backup/take-backup.ts";
import { seedStatistics } from "./seed-statistics.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    reservations: { type: "string", default: "20000" },
    units: { type: "string", default: "50" },
    runs: { type: "string", default: "3" },
  },
});

const ROOT = new URL("../", import.meta.url).pathname;
const DENO = `${ROOT}node_modules/.bin/deno`;
const KEY = parseBackupKey(
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32)))),
);

const dir = await Deno.makeTempDir({ prefix: "bench-backup-" });
const dbPath = `${dir}/app.db`;
const seeded = await seedStatistics(dbPath, {
  units: Number(values.units),
  reservations: Number(values.reservations),
});
const sizeMb = (path: string) => Deno.statSync(path).size / 1e6;
console.log(JSON.stringify({
  seeded: { ...seeded, mb: Number(sizeMb(dbPath).toFixed(1)) },
}));

/**
 * A second process writing to the database while the backup runs, as the API would: one outbox
 * row per transaction, as fast as it can; prints each write's latency when stdin closes.
 */
const WRITER = `
import { createDatabase } from "@core/db/client.ts";
import { appendEvent } from "@core/outbox/append-event.ts";
import { GuestCheckInRequested } from "@shared/events.ts";
const { db } = createDatabase({ url: "file:${dbPath}" });
let stop = false;
(async () => { for await (const _ of Deno.stdin.readable) {} stop = true; })();
const latencies = [];
while (!stop) {
  const t = performance.now();
  await appendEvent(db, GuestCheckInRequested, { guestId: "bench" }, new Date());
  latencies.push(performance.now() - t);
  await new Promise((r) => setTimeout(r, 2));
}
console.log(JSON.stringify(latencies));
`;

async function withWriter<T>(work: () => Promise<T>): Promise<{ result: T; writes: number[] }> {
  const writer = new Deno.Command(DENO, {
    args: ["eval", "--config", `${ROOT}deno.json`, WRITER],
    cwd: ROOT,
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  // Let it start writing first, so the backup meets writes from its first moment.
  await new Promise((r) => setTimeout(r, 1500));
  const result = await work();
  await writer.stdin.close();
  const out = await writer.output();
  return { result, writes: JSON.parse(new TextDecoder().decode(out.stdout)) };
}

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const ms = (x: number) => Math.round(x);

for (let run = 1; run <= Number(values.runs); run++) {
  const backupDir = `${dir}/backups-${run}`;
  const { result: taken, writes } = await withWriter(() =>
    takeBackup({ url: `file:${dbPath}` }, {
      dir: backupDir,
      key: KEY,
      retention: { last: 24, daily: 7, weekly: 8 },
    }, new Date())
  );

  const copyStarted = performance.now();
  const source = createClient({ url: `file:${dbPath}`, intMode: "bigint" });
  await copyTableByTable(source, `${dir}/copy-${run}.db`);
  source.close();
  const copyMs = performance.now() - copyStarted;

  const restoreStarted = performance.now();
  const target = `${dir}/restored-${run}.db`;
  await restoreBackup(`${backupDir}/${taken.name}`, KEY, target);
  const { db, client } = createDatabase({ url: `file:${target}` });
  const requeued = await requeueInFlight(db, new Date());
  client.close();
  const restoreMs = performance.now() - restoreStarted;

  console.log(JSON.stringify({
    run,
    databaseMb: Number(sizeMb(dbPath).toFixed(1)),
    backupMb: Number((taken.bytes / 1e6).toFixed(1)),
    backupMs: ms(taken.ms),
    snapshotMs: ms(taken.snapshotMs),
    writesDuringBackup: writes.length,
    writeP50Ms: ms(quantile(writes, 0.5)),
    writeP99Ms: ms(quantile(writes, 0.99)),
    writeMaxMs: ms(Math.max(...writes)),
    tableByTableMs: ms(copyMs),
    restoreMs: ms(restoreMs),
    requeued: Object.values(requeued).reduce((a, b) => a + b, 0),
  }));
  for (const path of [target, `${dir}/copy-${run}.db`]) await Deno.remove(path).catch(() => {});
  await Deno.remove(backupDir, { recursive: true });
}

await Deno.remove(dir, { recursive: true });
