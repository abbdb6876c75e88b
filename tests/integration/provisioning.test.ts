import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { processedEvents } from "@core/db/schema/processed-events.ts";
import {
  evisitorSettlementLists,
  evisitorSettlements,
} from "@core/db/schema/evisitor-settlements.ts";
import { getWith, postWith } from "../support/accounts.ts";
import { deleteSettlements } from "@core/services/guests/settlements.ts";
import { DEMO_HOST } from "../support/evisitor-sim.ts";
import {
  accountsOf,
  connectDemoAccount,
  type EVisitorPipeline,
  propertiesOf,
  withEVisitorPipeline,
} from "../support/evisitor-pipeline.ts";
import { REAL_SERVERS } from "../support/pipeline.ts";
import { waitFor } from "../support/wait.ts";

type Ctx = EVisitorPipeline;
const withProvisioning = withEVisitorPipeline;
const connect = connectDemoAccount;

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
      // The first sync's session logs out once idle; the next sync then has to log in.
      await waitFor(async () => (await ctx.sim.control.state()).sessions === 0, {
        what: "the first sync's session logged out",
      });
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
  name: "a sync that meets eVisitor's firewall is tried once and the host told, not retried",
  ...REAL_SERVERS,
  fn: () =>
    withProvisioning(async (ctx) => {
      const id = await connect(ctx);
      await waitFor(async () => (await ctx.sim.control.state()).sessions === 0, {
        what: "the first sync's session logged out",
      });
      const browses = async () =>
        (await ctx.sim.control.state()).requests.filter((r) => r.path.includes("/FacilityBrowse"))
          .length;
      const before = await browses();
      // Issue 31 item 4: a firewall block is deterministic as a rule; one try, then hours.
      await ctx.sim.control.fail("waf", 5, { path: "FacilityBrowse", supportId: "987654321" });
      await getWith(ctx.app, `/api/ExternalAccounts/Provision/${id}`, ctx.token);
      const [account] = await waitFor(async () => {
        const list = await accountsOf(ctx);
        return list[0]?.lastError ? list : undefined;
      }, { what: "the firewall recorded" });
      assert.equal(account.lastError, "firewall:987654321");
      assert.equal(account.status, 2, "back to Synchronized: the earlier data stays");
      // The sync's event is done with (not handed back for another delivery): both syncs, the
      // first and this one, are marked processed.
      await waitFor(async () => {
        const done = await ctx.database.db.select().from(processedEvents)
          .where(eq(processedEvents.consumer, "evisitor_provisioning"));
        return done.length === 2;
      }, { what: "the firewall's sync finished, not redelivered" });
      assert.equal(await browses(), before + 1, "one try");
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

Deno.test({
  name: "a sync keeps eVisitor's settlements for the account; a failed read keeps the last list",
  ...REAL_SERVERS,
  fn: () =>
    withProvisioning(async (ctx) => {
      const id = await connect(ctx);
      const listed = async () =>
        (await ctx.database.db.select().from(evisitorSettlements)
          .where(eq(evisitorSettlements.externalAccountId, id))).map((s) => s.name).sort();
      const names = await listed();
      assert.ok(names.includes("Zagreb-Zagreb"));
      assert.ok(names.includes("Ivanić-Grad-Ivanić-Grad"));
      assert.ok(!names.includes("Zadar-Bokanjac"), "inactive settlements are not kept");
      const [{ fetchedAt }] = await ctx.database.db.select().from(evisitorSettlementLists)
        .where(eq(evisitorSettlementLists.externalAccountId, id));

      // eVisitor fails the settlement read (every retry): the sync still completes, the list stays.
      await ctx.sim.control.fail("http500", 20, { path: "SettlementLookup" });
      await getWith(ctx.app, `/api/ExternalAccounts/Provision/${id}`, ctx.token);
      await waitFor(async () => {
        const [account] = await accountsOf(ctx);
        return account?.status === 2 && account.lastSyncedAt !== null &&
          new Date(account.lastSyncedAt).getTime() > fetchedAt!.getTime();
      }, { what: "the second sync" });
      assert.equal((await accountsOf(ctx))[0].lastError, null);
      assert.deepEqual(await listed(), names);
    }),
});

Deno.test({
  name: "a search of an account without a settlement list has the worker read it, once",
  ...REAL_SERVERS,
  fn: () =>
    withProvisioning(async (ctx) => {
      const id = await connect(ctx);
      // As for an account connected before settlements were kept.
      await deleteSettlements(ctx.database.db, id);
      const [property] = await propertiesOf(ctx);
      const stay = await postWith(ctx.app, "/api/Reservations", {
        accommodationUnitId: property.accommodationUnits[0].id,
        startDateUTC: new Date().toISOString(),
        endDateUTC: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      }, ctx.token);
      assert.equal(stay.status, 200, await stay.clone().text());
      const { code } = await stay.json();
      const search = async () =>
        await (await ctx.app.request(`/api/Reservations/${code}/Settlements?Query=adamovec`))
          .json();
      const readsBefore = await settlementReads(ctx);
      assert.deepEqual(await search(), { available: false, settlements: [] });
      assert.equal((await search()).available, false, "answered at once, not waiting");
      const found = await waitFor(async () => {
        const answer = await search();
        return answer.available ? answer : undefined;
      }, { what: "the worker to read the settlements" });
      assert.deepEqual(found.settlements, [{ name: "Zagreb-Adamovec", zipCode: "10363" }]);
      assert.equal(await settlementReads(ctx) - readsBefore, 1, "read from eVisitor once");
    }),
});

const settlementReads = async (ctx: Ctx) =>
  (await ctx.sim.control.state()).requests.filter((r) => r.path.includes("SettlementLookup"))
    .length;
