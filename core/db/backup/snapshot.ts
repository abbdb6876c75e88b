import { type Client, createClient, type InValue } from "@libsql/client";
import type { DatabaseConfig } from "../client.ts";

/**
 * Copies the database as it is at one moment into `target`, a new SQLite file, while the product
 * keeps reading and writing it. An embedded file is copied by SQLite itself (`VACUUM INTO`: one
 * read transaction, so one consistent state; writers are not held up in WAL mode). A libSQL
 * server (sqld, Turso) is copied table by table inside one read transaction, which is its
 * consistent snapshot as well. `target` must not exist.
 */
export async function snapshotDatabase(source: DatabaseConfig, target: string): Promise<void> {
  // A client of its own: not the process's serialised one, so requests are not queued behind it.
  const client = createClient({ url: source.url, authToken: source.authToken, intMode: "bigint" });
  try {
    if (client.protocol === "file") {
      await client.execute({ sql: "VACUUM INTO ?", args: [target] });
    } else {
      await copyTableByTable(client, target);
    }
  } finally {
    client.close();
  }
}

const PAGE_ROWS = 1000;

/** Tables, their rows, then indexes, triggers and views, all read in one read transaction. */
export async function copyTableByTable(source: Client, target: string): Promise<void> {
  const dest = createClient({ url: `file:${target}`, intMode: "bigint" });
  // Tables are filled one after another, so a row may come before the row it refers to.
  await dest.execute("PRAGMA foreign_keys = OFF");
  // A scratch file until it is encrypted: a crash here loses nothing, so no journal, no syncs.
  await dest.execute("PRAGMA journal_mode = OFF");
  await dest.execute("PRAGMA synchronous = OFF");
  const tx = await source.transaction("read");
  try {
    const objects = (await tx.execute(
      "SELECT type, name, sql FROM sqlite_schema WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid",
    )).rows.map((r) => ({ type: String(r.type), name: String(r.name), sql: String(r.sql) }));
    const tables = objects.filter((o) => o.type === "table");
    for (const table of tables) await dest.execute(table.sql);
    for (const table of tables) {
      const quoted = `"${table.name.replaceAll('"', '""')}"`;
      let after: InValue = null;
      while (true) {
        const page = await tx.execute({
          sql: `SELECT rowid AS "__backup_rowid", * FROM ${quoted} ` +
            `WHERE ? IS NULL OR rowid > ? ORDER BY rowid LIMIT ${PAGE_ROWS}`,
          args: [after, after],
        });
        if (page.rows.length === 0) break;
        const columns = page.columns.slice(1);
        const insert = `INSERT INTO ${quoted} (${
          columns.map((c) => `"${c.replaceAll('"', '""')}"`).join(", ")
        }) ` +
          `VALUES (${
            columns.map(() => "?").join(", ")
          })`;
        await dest.batch(
          page.rows.map((row) => ({
            sql: insert,
            args: columns.map((_, i) => row[i + 1] as InValue),
          })),
          "write",
        );
        after = page.rows[page.rows.length - 1][0] as InValue;
        if (page.rows.length < PAGE_ROWS) break;
      }
    }
    // AUTOINCREMENT counters, so restored tables never hand out an id used before.
    const hasSequence = (await tx.execute(
      "SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_sequence'",
    )).rows.length > 0;
    if (hasSequence) {
      const counters = (await tx.execute("SELECT name, seq FROM sqlite_sequence")).rows;
      await dest.batch([
        "DELETE FROM sqlite_sequence",
        ...counters.map((r) => ({
          sql: "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)",
          args: [r.name as InValue, r.seq as InValue],
        })),
      ], "write");
    }
    for (const other of objects.filter((o) => o.type !== "table")) await dest.execute(other.sql);
  } finally {
    tx.close();
    dest.close();
  }
}
