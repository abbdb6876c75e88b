import { createDatabase, type Database } from "@core/db/client.ts";
import { migrateDatabase } from "@core/db/migrate.ts";

export interface TestDatabase {
  url: string;
  db: Database;
  dispose(): Promise<void>;
}

/** A real libSQL file in a temporary folder, with every migration applied. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dir = await Deno.makeTempDir({ prefix: "db-test-" });
  const url = `file:${dir}/app.db`;
  const { db, client } = createDatabase({ url });
  await migrateDatabase(db, client);
  return {
    url,
    db,
    dispose: async () => {
      client.close();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}
