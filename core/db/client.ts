import { sql } from "drizzle-orm";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import * as schema from "./schema/mod.ts";
import { serializeClient } from "./serialized-client.ts";
import { withStatementCache } from "./statement-cache-client.ts";

export interface DatabaseConfig {
  url: string;
  authToken?: string;
}

/**
 * Builds the drizzle handle; the same code serves `file:` databases and `libsql://` servers. An
 * embedded file is created readable by its owner only (see `keepPrivate`) before it is opened.
 */
export function createDatabase(config: DatabaseConfig) {
  const file = embeddedFile(config.url);
  if (file) keepPrivate(file);
  const opened = createClient({
    url: config.url,
    authToken: config.authToken,
    // Busy timeout for embedded files: the API and the workers write to the same file.
    timeout: BUSY_TIMEOUT_MS,
  });
  const path = embeddedPath(config.url);
  const client = !config.url.startsWith("file:")
    ? opened
    : serializeClient(path ? withStatementCache(opened, path, BUSY_TIMEOUT_MS) : opened);
  const db = drizzle({ client, schema, casing: "snake_case" });
  return { db, client };
}

const BUSY_TIMEOUT_MS = 5000;

/**
 * The file of a `file:` URL as @libsql/client reads it; undefined for servers, for URLs with
 * options and for in-memory databases (a second connection would be another, empty database).
 */
function embeddedPath(url: string): string | undefined {
  if (!url.startsWith("file:") || url.includes("?") || url.includes(":memory:")) return undefined;
  const rest = url.slice("file:".length);
  if (!rest.startsWith("//")) return rest; // file:data/app.db, file:/abs/app.db
  const path = rest.replace(/^\/\/(localhost)?/, ""); // file:///abs/app.db
  return path.startsWith("/") ? decodeURIComponent(path) : undefined;
}

/** The file of a `file:` URL, options aside; undefined for servers and in-memory databases. */
function embeddedFile(url: string): string | undefined {
  const query = url.indexOf("?");
  return embeddedPath(query === -1 ? url : url.slice(0, query));
}

/**
 * The database holds guests' documents and hosts' sealed credentials: it is created with mode
 * 0600 (SQLite gives its -wal and -shm files the database file's mode), and an existing file, or
 * journal, that others may read is narrowed to its owner. A file owned by someone else is left as
 * it is (the database then opens, or fails, as before).
 */
function keepPrivate(path: string) {
  try {
    Deno.openSync(path, { createNew: true, write: true, mode: 0o600 }).close();
  } catch (error) {
    // A missing folder: libSQL reports it when opening, as before.
    if (!(error instanceof Deno.errors.AlreadyExists)) return;
  }
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    try {
      const { mode } = Deno.statSync(file);
      if (mode !== null && (mode & 0o077) !== 0) Deno.chmodSync(file, mode & 0o700);
    } catch {
      // Absent (no journal yet), or not ours to change.
    }
  }
}

export type Database = ReturnType<typeof createDatabase>["db"];
/** A transaction handle, accepted wherever a service writes. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DbOrTx = Database | Transaction;

/** Whether the database answers a trivial query (the health check's "database"). */
export async function databaseIsUp(db: Database): Promise<boolean> {
  return await db.run(sql`select 1`).then(() => true, () => false);
}
