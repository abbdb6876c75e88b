/**
 * One-shot database set-up, run by the `migrate` service of docker-compose.yml before any API or
 * worker replica starts: applies the committed migrations (core/db/migrate.ts) and, when
 * ADMIN_EMAIL and ADMIN_PASSWORD are set, creates the first administrator or gives that account
 * the role (core/services/users/ensure-administrator.ts).
 *
 * Why not leave both to the API, which does the same at start-up? Several API replicas starting
 * at once on an empty database race: each reads "no migration applied" and sends the whole batch;
 * the batch is one transaction, so the database stays whole, but every loser exits with "table
 * already exists" and is restarted. The same goes for creating the administrator (a unique
 * e-mail). Done once here, the replicas find nothing left to do.
 *
 * Settings: DATABASE_URL, DATABASE_AUTH_TOKEN, and optionally ADMIN_EMAIL with ADMIN_PASSWORD
 * (an empty value counts as unset).
 *
 *   deno run -A deploy/migrate.ts
 */
import { z } from "zod";
import { createDatabase } from "@core/db/client.ts";
import { migrateDatabase } from "@core/db/migrate.ts";
import { commonEnv, parseConfig, runMain } from "@core/platform/config.ts";
import { ensureAdministrator } from "@core/services/users/ensure-administrator.ts";

const unsetIfEmpty = (value: unknown) => value === "" ? undefined : value;

const MigrateEnv = z
  .object({
    DATABASE_URL: commonEnv.DATABASE_URL,
    DATABASE_AUTH_TOKEN: z.preprocess(unsetIfEmpty, z.string().optional()),
    ADMIN_EMAIL: z.preprocess(unsetIfEmpty, z.email().optional()),
    ADMIN_PASSWORD: z.preprocess(unsetIfEmpty, z.string().min(8).optional()),
  })
  .refine((env) => !env.ADMIN_EMAIL === !env.ADMIN_PASSWORD, {
    path: ["ADMIN_PASSWORD"],
    error: "ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
  });

if (import.meta.main) {
  await runMain(async () => {
    const config = parseConfig(MigrateEnv, Deno.env.toObject(), "migrate");
    const { db, client } = createDatabase({
      url: config.DATABASE_URL,
      authToken: config.DATABASE_AUTH_TOKEN,
    });
    try {
      await migrateDatabase(db, client);
      console.log(JSON.stringify({ level: "info", msg: "migrations applied" }));
      if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
        await ensureAdministrator(db, {
          email: config.ADMIN_EMAIL,
          password: config.ADMIN_PASSWORD,
          now: new Date(),
        });
        console.log(JSON.stringify({ level: "info", msg: "administrator ensured" }));
      }
    } finally {
      client.close();
    }
  });
}
