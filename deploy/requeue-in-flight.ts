/**
 * Queues again the eVisitor work that was in flight in a database brought back to an earlier
 * moment by other means than deploy/restore.ts (which does this itself): a Turso point-in-time
 * restore, or sqld's bottomless restore (docs/operations.md "Backups"). Run it once, before the
 * workers start on that database.
 *
 *   DATABASE_URL=libsql://… DATABASE_AUTH_TOKEN=… deno run -A deploy/requeue-in-flight.ts
 */
import { z } from "zod";
import { createDatabase } from "@core/db/client.ts";
import { requeueInFlight } from "@core/db/backup/requeue-in-flight.ts";
import { commonEnv, parseConfig, runMain } from "@core/platform/config.ts";

const RequeueEnv = z.object({
  DATABASE_URL: commonEnv.DATABASE_URL,
  DATABASE_AUTH_TOKEN: z.string().optional(),
});

await runMain(async () => {
  const config = parseConfig(RequeueEnv, Deno.env.toObject(), "requeue-in-flight");
  const { db, client } = createDatabase({
    url: config.DATABASE_URL,
    authToken: config.DATABASE_AUTH_TOKEN,
  });
  try {
    const requeued = await requeueInFlight(db, new Date());
    console.log(JSON.stringify({ level: "info", msg: "work in flight queued again", requeued }));
  } finally {
    client.close();
  }
});
