import { connectNatsInBackground, type NatsHandle } from "../../api/lib/nats.ts";
import type { Database } from "../../api/db/client.ts";
import type { WorkerName } from "../../workers/env.ts";
import { createMailer } from "../../workers/notifications/mailer.ts";
import { waitForNats } from "../../workers/runner/wait-for-nats.ts";
import { startWorkers } from "../../workers/start.ts";

export const SUPPORT_EMAIL = "podrska@test.prijavko.hr";
export const TEST_PUBLIC_URL = "http://prijavko.test";

/** The real workers, in this process, as workers/main.ts starts them but with quick retries. */
export async function startTestWorkers(
  { db, natsUrl, smtpUrl, workers = ["relay", "notifications"], maxDeliveries = 4 }: {
    db: Database;
    natsUrl: string;
    smtpUrl: string;
    workers?: WorkerName[];
    maxDeliveries?: number;
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
    },
    maxDeliveries,
    retry: { baseMs: 50, maxMs: 200 },
    relayIntervalMs: 50,
  });
  return {
    nats,
    stop: async () => {
      await running.stop();
      await nats.close();
    },
  };
}
