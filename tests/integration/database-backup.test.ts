/**
 * The database backup against a real libSQL file: the copy while the product writes, the
 * table-by-table copy used for a libSQL server (run here on a file client, the same code path as
 * over HTTP), the encrypted file, the restore into a new file, and the scheduled job's lease and
 * retention with two copies of the scheduler.
 */
import assert from "node:assert/strict";
import { createClient } from "@libsql/client";
import { GuestCheckInRequested } from "@shared/events.ts";
import { BackupDecryptionError, parseBackupKey } from "@core/db/backup/backup-cipher.ts";
import { restoreBackup } from "@core/db/backup/restore-backup.ts";
import { copyTableByTable } from "@core/db/backup/snapshot.ts";
import { takeBackup } from "@core/db/backup/take-backup.ts";
import { appendEvent } from "@core/outbox/append-event.ts";
import { databaseBackupJob } from "../../workers/scheduler/jobs/database-backup.ts";
import { createAdmin } from "../support/accounts.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";

const KEY = parseBackupKey("c7ZC3bm2S1i7ZYb0vYq3uYk1pQ9d3x0JmJq2VdZ8r2A=");

/** Every table's rows in rowid order, the schema, and the AUTOINCREMENT counters. */
async function contentsOf(url: string) {
  const client = createClient({ url, intMode: "bigint" });
  try {
    const schema = (await client.execute(
      "SELECT type, name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_autoindex%' ORDER BY name",
    )).rows.map((r) => [r.type, r.name, r.sql]);
    const tables: Record<string, unknown[]> = {};
    for (const [type, name] of schema) {
      if (type !== "table") continue;
      tables[String(name)] = (await client.execute(`SELECT * FROM "${name}" ORDER BY rowid`)).rows
        .map((r) => Object.values(r));
    }
    return { schema, tables };
  } finally {
    client.close();
  }
}

async function withData(fn: (db: TestDatabase, dir: string) => Promise<void>) {
  const db = await createTestDatabase();
  const dir = await Deno.makeTempDir({ prefix: "backup-test-" });
  try {
    await createAdmin(db.db, "vlasnica@example.com");
    for (let i = 0; i < 1200; i++) {
      await appendEvent(db.db, GuestCheckInRequested, { guestId: `g-${i}` }, new Date());
    }
    await fn(db, dir);
  } finally {
    await db.dispose();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

Deno.test("a backup restores to the same tables, rows, schema and counters", async () => {
  await withData(async (db, dir) => {
    const retention = { last: 10, daily: 0, weekly: 0 };
    const taken = await takeBackup({ url: db.url }, { dir, key: KEY, retention }, new Date());
    const file = `${dir}/${taken.name}`;
    assert.equal((await Deno.stat(file)).mode! & 0o077, 0, "readable by its owner only");
    await restoreBackup(file, KEY, `${dir}/restored.db`);
    assert.deepEqual(await contentsOf(`file:${dir}/restored.db`), await contentsOf(db.url));

    // Never over an existing file; a wrong key leaves nothing behind.
    await assert.rejects(restoreBackup(file, KEY, `${dir}/restored.db`), /exists already/);
    await assert.rejects(
      restoreBackup(file, parseBackupKey(btoa("x".repeat(32))), `${dir}/other.db`),
      BackupDecryptionError,
    );
    await assert.rejects(Deno.lstat(`${dir}/other.db.partial`), Deno.errors.NotFound);
  });
});

Deno.test("the table-by-table copy (for a libSQL server) equals the database", async () => {
  await withData(async (db, dir) => {
    const source = createClient({ url: db.url, intMode: "bigint" });
    try {
      await copyTableByTable(source, `${dir}/copy.db`);
    } finally {
      source.close();
    }
    assert.deepEqual(await contentsOf(`file:${dir}/copy.db`), await contentsOf(db.url));
  });
});

Deno.test("a backup taken while the product writes holds one consistent moment", async () => {
  await withData(async (db, dir) => {
    // Writes in pairs, each pair in one transaction: a copy of any one moment holds whole pairs.
    let writing = true;
    const writer = (async () => {
      let i = 0;
      while (writing) {
        await db.db.transaction(async (tx) => {
          await appendEvent(tx, GuestCheckInRequested, { guestId: `a-${i}` }, new Date());
          await appendEvent(tx, GuestCheckInRequested, { guestId: `b-${i}` }, new Date());
        });
        i++;
        // The embedded driver answers at once: let the backup's file work have its turn.
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    })();
    const retention = { last: 10, daily: 0, weekly: 0 };
    const taken = await takeBackup({ url: db.url }, { dir, key: KEY, retention }, new Date());
    writing = false;
    await writer;
    await restoreBackup(`${dir}/${taken.name}`, KEY, `${dir}/restored.db`);
    const client = createClient({ url: `file:${dir}/restored.db` });
    try {
      const { rows } = await client.execute(
        "SELECT sum(payload LIKE '%\"a-%') AS a, sum(payload LIKE '%\"b-%') AS b FROM outbox",
      );
      assert.equal(rows[0].a, rows[0].b, "no transaction half in the backup");
    } finally {
      client.close();
    }
  });
});

Deno.test("two schedulers take one backup per period, and retention removes the oldest", async () => {
  await withData(async (db, dir) => {
    const job = databaseBackupJob({
      source: { url: db.url },
      settings: { dir, key: KEY, retention: { last: 2, daily: 0, weekly: 0 } },
      intervalMs: 60 * 60_000,
    });
    const run = (iso: string) => {
      const now = new Date(iso);
      return job.run({ db: db.db, now, today: iso.slice(0, 10), js: () => undefined as never });
    };
    const backups = async () => {
      const names: string[] = [];
      for await (const e of Deno.readDir(dir)) names.push(e.name);
      return names.sort();
    };
    await Promise.all([run("2026-11-29T10:05:00Z"), run("2026-11-29T10:05:00Z")]);
    await run("2026-11-29T10:59:00Z");
    assert.deepEqual(await backups(), ["prijavko-20261129T100500Z.db.enc"]);
    await run("2026-11-29T11:00:30Z");
    await run("2026-11-29T12:01:00Z");
    assert.deepEqual(await backups(), [
      "prijavko-20261129T110030Z.db.enc",
      "prijavko-20261129T120100Z.db.enc",
    ]);
  });
});

Deno.test("a backup that fails is tried again at the next look, not after its lease", async () => {
  await withData(async (db, dir) => {
    await Deno.writeTextFile(`${dir}/not-a-folder`, "");
    const jobInto = (target: string) =>
      databaseBackupJob({
        source: { url: db.url },
        settings: { dir: target, key: KEY, retention: { last: 2, daily: 0, weekly: 0 } },
        intervalMs: 60 * 60_000,
      });
    const at = (iso: string) => ({
      db: db.db,
      now: new Date(iso),
      today: iso.slice(0, 10),
      js: () => undefined as never,
    });
    await assert.rejects(jobInto(`${dir}/not-a-folder/backups`).run(at("2026-11-29T10:05:00Z")));
    // The disk is back a minute later (here: another folder), within the same period.
    await jobInto(`${dir}/backups`).run(at("2026-11-29T10:06:00Z"));
    const names: string[] = [];
    for await (const e of Deno.readDir(`${dir}/backups`)) names.push(e.name);
    assert.deepEqual(names, ["prijavko-20261129T100600Z.db.enc"]);
  });
});

Deno.test("a backup clears what a backup killed mid-way left: plaintext copy, partial file", async () => {
  await withData(async (db, dir) => {
    const probe = await Deno.makeTempDir();
    const tmpRoot = probe.slice(0, probe.lastIndexOf("/"));
    await Deno.remove(probe);
    const oldCopy = await Deno.makeTempDir({ prefix: "prijavko-backup-" });
    await Deno.writeTextFile(`${oldCopy}/snapshot.db`, "plaintext");
    await Deno.mkdir(`${dir}/backups`);
    const oldPartial = `${dir}/backups/.prijavko-20261129T010000Z.db.enc.partial`;
    const newPartial = `${dir}/backups/.prijavko-20261129T100000Z.db.enc.partial`;
    await Deno.writeTextFile(oldPartial, "");
    await Deno.writeTextFile(newPartial, "");
    const threeHoursAgo = new Date(Date.now() - 3 * 3_600_000);
    await Deno.utime(oldCopy, threeHoursAgo, threeHoursAgo);
    await Deno.utime(oldPartial, threeHoursAgo, threeHoursAgo);
    await takeBackup({ url: db.url }, {
      dir: `${dir}/backups`,
      key: KEY,
      retention: { last: 5, daily: 0, weekly: 0 },
    }, new Date());
    await assert.rejects(Deno.lstat(oldCopy), Deno.errors.NotFound);
    await assert.rejects(Deno.lstat(oldPartial), Deno.errors.NotFound);
    await Deno.lstat(newPartial); // perhaps another copy's backup under way: left alone
    const left: string[] = [];
    for await (const e of Deno.readDir(tmpRoot)) {
      if (e.name.startsWith("prijavko-backup-")) left.push(e.name);
    }
    assert.ok(!left.includes(oldCopy.slice(oldCopy.lastIndexOf("/") + 1)));
  });
});
