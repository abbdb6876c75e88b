/**
 * Chaos: calendar sync with the whole stack running while the platform's feed flaps and the
 * product is broken on purpose.
 *
 * A host's unit imports an Airbnb-style feed served on loopback (tests/support/chaos-feed.ts).
 * Two stays were entered by hand on nights the feed will also claim (two conflicts). The feed
 * then goes through phases, each handled either by "Sync now" (POST /api/Calendars/Sync) or by
 * the scheduler alone (CALENDAR_SYNC_INTERVAL_MINUTES=1, its minimum):
 *
 *   valid v1 → 500 → held past the worker's time-out (the workers are SIGKILLed during that
 *   fetch and restarted) → body cut off mid-event → valid v2 (while NATS is stopped and started
 *   again) → a sign-in HTML page → valid v3 → 500 → valid v4 (by the scheduler alone)
 *
 * and, in the full run, more flaps between v3 and v4 left to the scheduler. The versions add
 * stays, move one (same UID), remove future ones, add a block, drop a past and a current stay
 * (Airbnb drops them; they must stay) and add a second conflict.
 *
 * After every phase: a failure deletes nothing and shows in the feed's health; a valid version
 * is applied exactly. At the end: the stays are exactly those of the last valid feed plus the
 * retained past and current ones and the hand-entered ones (no duplicate, none lost); the feed is
 * healthy again; one notification per conflict; the outbox is empty, no consumer has work
 * pending and nothing is dead-lettered.
 *
 * CI variant by default; `CHAOS_FULL=1` adds the scheduler-driven flaps (several minutes: the
 * scheduler cannot run more often than once a minute).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { AccountReconcileRequested, CalendarSyncRequested } from "@shared/events.ts";
import { addDays } from "@shared/local-date.ts";
import { todayInStayZone } from "@shared/time-zone.ts";
import { reservations } from "@core/db/schema/reservations.ts";
import { userNotifications } from "@core/db/schema/user-notifications.ts";
import {
  backboneReport,
  call,
  callPatiently,
  CHAOS_ENV,
  CHAOS_FULL,
  connectEVisitor,
  countLogLines,
  eventsNotDeliveredOnce,
  openStackDatabase,
  registerHost,
  Timeline,
  unpublishedEvents,
} from "../support/chaos-stack.ts";
import { type FeedAnswer, type FeedStay, startFlappingFeed } from "../support/chaos-feed.ts";
import { DEMO_HOST } from "../support/evisitor-sim.ts";
import { startStack } from "../support/stack.ts";
import { waitFor } from "../support/wait.ts";

const d = (days: number) => addDays(todayInStayZone(), days);
const FETCH_TIMEOUT_MS = 1500;

const STACK_ENV = {
  ...CHAOS_ENV,
  CALENDAR_SYNC_INTERVAL_MINUTES: "1",
  CALENDAR_SCHEDULE_TICK_MS: "500",
  CALENDAR_FETCH_TIMEOUT_MS: String(FETCH_TIMEOUT_MS),
  RELAY_INTERVAL_MS: "50",
};

// The feed's events. P is past and Q under way: Airbnb drops them later, they must stay.
const P = { uid: "chaos-p", start: d(-10), end: d(-6) };
const Q = { uid: "chaos-q", start: d(-1), end: d(3) };
const A = { uid: "chaos-a", start: d(5), end: d(8) };
const A_LONGER = { ...A, end: d(9) };
const B = { uid: "chaos-b", start: d(9), end: d(12) };
const C1 = { uid: "chaos-c", start: d(13), end: d(16) };
const C2 = { uid: "chaos-c", start: d(14), end: d(18) };
const C3 = { uid: "chaos-c", start: d(14), end: d(19) };
const D = { uid: "chaos-d", start: d(30), end: d(33) };
const E = { uid: "chaos-e", start: d(50), end: d(53), block: true };
const F = { uid: "chaos-f", start: d(60), end: d(62) };
const G = { uid: "chaos-g", start: d(70), end: d(72) };
// Stays entered by hand, and the feed's events on their nights: conflicts, never imported.
const MANUAL = [{ start: d(20), end: d(23) }, { start: d(40), end: d(42) }];
const X = { uid: "chaos-x", start: d(21), end: d(24) };
const Y = { uid: "chaos-y", start: d(41), end: d(44) };

const V1 = [P, Q, A, B, C1, X];
const V2 = [Q, A, B, C2, X, D]; // P dropped (past), C moved, D added
const V3 = [A, C2, X, D, E, Y]; // Q dropped (under way), B removed, block E, conflict Y
const V3B = [A_LONGER, C2, X, D, E, Y, G]; // A longer, G added
const V4 = [A, C3, X, E, Y, F]; // D and G removed, C moved again, F added

// What the unit holds from the feed once each version is applied.
const AFTER_V1 = [P, Q, A, B, C1];
const AFTER_V2 = [P, Q, A, B, C2, D];
const AFTER_V3 = [P, Q, A, C2, D, E];
const AFTER_V3B = [P, Q, A_LONGER, C2, D, E, G];
const AFTER_V4 = [P, Q, A, C3, E, F];

interface Phase {
  label: string;
  answer: FeedAnswer;
  /** The feed's stays on the unit once the phase is handled; null: a failure, nothing changes. */
  expect: FeedStay[] | null;
  by: "sync-now" | "scheduler";
  chaos?: "kill-workers-mid-fetch" | "nats-outage";
}

const calendar = (version: string, stays: FeedStay[]): FeedAnswer => ({
  kind: "calendar",
  version,
  stays,
});
const HELD: FeedAnswer = { kind: "slow", holdMs: FETCH_TIMEOUT_MS + 2500 };

const PHASES: Phase[] = [
  { label: "v1", answer: calendar("v1", V1), expect: AFTER_V1, by: "sync-now" },
  { label: "500", answer: { kind: "status", status: 500 }, expect: null, by: "sync-now" },
  {
    label: "time-out",
    answer: HELD,
    expect: null,
    by: "sync-now",
    chaos: "kill-workers-mid-fetch",
  },
  { label: "truncated", answer: { kind: "truncated", stays: V2 }, expect: null, by: "sync-now" },
  {
    label: "v2",
    answer: calendar("v2", V2),
    expect: AFTER_V2,
    by: "sync-now",
    chaos: "nats-outage",
  },
  { label: "html", answer: { kind: "html" }, expect: null, by: "sync-now" },
  { label: "v3", answer: calendar("v3", V3), expect: AFTER_V3, by: "sync-now" },
  ...(CHAOS_FULL
    ? [
      {
        label: "500 again",
        answer: { kind: "status", status: 503 },
        expect: null,
        by: "scheduler",
      },
      {
        label: "truncated again",
        answer: { kind: "truncated", stays: V3B },
        expect: null,
        by: "scheduler",
      },
      { label: "v3b", answer: calendar("v3b", V3B), expect: AFTER_V3B, by: "scheduler" },
      { label: "time-out again", answer: HELD, expect: null, by: "scheduler" },
      { label: "html again", answer: { kind: "html" }, expect: null, by: "sync-now" },
    ] satisfies Phase[]
    : []),
  { label: "500 last", answer: { kind: "status", status: 500 }, expect: null, by: "sync-now" },
  { label: "v4", answer: calendar("v4", V4), expect: AFTER_V4, by: "scheduler" },
];

interface FeedHealth {
  lastFetchAt: string | null;
  lastSuccessAt: string | null;
  lastStatus: number | null;
  eventCount: number | null;
  lastError: string | null;
  failingSince: string | null;
}

const stayKey = (s: { start: string; end: string }, uid: string | null, block: boolean) =>
  `${uid ?? "by hand"} ${s.start}→${s.end}${block ? " block" : ""}`;

Deno.test({
  name: "chaos: calendar sync through a flapping feed, a worker kill mid-fetch and a NATS " +
    "restart ends with the last valid feed's stays exactly, a healthy feed and one notification " +
    "per conflict",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const started = performance.now();
    const feed = startFlappingFeed();
    const stack = await startStack({ env: STACK_ENV });
    const database = openStackDatabase(stack);
    const timeline = new Timeline("chaos:calendar");
    const counts = { workerKills: 0, natsRestarts: 0, syncNow: 0 };
    try {
      // --- a host's unit with two stays entered by hand, then its feed --------------------
      const token = await registerHost(stack, "kaos.kalendar@example.com");
      const [property] = await connectEVisitor(stack, token, DEMO_HOST, 1);
      const unitForm = { propertyId: property.id, name: "Apartman Oluja" };
      const unit = await call<{ id: string; code: string }>(stack, "/api/AccommodationUnits", {
        method: "POST",
        token,
        body: unitForm,
      });
      for (const stay of MANUAL) {
        await call(stack, "/api/Reservations", {
          method: "POST",
          token,
          body: {
            accommodationUnitId: unit.id,
            startDateUTC: `${stay.start}T12:00:00.000Z`,
            endDateUTC: `${stay.end}T12:00:00.000Z`,
          },
        });
      }

      const health = async (): Promise<FeedHealth | undefined> => {
        const page = await callPatiently<{ items: { feeds: (FeedHealth & { url: string })[] }[] }>(
          stack,
          `/api/Calendars?PageNumber=1&PageSize=10&AccommodationUnitCode=${unit.code}`,
          { token },
        );
        return page.items[0]?.feeds.find((f) => f.url === feed.url);
      };
      const staysNow = async () => {
        const rows = await database.db.select().from(reservations)
          .where(eq(reservations.accommodationUnitId, unit.id));
        return rows.filter((r) => r.canceledAt === null)
          .map((r) =>
            stayKey({ start: r.startDate, end: r.endDate }, r.sourceUid, r.kind === "block")
          )
          .sort();
      };
      const expected = (stays: FeedStay[]) =>
        [
          ...stays.map((s) => stayKey(s, `${s.uid}@airbnb.com`, s.block ?? false)),
          ...MANUAL.map((s) => stayKey(s, null, false)),
        ].sort();
      const syncNow = async () => {
        const answer = await callPatiently<{ units: number }>(stack, "/api/Calendars/Sync", {
          method: "POST",
          token,
          body: { accommodationUnitCode: unit.code },
        });
        assert.equal(answer.units, 1);
        counts.syncNow++;
      };

      // The first version is there before the link is saved: saving it asks for a sync.
      feed.set(PHASES[0].answer, PHASES[0].label);
      await call(stack, `/api/AccommodationUnits/${unit.id}`, {
        method: "PUT",
        token,
        body: { ...unitForm, externalCalendarLink: feed.url },
      });
      timeline.mark("set-up done: a unit with 2 stays by hand and its feed link");

      // --- the phases -----------------------------------------------------------------------
      let current = expected([]);
      const scheduledRounds = () => countLogLines(stack, "calendar syncs requested");
      for (const phase of PHASES) {
        if (phase.by === "scheduler") {
          // Only the scheduler may fetch this one: wait out every request still queued or in
          // hand (the fetch the kill interrupted comes back after the consumer's ack wait).
          await waitFor(async () => {
            if (await unpublishedEvents(database.db) > 0) return false;
            const report = await backboneReport(stack.nats.urls.test);
            return !report.busyConsumers.some((c) => c.stream === "CALENDAR");
          }, { timeoutMs: 120_000, intervalMs: 500, what: "no calendar sync in hand" });
        }
        const roundsBefore = await scheduledRounds();
        const began = Date.now();
        feed.set(phase.answer, phase.label);
        timeline.mark(`feed: ${phase.label} (${phase.by})`);
        if (phase.chaos === "nats-outage") {
          const relayFailures = () => countLogLines(stack, "outbox publish failed, will retry");
          const before = await relayFailures();
          await stack.nats.stop();
          counts.natsRestarts++;
          timeline.mark("NATS stopped");
          await syncNow();
          await waitFor(async () => (await relayFailures()) > before, {
            timeoutMs: 60_000,
            intervalMs: 200,
            what: "the relay to find NATS gone",
          });
          timeline.mark("'Sync now' waits in the outbox; the relay failed to publish it");
          await stack.nats.start();
          timeline.mark("NATS started again (same JetStream files)");
        } else if (phase.by === "sync-now") {
          await syncNow();
        }
        if (phase.chaos === "kill-workers-mid-fetch") {
          await waitFor(() => feed.served(phase.label).length > 0, {
            timeoutMs: 60_000,
            what: "the worker to start fetching",
          });
          await stack.kill("workers", "SIGKILL");
          counts.workerKills++;
          timeline.mark("workers SIGKILLed while the feed holds its answer");
          await stack.start("workers");
          timeline.mark("workers restarted; the host presses 'Sync now' again");
          await syncNow();
        }

        const outcome = await waitFor(async () => {
          const f = await health();
          if (!f?.lastFetchAt || Date.parse(f.lastFetchAt) < began) return false;
          if (phase.expect === null) return f.lastError !== null && f;
          if (f.lastError !== null) return false;
          const stays = await staysNow();
          return JSON.stringify(stays) === JSON.stringify(expected(phase.expect)) && f;
        }, {
          timeoutMs: phase.by === "scheduler" ? 180_000 : 90_000,
          intervalMs: 200,
          what: `the feed's "${phase.label}" to be handled`,
        });
        if (phase.by === "scheduler") {
          assert.ok(await scheduledRounds() > roundsBefore, "the scheduler asked for this sync");
        }
        if (phase.expect === null) {
          assert.deepEqual(await staysNow(), current, `"${phase.label}" deleted nothing`);
          assert.ok(outcome.failingSince, "the failure shows in the feed's health");
        } else {
          current = expected(phase.expect);
        }
        timeline.mark(
          `handled: status ${outcome.lastStatus}, error ${outcome.lastError}, ` +
            `${current.length} stays`,
        );
      }

      // --- the outcome ----------------------------------------------------------------------
      const last = PHASES[PHASES.length - 1];
      assert.equal(last.answer.kind, "calendar");
      const final = await health();
      assert.ok(final);
      assert.equal(final.lastError, null, "the feed is healthy again");
      assert.equal(final.failingSince, null);
      assert.ok([200, 304].includes(final.lastStatus ?? 0));
      assert.equal(final.eventCount, V4.length);
      assert.ok(
        final.lastSuccessAt && Date.parse(final.lastSuccessAt) >= Date.parse(final.lastFetchAt!),
      );

      const rows = await database.db.select().from(reservations)
        .where(eq(reservations.accommodationUnitId, unit.id));
      const uids = rows.map((r) => r.sourceUid).filter((u) => u !== null);
      assert.equal(new Set(uids).size, uids.length, "no stay imported twice");
      assert.deepEqual(await staysNow(), expected(AFTER_V4), "exactly the last feed's stays");

      const backbone = await waitFor(async () => {
        if (await unpublishedEvents(database.db) > 0) return false;
        const report = await backboneReport(stack.nats.urls.test);
        return report.busyConsumers.length === 0 && report;
      }, { timeoutMs: 120_000, intervalMs: 500, what: "the outbox and every consumer to drain" });
      assert.deepEqual(backbone.deadLetters, [], "no event dead-lettered");
      assert.deepEqual(
        await eventsNotDeliveredOnce(database.db, backbone.subjects, [
          CalendarSyncRequested.subject,
          AccountReconcileRequested.subject,
        ]),
        [],
        "JetStream holds every outbox event (exactly once where only the relay publishes)",
      );
      assert.ok(backbone.consumers.includes("CALENDAR/calendar_sync"), `${backbone.consumers}`);
      // Stays as they were after the drain (a late redelivery of the killed fetch changed nothing).
      assert.deepEqual(await staysNow(), expected(AFTER_V4));

      const conflicts = (await database.db.select().from(userNotifications))
        .filter((n) => n.template === "CalendarConflict");
      const keys = conflicts.map((n) => n.dedupeKey).sort();
      assert.equal(conflicts.length, 2, `one notification per conflict: ${keys}`);
      assert.ok(keys[0]?.endsWith(`:${X.start}:${X.end}`), `${keys[0]}`);
      assert.ok(keys[1]?.endsWith(`:${Y.start}:${Y.end}`), `${keys[1]}`);

      // --- the summary ----------------------------------------------------------------------
      const served = feed.served();
      const byKind = new Map<string, number>();
      for (const s of served) {
        const key = s.kind === "calendar" ? `calendar ${s.status}` : s.kind;
        byKind.set(key, (byKind.get(key) ?? 0) + 1);
      }
      const scheduled = await countLogLines(stack, "calendar syncs requested");
      const seconds = (performance.now() - started) / 1000;
      console.log(
        [
          `[chaos:calendar] ${CHAOS_FULL ? "FULL" : "CI"} run: ${PHASES.length} phases, done ` +
          `in ${seconds.toFixed(1)} s`,
          `  feed answered ${served.length} fetches: ` +
          [...byKind].map(([k, n]) => `${n} × ${k}`).join(", "),
          `  chaos: ${counts.workerKills} worker kill, ${counts.natsRestarts} NATS restart; ` +
          `${counts.syncNow} × "Sync now", ${scheduled} scheduler rounds with requests`,
          `  outcome: ${current.length} stays (${AFTER_V4.length} from the feed, ` +
          `${MANUAL.length} by hand), ${conflicts.length} conflict notifications, ` +
          `0 dead letters, feed healthy (status ${final.lastStatus})`,
        ].join("\n"),
      );
    } catch (error) {
      console.log(`[chaos:calendar] failed; timeline:\n${timeline.entries().join("\n")}`);
      const logs = await stack.logs().catch(() => "");
      const tail = logs.split("\n").filter((l) => /"level":"(warn|error)"/.test(l)).slice(-30);
      console.log(`[chaos:calendar] last warnings:\n${tail.join("\n")}`);
      const stays = await database.db.select().from(reservations).catch(() => []);
      console.log(
        `[chaos:calendar] stays now:\n${
          stays.map((r) => `${r.sourceUid} ${r.startDate}→${r.endDate} ${r.kind}`).join("\n")
        }`,
      );
      throw error;
    } finally {
      database.close();
      await stack.stop();
      await feed.stop();
    }
  },
});
