import { connectNatsInBackground, type NatsHandle } from "@core/platform/nats.ts";
import type { Database } from "@core/db/client.ts";
import type { WorkerName } from "../../workers/env.ts";
import { createMailer } from "../../workers/notifications/mailer.ts";
import { waitForNats } from "../../workers/runner/wait-for-nats.ts";
import { type CalendarWorkerOptions, startWorkers } from "../../workers/start-workers.ts";
import { MAX_FEED_BYTES } from "../../workers/calendar-sync/feed-text.ts";
import { createPushSender } from "../../workers/notifications/push-sender.ts";

export const SUPPORT_EMAIL = "podrska@test.prijavko.hr";
import { TEST_PUBLIC_URL, TEST_SECRETS } from "./app.ts";
import { createSecretBox } from "@core/platform/crypto/secret-box.ts";
import type { EVisitorAccess } from "@core/services/external-accounts/evisitor-access.ts";
export { TEST_PUBLIC_URL };

/** The real workers, in this process, as workers/main.ts starts them but with quick retries. */
export async function startTestWorkers(
  {
    db,
    natsUrl,
    smtpUrl,
    workers = ["relay", "notifications", "scheduler"],
    maxDeliveries = 4,
    evisitor,
    sessionIdleMs,
    calendar,
    approvalBurstMs = 300,
  }: {
    db: Database;
    natsUrl: string;
    smtpUrl: string;
    workers?: WorkerName[];
    maxDeliveries?: number;
    /** For the evisitor worker: the simulator to talk to. */
    evisitor?: EVisitorAccess;
    /** How long an account's eVisitor session waits for more work (the workers' 5 s default). */
    sessionIdleMs?: number;
    /** Held guests of a stay entered less apart get one e-mail (short here: tests wait for it). */
    approvalBurstMs?: number;
    /** For the calendar worker: a long interval unless a test wants the scheduler to sync. */
    calendar?: Partial<CalendarWorkerOptions>;
  },
): Promise<{ nats: NatsHandle; stop(): Promise<void> }> {
  const nats = connectNatsInBackground(natsUrl, "test-workers");
  const nc = await waitForNats(nats, AbortSignal.timeout(10_000));
  const running = await startWorkers({
    workers,
    db,
    nc,
    clock: () => new Date(),
    mailer: createMailer({ smtpUrl, mailDir: "unused" }),
    mail: {
      supportEmail: SUPPORT_EMAIL,
      from: "Prijavko <no-reply@test.prijavko.hr>",
      publicUrl: TEST_PUBLIC_URL,
      approvalBurstMs,
    },
    maxDeliveries,
    retry: { baseMs: 50, maxMs: 200 },
    relayIntervalMs: 50,
    // Web Push with the tests' VAPID keys (tests/support/push.ts receives it).
    push: {
      sender: createPushSender({
        publicKey: TEST_SECRETS.VAPID_PUBLIC_KEY,
        privateKey: TEST_SECRETS.VAPID_PRIVATE_KEY,
        subject: `mailto:${SUPPORT_EMAIL}`,
      }, { timeoutMs: 2000 }),
      secretBox: await createSecretBox(TEST_SECRETS.DATA_ENCRYPTION_KEY),
    },
    evisitor: evisitor && {
      access: evisitor,
      secretBox: await createSecretBox(TEST_SECRETS.DATA_ENCRYPTION_KEY),
      sessionIdleMs,
    },
    calendar: {
      intervalMs: 60 * 60_000,
      concurrency: 4,
      ...calendar,
      // Test feeds are served from 127.0.0.1.
      fetch: {
        timeoutMs: 2000,
        maxBytes: MAX_FEED_BYTES,
        allowPrivateAddresses: true,
        ...calendar?.fetch,
      },
    },
  });
  return {
    nats,
    stop: async () => {
      await running.stop();
      await nats.close();
    },
  };
}
