import { migrate } from "drizzle-orm/libsql/migrator";
import type { Client } from "@libsql/client";
import { createDatabase, type Database } from "./client.ts";

const MIGRATIONS_FOLDER = new URL("./migrations", import.meta.url).pathname;

/** Applies the committed migrations; safe to run on every start. */
export async function migrateDatabase(db: Database, client: Client): Promise<void> {
  if (client.protocol === "file") {
    // WAL lets the API read while a worker writes the same embedded file.
    await client.execute("PRAGMA journal_mode = WAL");
  }
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}

if (import.meta.main) {
  const url = Deno.env.get("DATABASE_URL") ?? "file:data/app.db";
  if (url.startsWith("file:")) {
    const path = url.slice("file:".length);
    const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : ".";
    await Deno.mkdir(dir, { recursive: true });
  }
  const { db, client } = createDatabase({ url, authToken: Deno.env.get("DATABASE_AUTH_TOKEN") });
  await migrateDatabase(db, client);
  client.close();
  console.log(JSON.stringify({ level: "info", msg: "migrations applied" }));
}
