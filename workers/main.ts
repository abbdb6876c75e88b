import { createDatabase } from "@core/db/client.ts";
import { runMain } from "@core/platform/config.ts";
import { log, setLogLevel } from "@core/platform/logger.ts";
import { connectNatsInBackground } from "@core/platform/nats.ts";
import { loadWorkersConfig } from "./env.ts";
import { createMailer } from "./notifications/mailer.ts";
import { createPushSender } from "./notifications/push-sender.ts";
import { waitForNats } from "./runner/wait-for-nats.ts";
import { startWorkers } from "./start-workers.ts";
import { createSecretBox } from "@core/platform/crypto/secret-box.ts";
import { resolveEVisitorEndpoint } from "@core/evisitor/endpoint.ts";
import { productEVisitorClient } from "@core/evisitor/client.ts";
import { startHeartbeat } from "./runner/heartbeat.ts";
import { MAX_FEED_BYTES } from "./calendar-sync/feed-text.ts";
import { backupOptionsOf } from "./scheduler/backup-options.ts";

await runMain(async () => {
  const config = loadWorkersConfig();
  setLogLevel(config.LOG_LEVEL);
  const { db, client } = createDatabase({
    url: config.DATABASE_URL,
    authToken: config.DATABASE_AUTH_TOKEN,
  });
  const nats = connectNatsInBackground(config.NATS_URL, `workers:${config.WORKERS.join("+")}`);
  const starting = new AbortController();
  const onSignal = () => starting.abort();
  Deno.addSignalListener("SIGTERM", onSignal);
  Deno.addSignalListener("SIGINT", onSignal);

  const nc = await waitForNats(nats, starting.signal);
  const secretBox = await createSecretBox(config.DATA_ENCRYPTION_KEY);
  const workers = await startWorkers({
    workers: config.WORKERS,
    db,
    nc,
    clock: () => new Date(),
    mailer: createMailer({ smtpUrl: config.SMTP_URL, mailDir: config.MAIL_DIR }),
    mail: {
      supportEmail: config.SUPPORT_EMAIL,
      from: config.MAIL_FROM,
      publicUrl: config.PUBLIC_URL,
      approvalBurstMs: config.APPROVAL_EMAIL_BURST_MS,
    },
    maxDeliveries: config.MAX_DELIVERIES,
    retry: { baseMs: config.RETRY_BASE_MS, maxMs: config.RETRY_MAX_MS },
    relayIntervalMs: config.RELAY_INTERVAL_MS,
    streamReplicas: config.NATS_STREAM_REPLICAS,
    evisitor: {
      access: {
        endpoint: resolveEVisitorEndpoint(config.EVISITOR_URL, config.EVISITOR_TIMEOUT_MS),
        openSession: productEVisitorClient(db, secretBox, {
          loginCap: { max: config.EVISITOR_LOGINS_PER_MINUTE },
        }),
      },
      secretBox,
      sessionIdleMs: config.EVISITOR_SESSION_IDLE_MS,
    },
    push: config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
      ? {
        sender: createPushSender({
          publicKey: config.VAPID_PUBLIC_KEY,
          privateKey: config.VAPID_PRIVATE_KEY,
          subject: config.VAPID_SUBJECT ?? `mailto:${config.SUPPORT_EMAIL}`,
        }),
        secretBox,
      }
      : undefined,
    schedule: {
      guestTickMs: config.GUEST_SCHEDULE_TICK_MS,
      guestDataRetentionDays: config.GUEST_DATA_RETENTION_DAYS,
      calendarTickMs: config.CALENDAR_SCHEDULE_TICK_MS,
      backup: backupOptionsOf(config),
    },
    calendar: {
      intervalMs: config.CALENDAR_SYNC_INTERVAL_MINUTES * 60_000,
      concurrency: config.CALENDAR_SYNC_CONCURRENCY,
      fetch: {
        timeoutMs: config.CALENDAR_FETCH_TIMEOUT_MS,
        maxBytes: MAX_FEED_BYTES,
        allowPrivateAddresses: config.CALENDAR_ALLOW_PRIVATE_ADDRESSES,
      },
    },
    mrz: { concurrency: config.MRZ_CONCURRENCY },
  });

  const heartbeat = config.HEARTBEAT_FILE
    ? startHeartbeat(config.HEARTBEAT_FILE, () => nats.isConnected())
    : undefined;

  await new Promise<void>((resolve) => {
    if (starting.signal.aborted) resolve();
    starting.signal.addEventListener("abort", () => resolve(), { once: true });
  });
  log.info("workers shutting down");
  if (heartbeat !== undefined) clearInterval(heartbeat);
  await workers.stop();
  await nats.close();
  client.close();
  log.info("workers stopped");
});
