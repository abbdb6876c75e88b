import assert from "node:assert/strict";
import { count, eq } from "drizzle-orm";
import { externalAccounts } from "@core/db/schema/external-accounts.ts";
import { outbox } from "@core/db/schema/outbox.ts";
import { properties } from "@core/db/schema/properties.ts";
import { createHost, getWith, postWith, signIn } from "../support/accounts.ts";
import { simulatorAccess, withTestApp } from "../support/app.ts";
import {
  DEMO_HOST,
  OTHER_DEMO_HOST,
  type RunningEVisitorSim,
  startEVisitorSim,
} from "../support/evisitor-sim.ts";
import { seedMirroredAccount } from "../support/properties.ts";

type Ctx = Parameters<Parameters<typeof withTestApp>[0]>[0] & { sim: RunningEVisitorSim };

/** The app against a fresh simulator, with two signed-in hosts. */
async function withSim(
  fn: (ctx: Ctx & { ana: string; bruno: string; anaId: string }) => Promise<void>,
) {
  const sim = await startEVisitorSim();
  try {
    await withTestApp(async (ctx) => {
      const anaId = await createHost(ctx.app, ctx.db, { email: "ana@example.com" });
      await createHost(ctx.app, ctx.db, { email: "bruno@example.com" });
      const ana = (await signIn(ctx.app, "ana@example.com")).accessToken;
      const bruno = (await signIn(ctx.app, "bruno@example.com")).accessToken;
      await fn({ ...ctx, sim, ana, bruno, anaId });
    }, { evisitor: simulatorAccess(sim.baseUrl) });
  } finally {
    await sim.stop();
  }
}

const stored = async (db: Ctx["db"]) => ({
  accounts: (await db.select({ n: count() }).from(externalAccounts))[0].n,
  events: (await db.select({ n: count() }).from(outbox).where(
    eq(outbox.subject, "evisitor.provisioning.requested"),
  ))[0].n,
});

Deno.test("POST /api/ExternalAccounts connects an account eVisitor accepts, with its secrets sealed", () =>
  withSim(async ({ app, db, ana }) => {
    const res = await postWith(app, "/api/ExternalAccounts", {
      ...DEMO_HOST,
      email: "ana@example.com",
    }, ana);
    assert.equal(res.status, 200);
    const account = await res.json();
    assert.equal(account.username, DEMO_HOST.username);
    assert.equal(account.status, 0, "Created");
    assert.equal(account.type, 0, "EVisitor");
    assert.equal("password" in account, false);
    const [row] = await db.select().from(externalAccounts);
    assert.match(row.passwordSealed, /^v1:/);
    assert.ok(!row.passwordSealed.includes(DEMO_HOST.password));
    assert.deepEqual(await stored(db), { accounts: 1, events: 1 });
  }));

Deno.test("POST /api/ExternalAccounts refuses a wrong password after exactly one login, storing nothing", () =>
  withSim(async ({ app, db, ana, sim }) => {
    const before = (await sim.control.state()).loginAttempts;
    const res = await postWith(app, "/api/ExternalAccounts", {
      username: DEMO_HOST.username,
      password: "Kriva-Lozinka",
    }, ana);
    assert.equal(res.status, 400);
    const problem = await res.json();
    assert.equal(problem.code, "ExternalAccountInvalid");
    assert.equal(
      problem.detail,
      "eVisitor did not accept this username and password. Nothing was saved.",
    );
    assert.equal((await sim.control.state()).loginAttempts, before + 1, "one login, no retries");
    assert.deepEqual(await stored(db), { accounts: 0, events: 0 });
  }));

Deno.test("POST /api/ExternalAccounts says so when eVisitor cannot be reached, storing nothing", () =>
  withSim(async ({ app, db, ana, sim }) => {
    await sim.control.fail("http500", 1);
    const res = await postWith(app, "/api/ExternalAccounts", DEMO_HOST, ana);
    assert.equal(res.status, 503);
    assert.match((await res.json()).detail, /could not be reached.*Nothing was saved/);
    assert.deepEqual(await stored(db), { accounts: 0, events: 0 });
  }));

Deno.test("POST /api/ExternalAccounts refuses an account connected already, and one beyond the plan", () =>
  withSim(async ({ app, db, ana, bruno }) => {
    assert.equal((await postWith(app, "/api/ExternalAccounts", DEMO_HOST, ana)).status, 200);
    const taken = await postWith(app, "/api/ExternalAccounts", DEMO_HOST, bruno);
    assert.equal(taken.status, 409);
    const problem = await taken.json();
    assert.equal(problem.code, "ExternalAccountExists");
    // Said to the password's holder only, and without naming the host who connected it.
    const [message] = problem.errors.username;
    assert.match(message, /another host/);
    assert.match(message, /invit/);
    assert.doesNotMatch(JSON.stringify(problem), /ana@example|@/);
    const second = await postWith(app, "/api/ExternalAccounts", OTHER_DEMO_HOST, ana);
    assert.equal(second.status, 403);
    assert.equal(
      (await second.json()).detail,
      "External account limit reached for your subscription.",
    );
    assert.deepEqual(await stored(db), { accounts: 1, events: 1 });
  }));

Deno.test("external accounts are scoped to their host: another host's id is unknown", () =>
  withSim(async ({ app, ana, bruno }) => {
    const { id } = await (await postWith(app, "/api/ExternalAccounts", DEMO_HOST, ana)).json();
    const list = await (await getWith(app, "/api/ExternalAccounts?PageNumber=1&PageSize=10", bruno))
      .json();
    assert.equal(list.totalCount, 0);
    assert.equal((await getWith(app, `/api/ExternalAccounts/Provision/${id}`, bruno)).status, 404);
    const del = await app.request(`/api/ExternalAccounts/${id}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${bruno}` },
    });
    assert.equal(del.status, 404);
    const put = await app.request(`/api/ExternalAccounts/${id}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${bruno}`, "Content-Type": "application/json" },
      body: JSON.stringify(DEMO_HOST),
    });
    assert.equal(put.status, 404);
    const mine = await (await getWith(app, "/api/ExternalAccounts?PageNumber=1&PageSize=10", ana))
      .json();
    assert.equal(mine.totalCount, 1);
  }));

Deno.test("GET /api/ExternalAccounts/Provision/{id} marks the account Provisioning and queues a sync", () =>
  withSim(async ({ app, db, ana }) => {
    const { id } = await (await postWith(app, "/api/ExternalAccounts", DEMO_HOST, ana)).json();
    const res = await getWith(app, `/api/ExternalAccounts/Provision/${id}`, ana);
    assert.equal(res.status, 200);
    assert.equal((await res.json()).status, 3);
    assert.deepEqual(await stored(db), { accounts: 1, events: 2 });
  }));

Deno.test("PUT /api/ExternalAccounts/{id} deletes the mirrored data and provisions anew", () =>
  withSim(async ({ app, db, ana, anaId }) => {
    const { id } = await (await postWith(app, "/api/ExternalAccounts", DEMO_HOST, ana)).json();
    await seedMirroredAccount(db, anaId);
    await db.update(properties).set({ externalAccountId: id });
    const res = await app.request(`/api/ExternalAccounts/${id}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${ana}`, "Content-Type": "application/json" },
      body: JSON.stringify({ ...DEMO_HOST, email: "nova@example.com" }),
    });
    assert.equal(res.status, 200);
    const account = await res.json();
    assert.equal(account.status, 1, "Edited");
    assert.deepEqual(account.properties, []);
    assert.equal(
      (await db.select({ n: count() }).from(properties).where(
        eq(properties.externalAccountId, id),
      ))[0].n,
      0,
    );
  }));

Deno.test("DELETE /api/ExternalAccounts/{id} disconnects the account with what was mirrored", () =>
  withSim(async ({ app, db, ana }) => {
    const { id } = await (await postWith(app, "/api/ExternalAccounts", DEMO_HOST, ana)).json();
    const res = await app.request(`/api/ExternalAccounts/${id}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${ana}` },
    });
    assert.equal(res.status, 204);
    assert.equal((await stored(db)).accounts, 0);
  }));

Deno.test("POST /api/ExternalAccounts without a key the test service needs asks for the key", () =>
  withSim(async ({ app, db, ana, sim }) => {
    await sim.control.setCredentials(DEMO_HOST.username, { apiKey: "htz-issued-key" });
    const res = await postWith(app, "/api/ExternalAccounts", { ...DEMO_HOST }, ana);
    assert.equal(res.status, 400);
    const problem = await res.json();
    assert.equal(problem.code, "ExternalAccountInvalid");
    assert.equal(
      problem.detail,
      "eVisitor's test service needs an API key for this account. Enter the key HTZ/eVisitor " +
        "support issued for it. Nothing was saved.",
    );
    assert.doesNotMatch(problem.detail, /leave it empty/);
    assert.deepEqual(problem.errors.apiKey, ["eVisitor's test service needs an API key."]);
    assert.deepEqual(await stored(db), { accounts: 0, events: 0 });
  }));

Deno.test("POST /api/ExternalAccounts with a wrong key says the key was refused", () =>
  withSim(async ({ app, ana, sim }) => {
    await sim.control.setCredentials(DEMO_HOST.username, { apiKey: "htz-issued-key" });
    const res = await postWith(app, "/api/ExternalAccounts", {
      ...DEMO_HOST,
      apiKey: "wrong-key",
    }, ana);
    assert.equal(res.status, 400);
    const problem = await res.json();
    assert.deepEqual(problem.errors.apiKey, ["eVisitor refused this API key."]);
    assert.match(problem.detail, /refused the API key/);
  }));
