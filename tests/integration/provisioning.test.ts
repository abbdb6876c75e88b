import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { accommodationUnits } from "../../api/db/schema/accommodation-units.ts";
import { createHost, getWith, postWith, signIn } from "../support/accounts.ts";
import { createTestApp, simulatorAccess, type TestApp } from "../support/app.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";
import { DEMO_HOST, type RunningEVisitorSim, startEVisitorSim } from "../support/evisitor-sim.ts";
import { startNatsServer } from "../support/nats-server.ts";
import { REAL_SERVERS } from "../support/pipeline.ts";
import { startSmtp } from "../support/smtp.ts";
import { startTestWorkers } from "../support/workers.ts";
import { waitFor } from "../support/wait.ts";

interface Ctx {
  app: TestApp;
  database: TestDatabase;
  sim: RunningEVisitorSim;
  token: string;
}

/** The app, the relay and the evisitor worker, against a fresh simulator, for one signed-in host. */
async function withProvisioning(fn: (ctx: Ctx) => Promise<void>, { maxDeliveries = 4 } = {}) {
  const database = await createTestDatabase();
  const nats = await startNatsServer();
  const smtp = await startSmtp();
  const sim = await startEVisitorSim();
  const evisitor = simulatorAccess(sim.baseUrl);
  const workers = await startTestWorkers({
    db: database.db,
    natsUrl: nats.url,
    smtpUrl: smtp.url,
    workers: ["relay", "evisitor"],
    evisitor,
    maxDeliveries,
  });
  try {
    const app = await createTestApp({ db: database.db, evisitor });
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

const accountsOf = async ({ app, token }: Ctx) =>
  (await (await getWith(app, "/api/ExternalAccounts?PageNumber=1&PageSize=10", token)).json())
    .items;
const propertiesOf = async ({ app, token }: Ctx) =>
  (await (await getWith(app, "/api/Properties?PageNumber=1&PageSize=20", token)).json()).items;

async function connect(ctx: Ctx) {
  const res = await postWith(ctx.app, "/api/ExternalAccounts", DEMO_HOST, ctx.token);
  assert.equal(res.status, 200);
  const { id } = await res.json();
  await waitFor(async () => (await accountsOf(ctx))[0]?.status === 2, { what: "Synchronized" });
  return id as string;
}

Deno.test({
  name:
    "connecting an eVisitor account mirrors its facilities and units, and a second sync duplicates nothing",
  ...REAL_SERVERS,
  fn: () =>
    withProvisioning(async (ctx) => {
      const id = await connect(ctx);
      const [account] = await accountsOf(ctx);
      assert.equal(account.lastError, null);
      assert.ok(account.lastSyncedAt);
      const first = await propertiesOf(ctx);
      const simState = await ctx.sim.control.state();
      const facilities = simState.hosts.find((h) => h.username === DEMO_HOST.username)!.facilities;
      assert.deepEqual(
        first.map((p: { name: string }) => p.name).sort(),
        facilities.map((f) => f.name).sort(),
      );
      const units = first.flatMap((p: { accommodationUnits: { code: string }[] }) =>
        p.accommodationUnits
      );
      assert.ok(units.length >= facilities.length);
      assert.equal(
        new Set(units.map((u: { code: string }) => u.code)).size,
        units.length,
        "unit codes are unique",
      );

      // The host renames a unit; a second sync keeps the name and the codes, and adds nothing.
      const renamed = first[0].accommodationUnits[0];
      await ctx.database.db.update(accommodationUnits).set({ name: "Apartman Lavanda" })
        .where(eq(accommodationUnits.id, renamed.id));
      await getWith(ctx.app, `/api/ExternalAccounts/Provision/${id}`, ctx.token);
      await waitFor(async () => (await accountsOf(ctx))[0]?.status === 2, {
        what: "the second sync",
      });
      const second = await propertiesOf(ctx);
      const unitsAgain = second.flatMap((
        p: { accommodationUnits: { code: string; name: string }[] },
      ) => p.accommodationUnits);
      assert.deepEqual(
        unitsAgain.map((u: { code: string }) => u.code).sort(),
        units.map((u: { code: string }) => u.code).sort(),
      );
      assert.ok(unitsAgain.some((u: { name: string }) => u.name === "Apartman Lavanda"));
      assert.equal(second.length, first.length);
    }),
});

Deno.test({
  name: "a sync that eVisitor refuses leaves the data and tells the host why, without retrying",
  ...REAL_SERVERS,
  fn: () =>
    withProvisioning(async (ctx) => {
      const id = await connect(ctx);
      const logins = async () =>
        (await ctx.sim.control.state()).requests.filter((r) =>
          r.path.endsWith("/Authentication/Login")
        ).length;
      const before = await logins();
      await ctx.sim.control.fail("lockout", 1);
      await getWith(ctx.app, `/api/ExternalAccounts/Provision/${id}`, ctx.token);
      const [account] = await waitFor(async () => {
        const list = await accountsOf(ctx);
        return list[0]?.lastError ? list : undefined;
      }, { what: "the failure to be recorded" });
      assert.equal(account.lastError, "locked-out");
      assert.equal(account.status, 2, "back to Synchronized: the earlier data stays");
      assert.ok((await propertiesOf(ctx)).length > 0);
      assert.equal(await logins(), before + 1, "one login, no retry storm");
    }),
});

Deno.test({
  name: "a sync during an eVisitor outage is retried and succeeds when eVisitor answers again",
  ...REAL_SERVERS,
  fn: () =>
    withProvisioning(async (ctx) => {
      await ctx.sim.control.fail("http500", 2, { path: "FacilityBrowse" });
      await connect(ctx);
      assert.ok((await propertiesOf(ctx)).length > 0);
      const [account] = await accountsOf(ctx);
      assert.equal(account.lastError, null);
    }),
});
