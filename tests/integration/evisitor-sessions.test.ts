/**
 * One eVisitor session per account per batch (issue 19 item 6), against the simulator, which
 * counts each host's logins, logouts and reads: the guests of a stay checked in together make one
 * login, read each code list once and end with one logout; two accounts keep their own sessions;
 * a session eVisitor ends mid-batch is re-established once; and two worker runners together keep
 * to the login cap per account.
 */
import assert from "node:assert/strict";
import { properties } from "@core/db/schema/properties.ts";
import { eq } from "drizzle-orm";
import { createDatabase } from "@core/db/client.ts";
import { guests } from "@core/db/schema/guests.ts";
import { productEVisitorClient } from "@core/evisitor/client.ts";
import { createSecretBox } from "@core/platform/crypto/secret-box.ts";
import type { EVisitorAccess } from "@core/services/external-accounts/evisitor-access.ts";
import { addDays, todayIn } from "@shared/local-date.ts";
import { createHost, getWith, postWith, signIn } from "../support/accounts.ts";
import { createTestApp, simulatorAccess, TEST_SECRETS, type TestApp } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import {
  connectDemoAccount,
  type EVisitorPipeline,
  propertiesOf,
  withEVisitorPipeline,
} from "../support/evisitor-pipeline.ts";
import {
  callsOf,
  DEMO_HOST,
  OTHER_DEMO_HOST,
  type RunningEVisitorSim,
  startEVisitorSim,
} from "../support/evisitor-sim.ts";
import { BIRGITTE } from "../support/guests.ts";
import { startNatsServer } from "../support/nats-server.ts";
import { REAL_SERVERS } from "../support/pipeline.ts";
import { startSmtp } from "../support/smtp.ts";
import { startTestWorkers } from "../support/workers.ts";
import { waitFor } from "../support/wait.ts";

/** The code lists a check-in reads (FacilityTouristCheckInLookup says whether it is a vacation home). */
const LOOKUPS = [
  "DocumentTtypeLookup",
  "TTPaymentCategoryLookup2",
  "ArrivalOrganisationLookup",
  "OfferedServiceTypeLookup",
  "FacilityTouristCheckInLookup",
];
const IDLE_MS = 1000;

let guestNumber = 0;
/** Guests who differ by name and document. */
const party = (size: number) =>
  Array.from({ length: size }, () => {
    const n = ++guestNumber;
    return { ...BIRGITTE, firstName: `Gost${n}`, documentNumber: `S${String(n).padStart(8, "0")}` };
  });

/** A stay from today in the property's `unit`th unit; returns its code. */
async function stayIn(app: TestApp, token: string, unitId: string): Promise<string> {
  const today = todayIn("Europe/Zagreb");
  const res = await postWith(app, "/api/Reservations", {
    accommodationUnitId: unitId,
    startDateUTC: `${today}T12:00:00.000Z`,
    endDateUTC: `${addDays(today, 3)}T12:00:00.000Z`,
  }, token);
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()).code;
}

async function checkIn(app: TestApp, code: string, people: unknown[]) {
  const res = await app.request("/api/Reservations/Guests", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ reservationCode: code, reservationGuests: people }),
  });
  assert.equal(res.status, 200, await res.clone().text());
}

/** Waits until the simulator has no session open for anyone (idle sessions logged out). */
async function noSessionOpen(sim: RunningEVisitorSim) {
  await waitFor(async () => (await sim.control.state()).sessions === 0, {
    what: "every eVisitor session logged out",
    timeoutMs: 15_000,
  });
}

async function registeredGuests(db: EVisitorPipeline["database"]["db"], n: number) {
  return await waitFor(async () => {
    const rows = await db.select().from(guests);
    if (rows.some((g) => g.registrationState === "failed")) {
      throw new Error(`a guest failed: ${rows.map((g) => g.registrationFailure).join(", ")}`);
    }
    return rows.length === n && rows.every((g) => g.registrationState === "registered") && rows;
  }, { what: `${n} guests registered`, timeoutMs: 20_000 });
}

/** eVisitor's active registrations: one per guest, under the guest's own registration id. */
async function assertRegisteredOnceEach(
  sim: RunningEVisitorSim,
  rows: { guid: string }[],
) {
  const active = (await sim.control.state()).registrations.filter((r) => r.status === "active");
  assert.equal(active.length, rows.length, "one registration per guest");
  assert.deepEqual(
    active.map((r) => r.id.toLowerCase()).sort(),
    rows.map((g) => g.guid.toLowerCase()).sort(),
  );
}

Deno.test({
  name: "three guests of a stay checked in together: one login, each code list once, one logout",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      await connectDemoAccount(ctx);
      const [property] = await propertiesOf(ctx);
      const code = await stayIn(ctx.app, ctx.token, property.accommodationUnits[0].id);
      await noSessionOpen(ctx.sim); // the account's provisioning session has ended
      const before = callsOf(await ctx.sim.control.state(), DEMO_HOST.username);

      await checkIn(ctx.app, code, party(3));
      const rows = await registeredGuests(ctx.database.db, 3);
      await noSessionOpen(ctx.sim);

      const after = callsOf(await ctx.sim.control.state(), DEMO_HOST.username);
      assert.equal(after.logins - before.logins, 1, "one login for the three guests");
      assert.equal(after.logouts - before.logouts, 1, "one logout once the session was idle");
      for (const lookup of LOOKUPS) {
        assert.equal(
          (after.reads[lookup] ?? 0) - (before.reads[lookup] ?? 0),
          1,
          `${lookup} read once`,
        );
      }
      assert.equal((after.actions.CheckInTourist ?? 0) - (before.actions.CheckInTourist ?? 0), 3);
      await assertRegisteredOnceEach(ctx.sim, rows);
    }, { sessionIdleMs: IDLE_MS }),
});

Deno.test({
  name: "two hosts' accounts checked in at the same time keep their own eVisitor sessions",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      await connectDemoAccount(ctx);
      // A second host with the simulator's other account.
      await createHost(ctx.app, ctx.database.db, { email: "ben@example.com" });
      const ben = (await signIn(ctx.app, "ben@example.com")).accessToken;
      assert.equal(
        (await postWith(ctx.app, "/api/ExternalAccounts", OTHER_DEMO_HOST, ben)).status,
        200,
      );
      const bensProperties = async () =>
        (await (await getWith(ctx.app, "/api/Properties?PageNumber=1&PageSize=20", ben)).json())
          .items;
      await waitFor(async () => (await bensProperties())[0]?.accommodationUnits?.length > 0, {
        what: "the second account mirrored",
      });
      const [anasProperty] = await propertiesOf(ctx);
      const [bensProperty] = await bensProperties();
      // Ben's guests go to eVisitor at once too (off, they would wait for his approval).
      await ctx.database.db.update(properties).set({ automaticCheckIn: true })
        .where(eq(properties.id, bensProperty.id));
      const anasStay = await stayIn(ctx.app, ctx.token, anasProperty.accommodationUnits[0].id);
      const bensStay = await stayIn(ctx.app, ben, bensProperty.accommodationUnits[0].id);
      await noSessionOpen(ctx.sim);
      const state0 = await ctx.sim.control.state();
      const before = [
        callsOf(state0, DEMO_HOST.username),
        callsOf(state0, OTHER_DEMO_HOST.username),
      ];

      await Promise.all([
        checkIn(ctx.app, anasStay, party(3)),
        checkIn(ctx.app, bensStay, party(2)),
      ]);
      await registeredGuests(ctx.database.db, 5);
      await noSessionOpen(ctx.sim);

      const state = await ctx.sim.control.state();
      const after = [callsOf(state, DEMO_HOST.username), callsOf(state, OTHER_DEMO_HOST.username)];
      for (const [i, expected] of [[0, 3], [1, 2]]) {
        assert.equal(after[i].logins - before[i].logins, 1, "one login per account");
        assert.equal(after[i].logouts - before[i].logouts, 1, "one logout per account");
        assert.equal(
          (after[i].actions.CheckInTourist ?? 0) - (before[i].actions.CheckInTourist ?? 0),
          expected,
        );
      }
      // Each guest was registered by their own host's account, never through the other's session.
      const byHost = (username: string) =>
        state.registrations.filter((r) => r.username === username && r.status === "active");
      assert.equal(byHost(DEMO_HOST.username).length, 3);
      assert.equal(byHost(OTHER_DEMO_HOST.username).length, 2);
      assert.ok(
        state.requests.filter((r) => r.path.includes("/CheckInTourist/"))
          .every((r) => r.status === 200),
      );
    }, { sessionIdleMs: IDLE_MS }),
});

Deno.test({
  name: "a session eVisitor ends mid-batch is re-established once and every guest registered once",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      await connectDemoAccount(ctx);
      const [property] = await propertiesOf(ctx);
      const code = await stayIn(ctx.app, ctx.token, property.accommodationUnits[0].id);
      await noSessionOpen(ctx.sim);
      const before = callsOf(await ctx.sim.control.state(), DEMO_HOST.username);
      // The first guest's check-in goes through; the second ends every session as it arrives.
      await ctx.sim.control.fail("expire-on-call", 1, { path: "CheckInTourist", after: 1 });

      await checkIn(ctx.app, code, party(4));
      const rows = await registeredGuests(ctx.database.db, 4);
      await noSessionOpen(ctx.sim);

      const state = await ctx.sim.control.state();
      assert.equal(state.faults.length, 0, "the session was ended mid-batch");
      const after = callsOf(state, DEMO_HOST.username);
      assert.equal(after.logins - before.logins, 2, "the first login and one more");
      // The session that eVisitor ended cannot be logged out; the new one is.
      assert.equal(after.logouts - before.logouts, 1);
      await assertRegisteredOnceEach(ctx.sim, rows);
    }, { sessionIdleMs: IDLE_MS }),
});

Deno.test({
  name: "two worker runners together keep to the login cap of an account",
  ...REAL_SERVERS,
  async fn() {
    const CAP = 2;
    const WINDOW_MS = 3000;
    const database = await createTestDatabase();
    const nats = await startNatsServer();
    const smtp = await startSmtp();
    const sim = await startEVisitorSim();
    const secretBox = await createSecretBox(TEST_SECRETS.DATA_ENCRYPTION_KEY);
    // The second runner has a database connection of its own, as another process would.
    const second = createDatabase({ url: database.url });
    const opened = [0, 0];
    /** A runner's eVisitor access: the product's client, guard and cap in the database. */
    const cappedAccess = (db: typeof database.db, runner: number): EVisitorAccess => {
      const open = productEVisitorClient(db, secretBox, {
        loginCap: { max: CAP, windowMs: WINDOW_MS },
      });
      return {
        endpoint: { baseUrl: sim.baseUrl, timeoutMs: 2000 },
        openSession: (endpoint, credentials) => {
          opened[runner]++;
          return open(endpoint, credentials);
        },
      };
    };
    // No session outlives its work, so every guest sent alone needs a login of its own.
    const runners = [
      await startTestWorkers({
        db: database.db,
        natsUrl: nats.urls.workers,
        smtpUrl: smtp.url,
        workers: ["relay", "evisitor", "scheduler"],
        evisitor: cappedAccess(database.db, 0),
        sessionIdleMs: 0,
      }),
      await startTestWorkers({
        db: second.db,
        natsUrl: nats.urls.workers,
        smtpUrl: smtp.url,
        workers: ["evisitor"],
        evisitor: cappedAccess(second.db, 1),
        sessionIdleMs: 0,
      }),
    ];
    try {
      const app = await createTestApp({ db: database.db, evisitor: simulatorAccess(sim.baseUrl) });
      await createHost(app, database.db, { email: "ana@example.com" });
      const { accessToken } = await signIn(app, "ana@example.com");
      const ctx = { app, database, sim, token: accessToken };
      await connectDemoAccount(ctx);
      const connectedAt = Date.now();
      const [property] = await propertiesOf(ctx);
      const stays = [
        await stayIn(app, accessToken, property.accommodationUnits[0].id),
        await stayIn(app, accessToken, property.accommodationUnits[1].id),
      ];

      // Six guests one after another, each as soon as the one before is registered.
      const GUESTS = 6;
      for (let i = 0; i < GUESTS; i++) {
        await checkIn(app, stays[i % 2], party(1));
        await waitFor(async () => {
          const done = await database.db.select({ id: guests.id }).from(guests)
            .where(eq(guests.registrationState, "registered"));
          return done.length === i + 1;
        }, { what: `guest ${i + 1} registered`, timeoutMs: 20_000 });
      }
      await noSessionOpen(sim);

      const state = await sim.control.state();
      // The workers' logins for the guests (the API's check of the password and provisioning's
      // login came before connectedAt).
      const logins = state.requests
        .filter((r) => r.path.endsWith("/Login") && r.username === DEMO_HOST.username)
        .map((r) => Date.parse(r.at))
        .filter((at) => at >= connectedAt);
      assert.ok(logins.length >= GUESTS, `a login per guest (${logins.length})`);
      assert.ok(opened[0] > 0 && opened[1] > 0, `both runners logged in (${opened})`);
      // No window holds more than CAP logins, less a margin for the way to the simulator on a
      // loaded machine (a cap kept per runner lets logins of the two runners come together).
      for (let i = CAP; i < logins.length; i++) {
        assert.ok(
          logins[i] - logins[i - CAP] >= WINDOW_MS - 1000,
          `logins ${i - CAP + 1} and ${i + 1} are ${logins[i] - logins[i - CAP]} ms apart`,
        );
      }
      await assertRegisteredOnceEach(sim, await database.db.select().from(guests));
    } finally {
      for (const runner of runners) await runner.stop();
      second.client.close();
      await sim.stop();
      await smtp.stop();
      await nats.dispose();
      await database.dispose();
    }
  },
});
