import { createTestApp, type TestApp } from "./app.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { startNatsServer, type TestNatsServer } from "./nats-server.ts";
import { startSmtp, type TestSmtp } from "./smtp.ts";
import { startTestWorkers } from "./workers.ts";

export interface Pipeline {
  database: TestDatabase;
  nats: TestNatsServer;
  smtp: TestSmtp;
  workers: Awaited<ReturnType<typeof startTestWorkers>>;
  app: TestApp;
}

/**
 * The event pipeline, all real: a libSQL file, nats-server, an SMTP listener, the workers in this
 * process and the app answering requests (behind a trusted proxy with `trustProxy`, so a test can
 * name the client's address in X-Forwarded-For). Torn down whatever the test does.
 */
export async function withPipeline(
  fn: (pipeline: Pipeline) => Promise<void>,
  { trustProxy = false }: { trustProxy?: boolean } = {},
): Promise<void> {
  const database = await createTestDatabase();
  const nats = await startNatsServer();
  const smtp = await startSmtp();
  const workers = await startTestWorkers({
    db: database.db,
    natsUrl: nats.urls.workers,
    smtpUrl: smtp.url,
  });
  try {
    await fn({
      database,
      nats,
      smtp,
      workers,
      app: await createTestApp({ db: database.db, trustProxy }),
    });
  } finally {
    await workers.stop();
    await smtp.stop();
    await nats.dispose();
    await database.dispose();
  }
}

/** Options for tests whose servers and connections outlive Deno's per-test sanitizers. */
export const REAL_SERVERS = { sanitizeOps: false, sanitizeResources: false } as const;
