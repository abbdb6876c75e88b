import { jetstream, jetstreamManager } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/nats-core";
import type { Database } from "@core/db/client.ts";
import { log } from "@core/platform/logger.ts";
import type { WorkerName } from "./env.ts";
import type { SecretBox } from "@core/platform/crypto/secret-box.ts";
import type { EVisitorAccess } from "@core/services/external-accounts/evisitor-access.ts";
import { AccountSessions } from "@core/evisitor/account-sessions.ts";
import { recordCredentialsRefused } from "@core/services/external-accounts/credentials-refused.ts";
import { provisioningConsumer } from "./evisitor/provisioning/provisioning-consumer.ts";
import { settlementsConsumer } from "./evisitor/provisioning/settlements-consumer.ts";
import { checkInConsumer } from "./evisitor/registration/checkin-consumer.ts";
import { checkOutConsumer } from "./evisitor/registration/checkout-consumer.ts";
import { reconcileConsumer } from "./evisitor/reconciliation/reconcile-consumer.ts";
import { refreshConsumer } from "./evisitor/registration/refresh-consumer.ts";
import { cancelConsumer } from "./evisitor/registration/cancel-consumer.ts";
import { departureUpdateConsumer } from "./evisitor/registration/departure-update-consumer.ts";
import { undoCheckOutConsumer } from "./evisitor/registration/undo-checkout-consumer.ts";
import { contactSubmittedConsumer } from "./notifications/contact-submitted.ts";
import { accountEmailConsumers } from "./notifications/account-email-consumers.ts";
import { invitationEmailConsumer } from "./notifications/invitation-email.ts";
import { notificationEmailConsumer } from "./notifications/notification-email-consumer.ts";
import type { Mailer } from "./notifications/mailer.ts";
import { pushFanOutConsumer, pushSendConsumer } from "./notifications/push-consumers.ts";
import type { PushSender } from "./notifications/push-sender.ts";
import { runRelay } from "./relay/relay.ts";
import { runConsumer } from "./runner/consume.ts";
import { CONSUME_TIMING } from "./runner/consume-watchdog.ts";
import { calendarSyncConsumer } from "./calendar-sync/sync-consumer.ts";
import type { FetchFeedOptions } from "./calendar-sync/fetch-feed.ts";
import { ensureStreamsWhenReady } from "./runner/streams.ts";
import { createMrzReader } from "./mrz/mrz-reader.ts";
import { feedbackSubmittedConsumer } from "./notifications/feedback-submitted.ts";
import { runMrzResponder } from "./mrz/responder.ts";
import type { ConsumerDefinition } from "./runner/worker.ts";
import { scheduledJobs, type ScheduleOptions } from "./scheduler/jobs.ts";
import { runScheduler } from "./scheduler/scheduler.ts";

export interface WorkersOptions {
  workers: readonly WorkerName[];
  db: Database;
  nc: NatsConnection;
  clock: () => Date;
  mailer: Mailer;
  /** `approvalBurstMs`: held guests of a stay entered less apart get one e-mail (2 min unless given). */
  mail: { supportEmail: string; from: string; publicUrl: string; approvalBurstMs?: number };
  maxDeliveries: number;
  retry: { baseMs: number; maxMs: number };
  relayIntervalMs: number;
  /** JetStream replicas of each stream (NATS_STREAM_REPLICAS): 1 on one server, 3 on a cluster. */
  streamReplicas?: number;
  /**
   * For the evisitor worker: the service, the key that opens stored credentials, and how long an
   * account's session waits for more work before it logs out (5 s unless given).
   */
  evisitor?: { access: EVisitorAccess; secretBox: SecretBox; sessionIdleMs?: number };
  /** For the calendar worker, and the scheduler's calendar job (`intervalMs`). */
  calendar?: CalendarWorkerOptions;
  /**
   * For the notifications worker: Web Push (issue 35), its sender and the key that opens stored
   * endpoints. Absent (no VAPID keys configured): nothing is pushed.
   */
  push?: { sender: PushSender; secretBox: SecretBox };
  /** For the mrz worker: photos read at once. */
  mrz?: { concurrency: number };
  /**
   * For the scheduler worker, which runs every timed job (scheduler/jobs.ts): how often each
   * runs, and the days after check-out when guests' personal data is removed. The calendar
   * job's interval is `calendar.intervalMs`.
   */
  schedule?: Omit<ScheduleOptions, "calendarIntervalMs">;
}

export interface CalendarWorkerOptions {
  /** How often each feed is fetched. */
  intervalMs: number;
  concurrency: number;
  fetch: FetchFeedOptions;
}

/** The consumers each worker runs; `sessions` for the evisitor worker's. */
function consumersOf(
  options: WorkersOptions,
  sessions: AccountSessions | undefined,
): ConsumerDefinition[] {
  const consumers: ConsumerDefinition[] = [];
  if (options.workers.includes("notifications")) {
    const { mailer, mail } = options;
    consumers.push(
      contactSubmittedConsumer({ mailer, supportEmail: mail.supportEmail, from: mail.from }),
      feedbackSubmittedConsumer({ mailer, ...mail }),
    );
    consumers.push(
      ...accountEmailConsumers({ mailer, ...mail }),
      notificationEmailConsumer({
        mailer,
        from: mail.from,
        publicUrl: mail.publicUrl,
        approvalBurstMs: mail.approvalBurstMs,
      }),
      invitationEmailConsumer({ mailer, from: mail.from, publicUrl: mail.publicUrl }),
    );
    if (options.push) consumers.push(pushFanOutConsumer(), pushSendConsumer(options.push));
  }
  if (options.workers.includes("evisitor")) {
    if (!options.evisitor || !sessions) {
      throw new Error("the evisitor worker needs its eVisitor access");
    }
    const access = { sessions, secretBox: options.evisitor.secretBox };
    consumers.push(
      provisioningConsumer(access),
      settlementsConsumer(access),
      checkInConsumer(access),
      checkOutConsumer(access),
      reconcileConsumer(access),
      refreshConsumer(access),
      cancelConsumer(access),
      departureUpdateConsumer(access),
      undoCheckOutConsumer(access),
    );
  }
  if (options.workers.includes("calendar")) {
    const calendar = calendarOptionsOf(options);
    consumers.push(calendarSyncConsumer({
      fetch: calendar.fetch,
      concurrency: calendar.concurrency,
      // A scheduled request for a feed fetched in the last half interval is a duplicate.
      minAgeMs: calendar.intervalMs / 2,
      intervalMs: calendar.intervalMs,
    }));
  }
  return consumers;
}

function calendarOptionsOf(options: WorkersOptions): CalendarWorkerOptions {
  if (!options.calendar) {
    throw new Error(
      "the calendar worker and the scheduler's calendar job need the calendar options",
    );
  }
  return options.calendar;
}

/** Starts the selected workers on an open NATS connection; `stop` lets in-flight work finish. */
export async function startWorkers(options: WorkersOptions): Promise<{ stop(): Promise<void> }> {
  const { db, nc, clock } = options;
  const controller = new AbortController();
  const jsm = await jetstreamManager(nc);
  await ensureStreamsWhenReady(jsm, { replicas: options.streamReplicas }, controller.signal);
  const js = jetstream(nc);
  const pullJs = jetstream(nc, { timeout: CONSUME_TIMING.lookupTimeoutMs });

  // One eVisitor session per account for this process's evisitor consumers (issue 19 item 6).
  const sessions = options.workers.includes("evisitor") && options.evisitor
    ? new AccountSessions(
      { evisitor: options.evisitor.access, secretBox: options.evisitor.secretBox },
      {
        idleMs: options.evisitor.sessionIdleMs ?? 5000,
        onCredentialsRefused: (account, error) =>
          recordCredentialsRefused(db, clock, account, error),
      },
    )
    : undefined;
  const running: Promise<void>[] = consumersOf(options, sessions).map((def) =>
    runConsumer(def, {
      js,
      pullJs,
      jsm,
      ctx: { db, clock },
      maxDeliveries: options.maxDeliveries,
      retry: options.retry,
      signal: controller.signal,
    })
  );
  if (options.workers.includes("relay")) {
    running.push(
      runRelay({
        db,
        js: () => js,
        clock,
        intervalMs: options.relayIntervalMs,
        signal: controller.signal,
      }),
    );
  }
  if (options.workers.includes("scheduler")) {
    const jobs = scheduledJobs({
      ...options.schedule,
      calendarIntervalMs: calendarOptionsOf(options).intervalMs,
    });
    running.push(runScheduler({ jobs, db, js: () => js, clock, signal: controller.signal }));
  }
  const closing: (() => Promise<void>)[] = [];
  if (options.workers.includes("mrz")) {
    // Core NATS request/reply, not a JetStream consumer: a guest waits for the answer.
    const reader = await createMrzReader({ clock, concurrency: options.mrz?.concurrency ?? 2 });
    running.push(runMrzResponder({ nc, reader, signal: controller.signal }));
    closing.push(() => reader.close());
  }
  log.info("workers started", { workers: options.workers });
  return {
    stop: async () => {
      controller.abort();
      await Promise.allSettled(running);
      // Every session logs out once the work using it has ended.
      await sessions?.close();
      await Promise.allSettled(closing.map((close) => close()));
    },
  };
}
