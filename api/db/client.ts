import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import * as schema from "./schema/mod.ts";
import { serializeClient } from "./serialized-client.ts";

export interface DatabaseConfig {
  url: string;
  authToken?: string;
}

/** Builds the drizzle handle; the same code serves `file:` databases and `libsql://` servers. */
export function createDatabase(config: DatabaseConfig) {
  const opened = createClient({
    url: config.url,
    authToken: config.authToken,
    // Busy timeout for embedded files: the API and the workers write to the same file.
    timeout: 5000,
  });
  const client = config.url.startsWith("file:") ? serializeClient(opened) : opened;
  const db = drizzle({ client, schema, casing: "snake_case" });
  return { db, client };
}

export type Database = ReturnType<typeof createDatabase>["db"];
/** A transaction handle, accepted wherever a service writes. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DbOrTx = Database | Transaction;
