/**
 * An eVisitor account over time: a new password without losing anything, an account that stays
 * on the service it was connected on, a refused API key asked once, and eVisitor's firewall page
 * told to the host. Real pipeline (API, outbox, relay, NATS, evisitor worker) against simulators.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { addDays } from "@shared/local-date.ts";
import {
  GuestCancelRequested,
  GuestCheckOutRequested,
  GuestDepartureUpdateRequested,
  GuestUndoCheckOutRequested,
} from "@shared/events.ts";
import { FIREWALL_BACKOFF_HOURS } from "@shared/firewall-backoff.ts";
import { todayInStayZone } from "@shared/time-zone.ts";
import { accountEvents } from "@core/db/schema/account-events.ts";
import { evisitorSettlementLists } from "@core/db/schema/evisitor-settlements.ts";
import { externalAccounts } from "@core/db/schema/external-accounts.ts";
import { outbox } from "@core/db/schema/outbox.ts";
import { bearer, createHost, getWith, postWith, signIn } from "../support/accounts.ts";
import { createTestApp, simulatorAccess } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import {
  accountsOf,
  checkGuestsInAutomatically,
  connectDemoAccount,
  type EVisitorPipeline,
  propertiesOf,
  withEVisitorPipeline,
} from "../support/evisitor-pipeline.ts";
import { DEMO_HOST, startEVisitorSim } from "../support/evisitor-sim.ts";
import { BIRGITTE } from "../support/guests.ts";
import { startNatsServer } from "../support/nats-server.ts";
import { REAL_SERVERS } from "../support/pipeline.ts";
import { startSmtp } from "../support/smtp.ts";
import { waitFor } from "../support/wait.ts";
import { startTestWorkers } from "../support/workers.ts";
import type { TestApp } from "../support/app.ts";

const noon = (date: string) => `${date}T12:00:00.000Z`;

interface HostGuest {
  id: string;
  guid: string;
  name: string;
  status: string;
  registrationState: string;
  registrationFailure?: { code: string; detail: string | null };
  registrationError?: string | null;
  registrationRetryAt?: string | null;
}

type Ctx = { app: TestApp; token: string };

/** A stay under way in the account's first unit; returns its code. */
async function stay(ctx: Ctx, unit = 0): Promise<string> {
  const [property] =
    (await (await getWith(ctx.app, "/api/Properties?PageNumber=1&PageSize=20", ctx.token)).json())
      .items;
  const booked = await postWith(ctx.app, "/api/Reservations", {
    accommodationUnitId: property.accommodationUnits[unit].id,
    startDateUTC: noon(addDays(todayInStayZone(), -1)),
    endDateUTC: noon(addDays(todayInStayZone(), 2)),
  }, ctx.token);
  assert.equal(booked.status, 200, await booked.clone().text());
  return (await booked.json()).code;
}

async function checkIn(ctx: Ctx, code: string, guest: Record<string, unknown>) {
  const res = await ctx.app.request("/api/Reservations/Guests", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ reservationCode: code, reservationGuests: [guest] }),
  });
  assert.equal(res.status, 200, await res.clone().text());
}

const guestsOf = async (ctx: Ctx, code: string) =>
  (await (await getWith(ctx.app, `/api/Reservations/${code}`, ctx.token)).json())
    .guests as HostGuest[];

const guestWhere = (
  ctx: Ctx,
  code: string,
  ready: (g: HostGuest) => boolean,
  what: string,
  timeoutMs = 15_000,
) => waitFor(async () => (await guestsOf(ctx, code)).find(ready), { what, timeoutMs });

const requestsTo = async (ctx: EVisitorPipeline, part: string) =>
  (await ctx.sim.control.state()).requests.filter((r) => r.path.includes(part));

Deno.test({
  name: "a new eVisitor password is checked, stored, and keeps every property, unit and stay",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const accountId = await connectDemoAccount(ctx);
      const before = await propertiesOf(ctx);
      const code = await stay(ctx);
      await checkIn(ctx, code, BIRGITTE);
      const first = await guestWhere(ctx, code, (g) => g.status === "CheckedIn", "registered");

      // eVisitor made the host change the password: the next registration is refused.
      await ctx.sim.control.setCredentials(DEMO_HOST.username, { password: "Nova-Lozinka-7" });
      await checkIn(ctx, code, { ...BIRGITTE, firstName: "Ida", documentNumber: "DK7654321" });
      const held = await guestWhere(
        ctx,
        code,
        (g) => g.name === "Ida" && g.registrationState === "failed",
        "the registration refused for the old password",
      );
      assert.equal(held.registrationFailure?.code, "credentials");
      assert.equal((await accountsOf(ctx))[0].lastError, "invalid-credentials", "on the account");

      const url = `/api/ExternalAccounts/${accountId}/credentials`;
      const empty = await postWith(ctx.app, url, {}, ctx.token);
      assert.equal(empty.status, 400, "a new password or API key is needed");
      const [stored] = await ctx.database.db.select().from(externalAccounts);
      const sealedBefore = stored.passwordSealed;
      const wrong = await postWith(ctx.app, url, { password: "Krivo-1" }, ctx.token);
      assert.equal(wrong.status, 400);
      const problem = await wrong.json();
      assert.equal(problem.code, "ExternalAccountInvalid");
      assert.match(problem.detail, /did not accept this username and password\. Nothing was saved/);
      assert.ok(problem.errors.password, "said at the password field");
      const [unchanged] = await ctx.database.db.select().from(externalAccounts);
      assert.deepEqual(unchanged, stored, "a refused password changes nothing");

      const res = await postWith(ctx.app, url, { password: "Nova-Lozinka-7" }, ctx.token);
      assert.equal(res.status, 200, await res.clone().text());
      const answered = await res.json();
      assert.equal(answered.id, accountId);
      assert.equal(answered.username, DEMO_HOST.username);
      assert.ok(!JSON.stringify(answered).includes("Nova-Lozinka-7"), "never shown back");
      const [after] = await ctx.database.db.select().from(externalAccounts);
      assert.notEqual(after.passwordSealed, sealedBefore);
      assert.ok(!after.passwordSealed.includes("Nova-Lozinka-7"), "sealed at rest");

      // Nothing else changed: the same properties, units and QR codes, the stay and its guest.
      const kept = await propertiesOf(ctx);
      assert.deepEqual(
        kept.map((p: { id: string; accommodationUnits: { id: string; code: string }[] }) => [
          p.id,
          p.accommodationUnits.map((u) => [u.id, u.code]),
        ]),
        before.map((p: { id: string; accommodationUnits: { id: string; code: string }[] }) => [
          p.id,
          p.accommodationUnits.map((u) => [u.id, u.code]),
        ]),
      );
      // The guest the old password held up is sent again and registered.
      const ida = await guestWhere(
        ctx,
        code,
        (g) => g.name === "Ida" && g.status === "CheckedIn",
        "the held registration sent again",
      );
      assert.ok(ida);
      const guests = await guestsOf(ctx, code);
      assert.equal(guests.find((g) => g.id === first.id)?.guid, first.guid);
      const registrations = (await ctx.sim.control.state()).registrations;
      assert.deepEqual(registrations.map((r) => r.status), ["active", "active"]);
      // The refusal the workers put on the account is cleared by the sync the change started.
      await waitFor(async () => {
        const [account] = await accountsOf(ctx);
        return account.status === 2 && account.lastError === null;
      }, { what: "Synchronized, without the old refusal" });
      assert.deepEqual(
        (await propertiesOf(ctx)).map((p: { id: string }) => p.id),
        before.map((p: { id: string }) => p.id),
        "the same properties after that sync",
      );

      const history = await ctx.database.db.select().from(accountEvents)
        .where(eq(accountEvents.kind, "ExternalAccountCredentialsChanged"));
      assert.equal(history.length, 1);
      assert.deepEqual(history[0].details, { username: DEMO_HOST.username });
    }),
});

Deno.test({
  name: "an account connected on one eVisitor service stays on it when the default changes",
  ...REAL_SERVERS,
  async fn() {
    const database = await createTestDatabase();
    const nats = await startNatsServer();
    const smtp = await startSmtp();
    // "test": where the host connected; "production": the process default afterwards, which
    // does not know this host at all.
    const testService = await startEVisitorSim();
    const production = await startEVisitorSim({ seed: { hosts: [] } });
    const workers = await startTestWorkers({
      db: database.db,
      natsUrl: nats.urls.workers,
      smtpUrl: smtp.url,
      workers: ["relay", "evisitor", "scheduler"],
      evisitor: simulatorAccess(production.baseUrl),
    });
    try {
      const before = await createTestApp({
        db: database.db,
        // Under the test service's own root, as https://www.evisitor.hr/testApi.
        evisitor: simulatorAccess(`${testService.baseUrl}/testApi`),
      });
      await createHost(before, database.db, { email: "ana@example.com" });
      const { accessToken: token } = await signIn(before, "ana@example.com");
      const connected = await postWith(before, "/api/ExternalAccounts", DEMO_HOST, token);
      assert.equal(connected.status, 200);
      const { id } = await connected.json();
      const [row] = await database.db.select().from(externalAccounts);
      assert.equal(
        row.environment,
        `${testService.baseUrl}/testApi`,
        "the service is stored with the account",
      );

      // The API restarted with production as its default.
      const app = await createTestApp({
        db: database.db,
        evisitor: simulatorAccess(production.baseUrl),
      });
      const ctx = { app, token };
      await waitFor(async () => {
        const page =
          await (await getWith(app, "/api/ExternalAccounts?PageNumber=1&PageSize=5", token))
            .json();
        return page.items[0]?.status === 2;
      }, { what: "synced from the test service" });
      await checkGuestsInAutomatically(database.db, id);

      const code = await stay(ctx);
      await checkIn(ctx, code, BIRGITTE);
      const guest = await guestWhere(
        ctx,
        code,
        (g) => g.status === "CheckedIn",
        "registered on the test service",
      );
      assert.equal((await testService.control.state()).registrations.length, 1);

      // A new password is checked on the account's service too.
      await testService.control.setCredentials(DEMO_HOST.username, { password: "Nova-Lozinka-8" });
      const changed = await postWith(
        app,
        `/api/ExternalAccounts/${id}/credentials`,
        { password: "Nova-Lozinka-8" },
        token,
      );
      assert.equal(changed.status, 200, await changed.clone().text());

      // Every other worker path too: a new departure, a check-out and its undo, a cancel, the
      // stay's refresh (opening it above) and the settlement list.
      const [property] = (await (await getWith(
        app,
        "/api/Properties?PageNumber=1&PageSize=20",
        token,
      )).json()).items;
      const later = addDays(todayInStayZone(), 4);
      const moved = await app.request(`/api/Reservations/${code}`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", ...bearer(token) },
        body: JSON.stringify({
          accommodationUnitId: property.accommodationUnits[0].id,
          startDateUTC: noon(addDays(todayInStayZone(), -1)),
          endDateUTC: noon(later),
        }),
      });
      assert.equal(moved.status, 200, await moved.clone().text());
      await waitFor(async () => {
        const [r] = (await testService.control.state()).registrations;
        return r.fields.ForeseenStayUntil === later;
      }, { what: "the new departure on the test service" });
      const out = await postWith(app, "/api/Guests/checkout", [{ id: guest.id }], token);
      assert.equal(out.status, 202);
      await guestWhere(ctx, code, (g) => g.status === "CheckedOut", "checked out there");
      const undo = await postWith(app, "/api/Guests/undoCheckout", [{ id: guest.id }], token);
      assert.equal(undo.status, 202);
      await guestWhere(ctx, code, (g) => g.status === "CheckedIn", "check-out undone there");
      const cancelled = await postWith(app, "/api/Guests/cancel", {
        guests: [{ id: guest.id }],
        reason: "Gost nije došao",
      }, token);
      assert.equal(cancelled.status, 202);
      await guestWhere(ctx, code, (g) => g.status === "Cancelled", "cancelled there");
      await database.db.delete(evisitorSettlementLists);
      await waitFor(async () => {
        const res = await app.request(`/api/Reservations/${code}/Settlements?Query=zagreb`);
        return (await res.json()).available;
      }, { what: "the settlement list read again from the test service" });
      const asked = (await testService.control.state()).requests.map((r) => r.path);
      assert.ok(asked.every((p) => p.startsWith("/testApi/")), "always under the account's root");
      for (
        const call of [
          "CheckOutTourist",
          "CancelTouristCheckOut",
          "CancelTouristCheckIn",
          "ListOfTourists",
        ]
      ) {
        assert.ok(asked.some((p) => p.includes(`/${call}/`)), `${call} on the test service`);
      }
      assert.ok(asked.filter((p) => p.includes("/SettlementLookup/")).length >= 2);

      const elsewhere = await production.control.state();
      assert.equal(elsewhere.requests.length, 0, "production was never asked");
      assert.equal(elsewhere.registrations.length, 0);
    } finally {
      await workers.stop();
      await testService.stop();
      await production.stop();
      await smtp.stop();
      await nats.dispose();
      await database.dispose();
    }
  },
});

/** A host of the test service: its application's API key is needed to log in. */
const KEYED_HOST = {
  username: "11111111111.api",
  password: "Test-Lozinka-1",
  apiKey: "KLJUC-2026-A",
};

Deno.test({
  name: "a refused API key is asked once, then a new key registers the held guest",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      await ctx.sim.control.addHost({
        ...KEYED_HOST,
        facilities: [{
          code: "0001111",
          name: "Apartman Test",
          unitTypes: [{ id: "a1000000-0000-4000-8000-0000000000aa", nameCode: "Apartman" }],
          units: [{
            id: "c1000000-0000-4000-8000-0000000000aa",
            typeId: "a1000000-0000-4000-8000-0000000000aa",
            beds: 4,
            extraBeds: 0,
            equivalentUnits: 1,
            sequence: 1,
          }],
        }],
      });
      const noKey = await postWith(ctx.app, "/api/ExternalAccounts", {
        username: KEYED_HOST.username,
        password: KEYED_HOST.password,
      }, ctx.token);
      assert.equal(noKey.status, 400, "the test service needs the key");
      assert.ok((await noKey.json()).errors.apiKey);

      const connected = await postWith(ctx.app, "/api/ExternalAccounts", KEYED_HOST, ctx.token);
      assert.equal(connected.status, 200, await connected.clone().text());
      const { id } = await connected.json();
      await waitFor(async () => (await accountsOf(ctx))[0]?.status === 2, { what: "synced" });
      await checkGuestsInAutomatically(ctx.database.db, id);

      // HTZ expired the key: the guest's registration and the stay's refresh are refused.
      await ctx.sim.control.setCredentials(KEYED_HOST.username, { apiKey: "KLJUC-2026-B" });
      const refusalsBefore = (await ctx.sim.control.state()).apiKeyRefusals;
      const code = await stay(ctx);
      await checkIn(ctx, code, BIRGITTE);
      const held = await guestWhere(
        ctx,
        code,
        (g) => g.registrationState === "failed",
        "refused for the API key",
      );
      assert.equal(held.registrationFailure?.code, "api-key");
      // Opening the stay again and again asks eVisitor nothing more: the refusal is remembered
      // (the background refresh used to be delivered six times, each a refused login).
      for (let i = 0; i < 3; i++) await guestsOf(ctx, code);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const state = await ctx.sim.control.state();
      assert.equal(state.apiKeyRefusals - refusalsBefore, 1, "one refused login in all");
      // The host sees it on the account too, not only on the guest.
      assert.equal((await accountsOf(ctx))[0].lastError, "api-key");

      const renewed = await postWith(
        ctx.app,
        `/api/ExternalAccounts/${id}/credentials`,
        { apiKey: "KLJUC-2026-B" },
        ctx.token,
      );
      assert.equal(renewed.status, 200, await renewed.clone().text());
      await guestWhere(ctx, code, (g) => g.status === "CheckedIn", "registered with the new key");
      await waitFor(async () => (await accountsOf(ctx))[0].lastError === null, {
        what: "the account's refusal cleared by the sync the new key started",
      });
    }),
});

Deno.test({
  name: "eVisitor's firewall page is tried once, told to the host with its support ID, and " +
    "sent again hours later",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      await connectDemoAccount(ctx);
      const code = await stay(ctx);
      // The firewall refuses the first try; a repeat a second later would pass it, but a block is
      // deterministic as a rule: one try, then hours (shared/firewall-backoff.ts).
      await ctx.sim.control.fail("waf", 1, { path: "CheckInTourist", supportId: "1234567890" });
      const asked = Date.now();
      await checkIn(ctx, code, BIRGITTE);
      const held = await guestWhere(
        ctx,
        code,
        (g) => g.registrationState === "failed",
        "the firewall's refusal recorded",
        30_000,
      );
      assert.deepEqual(held.registrationFailure, { code: "firewall", detail: "1234567890" });
      assert.equal(
        held.registrationError,
        "eVisitor's firewall refused the request (support ID: 1234567890).",
      );
      assert.ok(held.registrationRetryAt, "sent again by itself later");
      assert.ok(
        Date.parse(held.registrationRetryAt) - asked >= FIREWALL_BACKOFF_HOURS * 3_600_000 - 60_000,
        "hours later, not seconds",
      );
      assert.equal((await requestsTo(ctx, "CheckInTourist")).length, 1, "one try");
      const [guest] = await guestsOf(ctx, code);
      assert.equal(guest.status, "PreCheckIn");
    }),
});

Deno.test({
  name: "a firewall page that names no support ID is told without one",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      await connectDemoAccount(ctx);
      const code = await stay(ctx);
      await ctx.sim.control.fail("waf", 1, { path: "CheckInTourist", supportId: "" });
      await checkIn(ctx, code, BIRGITTE);
      const held = await guestWhere(
        ctx,
        code,
        (g) => g.registrationState === "failed",
        "the firewall's refusal recorded",
        30_000,
      );
      assert.deepEqual(held.registrationFailure, { code: "firewall", detail: null });
      assert.equal(held.registrationError, "eVisitor's firewall refused the request.");
    }),
});

Deno.test({
  name: "a check-out, a cancel and an undo held by a refused login go again, in order, " +
    "with the account's new credentials",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const accountId = await connectDemoAccount(ctx);
      const code = await stay(ctx);
      const party = [
        BIRGITTE,
        { ...BIRGITTE, firstName: "Ida", documentNumber: "DK7654321" },
        { ...BIRGITTE, firstName: "Jens", documentNumber: "DK1112223" },
      ];
      for (const guest of party) await checkIn(ctx, code, guest);
      await waitFor(async () => {
        const all = await guestsOf(ctx, code);
        return all.length === 3 && all.every((g) => g.status === "CheckedIn");
      }, { what: "the party registered" });
      const byName = async (name: string) =>
        (await guestsOf(ctx, code)).find((g) => g.name === name)!;
      const [leaving, cancelled, back] = [
        await byName(BIRGITTE.firstName as string),
        await byName("Ida"),
        await byName("Jens"),
      ];
      const checkOut = (id: string) =>
        postWith(ctx.app, "/api/Guests/checkout", [{ id }], ctx.token);
      assert.equal((await checkOut(back.id)).status, 202);
      await guestWhere(ctx, code, (g) => g.id === back.id && g.status === "CheckedOut", "out");
      // A second stay, registered, whose departure will move while the login is refused.
      const later = await stay(ctx, 1);
      await checkIn(ctx, later, { ...BIRGITTE, firstName: "Karen", documentNumber: "DK5556667" });
      const staying = await guestWhere(ctx, later, (g) => g.status === "CheckedIn", "registered");

      // eVisitor made the host change the password: all three are refused at the login.
      await ctx.sim.control.setCredentials(DEMO_HOST.username, { password: "Nova-Lozinka-9" });
      assert.equal((await checkOut(leaving.id)).status, 202);
      const cancel = await postWith(ctx.app, "/api/Guests/cancel", {
        guests: [{ id: cancelled.id }],
        reason: "Gost nije došao",
      }, ctx.token);
      assert.equal(cancel.status, 202);
      const undo = await postWith(
        ctx.app,
        "/api/Guests/undoCheckout",
        [{ id: back.id }],
        ctx.token,
      );
      assert.equal(undo.status, 202);
      const [property] = (await (await getWith(
        ctx.app,
        "/api/Properties?PageNumber=1&PageSize=20",
        ctx.token,
      )).json()).items;
      const moved = await ctx.app.request(`/api/Reservations/${later}`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", ...bearer(ctx.token) },
        body: JSON.stringify({
          accommodationUnitId: property.accommodationUnits[1].id,
          startDateUTC: noon(addDays(todayInStayZone(), -1)),
          endDateUTC: noon(addDays(todayInStayZone(), 4)),
        }),
      });
      assert.equal(moved.status, 200, await moved.clone().text());
      await waitFor(async () => {
        const all = [...await guestsOf(ctx, code), ...await guestsOf(ctx, later)];
        return all.every((g) => g.registrationFailure?.code === "credentials");
      }, { what: "all four held by the refused login", timeoutMs: 30_000 });
      const statuses = () =>
        ctx.sim.control.state().then((s) =>
          Object.fromEntries(s.registrations.map((r) => [r.id, r.status]))
        );
      const statusesNow = await statuses();
      assert.deepEqual({
        [leaving.guid]: statusesNow[leaving.guid],
        [cancelled.guid]: statusesNow[cancelled.guid],
        [back.guid]: statusesNow[back.guid],
      }, {
        [leaving.guid]: "active",
        [cancelled.guid]: "active",
        [back.guid]: "checked-out",
      }, "nothing carried out with the old password");
      const departureOf = async () =>
        (await ctx.sim.control.state()).registrations.find((r) => r.id === staying.guid)
          ?.fields.ForeseenStayUntil;
      const departureBefore = await departureOf();

      const since = (await ctx.database.db.select().from(outbox)).length;
      const res = await postWith(
        ctx.app,
        `/api/ExternalAccounts/${accountId}/credentials`,
        { password: "Nova-Lozinka-9" },
        ctx.token,
      );
      assert.equal(res.status, 200, await res.clone().text());
      // Queued in the order the host asked: check-out, cancel, undo, the new departure.
      const queued = (await ctx.database.db.select().from(outbox).orderBy(outbox.seq))
        .slice(since)
        .filter((e) => e.subject.startsWith("evisitor.guest."))
        .map((e) => [e.subject, (e.payload as { guestId: string }).guestId]);
      assert.deepEqual(queued, [
        [GuestCheckOutRequested.subject, leaving.id],
        [GuestCancelRequested.subject, cancelled.id],
        [GuestUndoCheckOutRequested.subject, back.id],
        [GuestDepartureUpdateRequested.subject, staying.id],
      ]);

      await waitFor(async () => {
        const all = await guestsOf(ctx, code);
        const status = (id: string) => all.find((g) => g.id === id)?.status;
        return status(leaving.id) === "CheckedOut" && status(cancelled.id) === "Cancelled" &&
          status(back.id) === "CheckedIn";
      }, { what: "each carried out with the new password", timeoutMs: 30_000 });
      const statusesAfter = await statuses();
      assert.deepEqual({
        [leaving.guid]: statusesAfter[leaving.guid],
        [cancelled.guid]: statusesAfter[cancelled.guid],
        [back.guid]: statusesAfter[back.guid],
      }, {
        [leaving.guid]: "checked-out",
        [cancelled.guid]: "cancelled",
        [back.guid]: "active",
      });
      await waitFor(async () => (await departureOf()) !== departureBefore, {
        what: "the new departure sent with the new password",
        timeoutMs: 30_000,
      });
      assert.ok(
        [...await guestsOf(ctx, code), ...await guestsOf(ctx, later)]
          .every((g) => !g.registrationFailure),
      );
    }),
});
