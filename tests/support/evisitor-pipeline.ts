import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Database } from "@core/db/client.ts";
import { properties } from "@core/db/schema/properties.ts";
import { createHost, getWith, postWith, signIn } from "./accounts.ts";
import { createTestApp, simulatorAccess, type TestApp } from "./app.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { DEMO_HOST, type RunningEVisitorSim, startEVisitorSim } from "./evisitor-sim.ts";
import type { SimOptions } from "../../dev/evisitor-sim/options.ts";
import { startNatsServer } from "./nats-server.ts";
import { startSmtp } from "./smtp.ts";
import { startTestWorkers } from "./workers.ts";
import { waitFor } from "./wait.ts";

export interface EVisitorPipeline {
  app: TestApp;
  database: TestDatabase;
  sim: RunningEVisitorSim;
  /** The signed-in host ana@example.com. */
  token: string;
}

/**
 * The app, the relay, the evisitor worker and the scheduler, against a fresh simulator, for one
 * signed-in host: everything real but eVisitor itself.
 */
export async function withEVisitorPipeline(
  fn: (ctx: EVisitorPipeline) => Promise<void>,
  { maxDeliveries = 4, clock, simOptions, sessionIdleMs }: {
    maxDeliveries?: number;
    /** The API's clock (the workers and the simulator keep their own). */
    clock?: () => Date;
    /** The simulator's settings beyond its defaults (e.g. `latencyMs`). */
    simOptions?: Partial<SimOptions>;
    /** How long the workers keep an account's idle eVisitor session (5 s unless given). */
    sessionIdleMs?: number;
  } = {},
) {
  const database = await createTestDatabase();
  const nats = await startNatsServer();
  const smtp = await startSmtp();
  const sim = await startEVisitorSim(simOptions);
  const evisitor = simulatorAccess(sim.baseUrl);
  const workers = await startTestWorkers({
    db: database.db,
    natsUrl: nats.urls.workers,
    smtpUrl: smtp.url,
    workers: ["relay", "evisitor", "scheduler"],
    evisitor,
    maxDeliveries,
    sessionIdleMs,
  });
  try {
    const app = await createTestApp({ db: database.db, evisitor, clock });
    await createHost(app, database.db, { email: "ana@example.com" });
    const { accessToken } = await signIn(app, "ana@example.com");
    await fn({ app, database, sim, token: accessToken });
  } finally {
    await workers.stop();
    await sim.stop();
    await smtp.stop();
    await nats.dispose();
    await database.dispose();
  }
}

export const accountsOf = async ({ app, token }: EVisitorPipeline) =>
  (await (await getWith(app, "/api/ExternalAccounts?PageNumber=1&PageSize=10", token)).json())
    .items;

export const propertiesOf = async ({ app, token }: EVisitorPipeline) =>
  (await (await getWith(app, "/api/Properties?PageNumber=1&PageSize=20", token)).json()).items;

/** Connects the simulator's demo account and waits until its facilities are mirrored. */
export async function connectDemoAccount(
  ctx: EVisitorPipeline,
  { automaticCheckIn = true }: { automaticCheckIn?: boolean } = {},
): Promise<string> {
  const res = await postWith(ctx.app, "/api/ExternalAccounts", DEMO_HOST, ctx.token);
  assert.equal(res.status, 200);
  const { id } = await res.json();
  await waitFor(async () => (await accountsOf(ctx))[0]?.status === 2, { what: "Synchronized" });
  if (automaticCheckIn) await checkGuestsInAutomatically(ctx.database.db, id);
  return id as string;
}

/**
 * The account's properties check guests in automatically: a guest at the door or on the stay's
 * link goes to eVisitor at once from the arrival day. With it off (a new property's default) such
 * guests wait for the host's approval (issue 20, tests/integration/guest-approval.test.ts).
 */
export async function checkGuestsInAutomatically(db: Database, accountId: string) {
  await db.update(properties).set({ automaticCheckIn: true })
    .where(eq(properties.externalAccountId, accountId));
}
