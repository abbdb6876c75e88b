import { createApp } from "./http/app.ts";
import { createDatabase } from "@core/db/client.ts";
import { migrateDatabase } from "@core/db/migrate.ts";
import { loadApiConfig, payeeOf, rateLimitsOf } from "./env.ts";
import { runMain } from "@core/platform/config.ts";
import { log, setLogLevel } from "@core/platform/logger.ts";
import { connectNatsInBackground } from "@core/platform/nats.ts";
import { createSecretBox } from "@core/platform/crypto/secret-box.ts";
import { resolveEVisitorEndpoint } from "@core/evisitor/endpoint.ts";
import { productEVisitorClient } from "@core/evisitor/client.ts";
import { ensureAdministrator } from "@core/services/users/ensure-administrator.ts";
import {
  type ApiCopies,
  isApiCopy,
  startApiCopies,
  watchFirstProcess,
} from "./http/api-processes.ts";

await runMain(async () => {
  const config = loadApiConfig();
  setLogLevel(config.LOG_LEVEL);
  const { db, client } = createDatabase({
    url: config.DATABASE_URL,
    authToken: config.DATABASE_AUTH_TOKEN,
  });
  const copy = isApiCopy();
  if (config.MIGRATE_ON_START && !copy) {
    await migrateDatabase(db, client);
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      await ensureAdministrator(db, {
        email: config.ADMIN_EMAIL,
        password: config.ADMIN_PASSWORD,
        now: new Date(),
      });
    }
  }
  const nats = connectNatsInBackground(config.NATS_URL, "api");
  const secretBox = await createSecretBox(config.DATA_ENCRYPTION_KEY);
  const app = createApp({
    db,
    nats,
    clock: () => new Date(),
    secretBox,
    evisitor: {
      endpoint: resolveEVisitorEndpoint(config.EVISITOR_URL, config.EVISITOR_TIMEOUT_MS),
      openSession: productEVisitorClient(db, secretBox),
    },
    config: {
      publicUrl: config.PUBLIC_URL,
      siteDir: config.SITE_DIR,
      bodyLimitBytes: config.BODY_LIMIT_BYTES,
      trustProxy: config.TRUST_PROXY,
      payee: payeeOf(config),
      supportEmail: config.SUPPORT_EMAIL,
      guestDataRetentionDays: config.GUEST_DATA_RETENTION_DAYS,
      rateLimits: rateLimitsOf(config),
      apiTokenRateLimit: config.API_TOKEN_RATE_LIMIT,
      corsOrigins: config.CORS_ORIGINS,
      push: config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
        ? {
          publicKey: config.VAPID_PUBLIC_KEY,
          allowAnyEndpoint: config.WEB_PUSH_ALLOW_ANY_ENDPOINT,
        }
        : undefined,
      auth: {
        jwtSecret: config.JWT_SECRET,
        accessTokenMinutes: config.ACCESS_TOKEN_MINUTES,
        refreshTokenDays: config.REFRESH_TOKEN_DAYS,
      },
    },
  });

  const controller = new AbortController();
  const server = Deno.serve({
    hostname: config.HOST,
    port: config.PORT,
    reusePort: config.API_PROCESSES > 1,
    signal: controller.signal,
    onListen: ({ hostname, port }) =>
      log.info("api listening", { url: `http://${hostname}:${port}` }),
  }, app.fetch);

  let copies: ApiCopies | undefined;
  let stopping = false;
  const shutdown = async (exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    log.info("api shutting down");
    controller.abort();
    await copies?.stop();
    await server.finished;
    await nats.close();
    client.close();
    Deno.exit(exitCode);
  };
  Deno.addSignalListener("SIGTERM", () => shutdown());
  Deno.addSignalListener("SIGINT", () => shutdown());

  if (copy) {
    watchFirstProcess(() => shutdown());
  } else if (config.API_PROCESSES > 1) {
    copies = startApiCopies(config.API_PROCESSES - 1);
    copies.ended.then(() => shutdown(1));
  }
});
