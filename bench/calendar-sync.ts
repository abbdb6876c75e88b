/**
 * Calendar sync benchmark: N units, each with one Airbnb-style feed of E events, served by a local
 * HTTP server, synced the way the calendar worker does it (syncUnitFeeds with the worker's
 * concurrency) against a real libSQL file. Five rounds:
 *   1. first sync: every event is new (the server sends ETags);
 *   2. unchanged re-sync: conditional requests, every feed answers 304;
 *   3. same body, no validator: every feed answers 200 with the body already synced, as Airbnb
 *      and Booking.com do;
 *   4. same events, new DTSTAMP, no validator: the body differs on every request, the events not;
 *   5. everything changed: every event moved by a day and a tenth replaced.
 * Then, unless `--sim-seconds 0`, the "spread over 15 minutes" simulation: `--sim-units` more
 * units with two feeds each (an Airbnb-like one, same body; a Booking-like one, new DTSTAMP on
 * every request), polled at the rate 100,000 units × 2 feeds every 15 minutes make (222 feeds/s),
 * each unit at its own moment of the (scaled) interval, a share `--change-rate` of polls bringing
 * a new booking; it reports the CPU the process used per second of wall time (one core = 100 %).
 * The local calendar server runs in the same process, so its work is counted too: the figures
 * are an upper bound of what the worker pays.
 *
 *   deno run -A bench/calendar-sync.ts [--units 1000] [--events 50] [--concurrency 8]
 *     [--sim-units 1000] [--sim-seconds 60] [--sim-rate 222] [--change-rate 0.01]
 *
 * Only `syncUnitFeeds(db, unit, { force }, options)` is used, so the same file also runs against
 * an older checkout (`deno run -A --no-check`) for a ratio measured in the same session.
 * Targets (issue 34, 2-core machine): full sync of 1,000 × 50 ≤ 3 s; 304 round ≤ 0.3 s; same-body
 * round ≥ 1,000 feeds/s; the simulation under 50 % of one core. Prints a JSON line per round and a
 * Markdown table.
 */
import process from "node:process";
import { parseArgs } from "node:util";
import { count } from "drizzle-orm";
import { createDatabase } from "@core/db/client.ts";
import { migrateDatabase } from "@core/db/migrate.ts";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { calendarFeeds } from "@core/db/schema/calendar-feeds.ts";
import { externalAccounts } from "@core/db/schema/external-accounts.ts";
import { properties } from "@core/db/schema/properties.ts";
import { reservations } from "@core/db/schema/reservations.ts";
import { users } from "@core/db/schema/users.ts";
import { addDays, todayIn } from "@shared/local-date.ts";
import { MAX_FEED_BYTES } from "../workers/calendar-sync/feed-text.ts";
import { syncUnitFeeds } from "../workers/calendar-sync/sync-unit.ts";
// Absent in checkouts before issue 34, which the benchmark also runs against.
const { WriteBatch } = await import("../workers/calendar-sync/write-batch.ts")
  .catch(() => ({ WriteBatch: undefined }));
import { setLogLevel } from "@core/platform/logger.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    units: { type: "string", default: "1000" },
    events: { type: "string", default: "50" },
    concurrency: { type: "string", default: "8" },
    "sim-units": { type: "string", default: "1000" },
    "sim-seconds": { type: "string", default: "60" },
    "sim-rate": { type: "string", default: "222" },
    "change-rate": { type: "string", default: "0.01" },
  },
});
const UNITS = Number(values.units);
const EVENTS = Number(values.events);
const CONCURRENCY = Number(values.concurrency);
const SIM_UNITS = Number(values["sim-units"]);
const SIM_SECONDS = Number(values["sim-seconds"]);
const SIM_RATE = Number(values["sim-rate"]);
const CHANGE_RATE = Number(values["change-rate"]);
setLogLevel("error");

// ---- the feed server: version 1 or 2 of every unit's feed, with an ETag per version ----------
let version = 1;
/** Whether the server sends ETags (rounds 3 and 4 answer like Airbnb and Booking.com: none). */
let withEtag = true;
/** Round 4: a new DTSTAMP on every request. */
let freshStamp = false;
let requests = 0;
const today = todayIn("Europe/Zagreb", new Date());
const compact = (date: string) => date.replaceAll("-", "");

function feedOf(unit: number, v: number): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "PRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN",
    "VERSION:2.0",
  ];
  for (let i = 0; i < EVENTS; i++) {
    // Stays of 2 nights every 3 days, spread over the coming months; v2 moves each by a day and
    // replaces every tenth with a new booking.
    const shift = v === 2 ? 1 : 0;
    const start = addDays(today, 1 + i * 3 + shift);
    const uid = v === 2 && i % 10 === 0 ? `new-${unit}-${i}` : `${unit}-${i}`;
    lines.push(
      "BEGIN:VEVENT",
      "DTSTAMP:20261120T100000Z",
      `DTSTART;VALUE=DATE:${compact(start)}`,
      `DTEND;VALUE=DATE:${compact(addDays(start, 2))}`,
      `SUMMARY:Reserved`,
      `UID:${uid}@airbnb.com`,
      `DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/HM${unit}X${i}\\nPhone Number (Last 4 Digits): 1234`,
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.join("\r\n") + "\r\n";
}

/** The simulation's Booking-like feed: blocks far ahead, with the time of the request as DTSTAMP. */
function bookingFeedOf(unit: number): string {
  const lines = ["BEGIN:VCALENDAR", "PRODID:-//admin.booking.com//EN", "VERSION:2.0"];
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\.\d+/, "");
  for (let i = 0; i < 10; i++) {
    const start = addDays(today, 400 + i * 5);
    lines.push(
      "BEGIN:VEVENT",
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${compact(start)}`,
      `DTEND;VALUE=DATE:${compact(addDays(start, 3))}`,
      "SUMMARY:CLOSED - Not available",
      `UID:${unit}-${i}-booking@booking.com`,
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.join("\r\n") + "\r\n";
}

/** The simulation's Airbnb-like feed: version 2 plus the new bookings made during the run. */
const simBookings = new Map<number, number>();
function simAirbnbFeedOf(unit: number): string {
  const base = feedCache.get(`${unit}:2`) ?? feedOf(unit, 2);
  feedCache.set(`${unit}:2`, base);
  const extra = simBookings.get(unit) ?? 0;
  if (extra === 0) return base;
  const lines = [];
  for (let k = 0; k < extra; k++) {
    const start = addDays(today, 200 + 2 * k);
    lines.push(
      "BEGIN:VEVENT",
      "DTSTAMP:20261120T100000Z",
      `DTSTART;VALUE=DATE:${compact(start)}`,
      `DTEND;VALUE=DATE:${compact(addDays(start, 1))}`,
      "SUMMARY:Reserved",
      `UID:extra-${unit}-${k}@airbnb.com`,
      "END:VEVENT",
    );
  }
  return base.replace("END:VCALENDAR", lines.join("\r\n") + "\r\nEND:VCALENDAR");
}

const feedCache = new Map<string, string>();
const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
  requests++;
  const path = new URL(request.url).pathname;
  const sim = path.match(/^\/sim\/(airbnb|booking)\/(\d+)\.ics$/);
  if (sim) {
    const unit = Number(sim[2]);
    const body = sim[1] === "booking" ? bookingFeedOf(unit) : simAirbnbFeedOf(unit);
    return new Response(body, { headers: { "Content-Type": "text/calendar" } });
  }
  const unit = Number(path.match(/\/feed\/(\d+)\.ics$/)?.[1]);
  const etag = `"u${unit}-v${version}"`;
  if (withEtag && request.headers.get("If-None-Match") === etag) {
    return new Response(null, { status: 304 });
  }
  const key = `${unit}:${version}`;
  let body = feedCache.get(key);
  if (!body) feedCache.set(key, body = feedOf(unit, version));
  if (freshStamp) {
    body = body.replaceAll("DTSTAMP:20261120T100000Z", `DTSTAMP:20261120T1${requests % 60}000Z`);
  }
  return new Response(body, {
    headers: { "Content-Type": "text/calendar", ...(withEtag ? { ETag: etag } : {}) },
  });
});
const base = `http://127.0.0.1:${server.addr.port}`;

// ---- a real database with one host, one property, N units, one feed each --------------------
const dir = await Deno.makeTempDir({ prefix: "bench-calendar-" });
const { db, client } = createDatabase({ url: `file:${dir}/app.db` });
await migrateDatabase(db, client);
const now = new Date();
const userId = crypto.randomUUID();
await db.insert(users).values({
  id: userId,
  email: "bench@example.com",
  passwordHash: "not-a-hash",
  emailConfirmedAt: now,
  createdAt: now,
});
const externalAccountId = crypto.randomUUID();
await db.insert(externalAccounts).values({
  id: externalAccountId,
  userId,
  type: 0,
  environment: "test",
  username: "bench",
  passwordSealed: "not-sealed",
  status: 2,
  createdAt: now,
  updatedAt: now,
});
const propertyId = crypto.randomUUID();
await db.insert(properties).values({
  id: propertyId,
  userId,
  externalAccountId,
  facilityId: "bench",
  facilityCode: "0000001",
  name: "Bench",
  createdAt: now,
  updatedAt: now,
});
const unitIds: string[] = [];
await db.transaction(async (tx) => {
  for (let i = 0; i < UNITS; i++) {
    const id = crypto.randomUUID();
    unitIds.push(id);
    await tx.insert(accommodationUnits).values({
      id,
      code: `B${String(i).padStart(11, "0")}`,
      userId,
      propertyId,
      name: `Unit ${i}`,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(calendarFeeds).values({
      id: crypto.randomUUID(),
      userId,
      accommodationUnitId: id,
      url: `${base}/feed/${i}.ics`,
      createdAt: now,
    });
  }
});

const options = {
  fetch: { timeoutMs: 15_000, maxBytes: MAX_FEED_BYTES, allowPrivateAddresses: true },
  minAgeMs: 0,
  clock: () => new Date(),
  // The worker's group commit (an older checkout has none, and ignores it).
  ...(WriteBatch ? { writes: new WriteBatch(db) } : {}),
};

const cpuSeconds = (since: { user: number; system: number }) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1e6;
};

async function round(name: string) {
  const queue = [...unitIds];
  let events = 0;
  let unchanged = 0;
  let failed = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    for (let id = queue.shift(); id; id = queue.shift()) {
      for (const result of await syncUnitFeeds(db, id, { force: true }, options)) {
        if (result === "unchanged") unchanged++;
        else if (typeof result === "object") {
          if (result.error) failed++;
          events += result.added + result.updated + result.removed;
        }
      }
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  const cpuUsed = cpuSeconds(cpu);
  const [{ stored }] = await db.select({ stored: count() }).from(reservations);
  const result = {
    round: name,
    units: UNITS,
    eventsPerFeed: EVENTS,
    seconds: Number(seconds.toFixed(2)),
    cpuSeconds: Number(cpuUsed.toFixed(2)),
    feedsPerSecond: Math.round(UNITS / seconds),
    eventsChangedPerSecond: Math.round(events / seconds),
    eventsChanged: events,
    notModified: unchanged,
    failed,
    reservationsStored: stored,
    rssMB: Math.round(Deno.memoryUsage().rss / 2 ** 20),
  };
  console.log(JSON.stringify(result));
  return result;
}

const results = [];
results.push(await round("first sync (all new)"));
results.push(await round("unchanged (304)"));
withEtag = false;
results.push(await round("same body, no validator"));
freshStamp = true;
results.push(await round("same events, new DTSTAMP"));
freshStamp = false;
withEtag = true;
version = 2;
results.push(await round("everything changed"));

console.log(
  `\n| round | seconds | CPU s | feeds/s | events changed/s | RSS MB |\n|---|---|---|---|---|---|`,
);
for (const r of results) {
  console.log(
    `| ${r.round} | ${r.seconds} | ${r.cpuSeconds} | ${r.feedsPerSecond} | ` +
      `${r.eventsChangedPerSecond} | ${r.rssMB} |`,
  );
}

// ---- "spread over 15 minutes": 100,000 units × 2 feeds, at their rate, on SIM_UNITS units ------
if (SIM_SECONDS > 0) {
  const simUnits: string[] = [];
  await db.transaction(async (tx) => {
    for (let i = 0; i < SIM_UNITS; i++) {
      const id = crypto.randomUUID();
      simUnits.push(id);
      await tx.insert(accommodationUnits).values({
        id,
        code: `S${String(i).padStart(11, "0")}`,
        userId,
        propertyId,
        name: `Sim unit ${i}`,
        createdAt: now,
        updatedAt: now,
      });
      for (const platform of ["airbnb", "booking"]) {
        await tx.insert(calendarFeeds).values({
          id: crypto.randomUUID(),
          userId,
          accommodationUnitId: id,
          url: `${base}/sim/${platform}/${i}.ics`,
          createdAt: new Date(now.getTime() + (platform === "booking" ? 1 : 0)),
        });
      }
    }
  });
  // Every unit synced once first (the stays are in), as in a running deployment.
  const warm = [...simUnits];
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    for (let id = warm.shift(); id; id = warm.shift()) {
      await syncUnitFeeds(db, id, { force: true }, options);
    }
  }));

  // The interval scaled so SIM_UNITS units × 2 feeds come at SIM_RATE feeds a second; each unit
  // at its own moment of it (evenly spread, as the scheduler's per-unit moments are).
  const windowMs = (SIM_UNITS * 2 / SIM_RATE) * 1000;
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  let polled = 0;
  let changed = 0;
  let worstLagMs = 0;
  const inFlight = new Set<Promise<void>>();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let k = 0;; k++) {
    const unit = k % SIM_UNITS;
    const dueAt = Math.floor(k / SIM_UNITS) * windowMs + (unit / SIM_UNITS) * windowMs;
    if (dueAt >= SIM_SECONDS * 1000) break;
    const wait = dueAt - (performance.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    while (inFlight.size >= CONCURRENCY) await Promise.race(inFlight);
    worstLagMs = Math.max(worstLagMs, performance.now() - started - dueAt);
    if (random() < CHANGE_RATE) {
      simBookings.set(unit, (simBookings.get(unit) ?? 0) + 1);
      changed++;
    }
    const sync: Promise<void> = syncUnitFeeds(db, simUnits[unit], { force: true }, options)
      .then(() => {
        polled += 2;
        inFlight.delete(sync);
      });
    inFlight.add(sync);
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  const cpuUsed = cpuSeconds(cpu);
  const sim = {
    round: "spread over 15 minutes (simulated)",
    units: SIM_UNITS,
    feedsPerSecond: Math.round(polled / seconds),
    targetFeedsPerSecond: SIM_RATE,
    seconds: Number(seconds.toFixed(1)),
    cpuSeconds: Number(cpuUsed.toFixed(2)),
    cpuShareOfOneCore: `${(100 * cpuUsed / seconds).toFixed(1)} %`,
    cpuMsPerFeed: Number((1000 * cpuUsed / polled).toFixed(3)),
    changedPolls: changed,
    worstLagMs: Math.round(worstLagMs),
  };
  console.log(JSON.stringify(sim));
  console.log(
    `\n| simulation | feeds/s | CPU of one core | CPU ms per feed | worst lag ms |\n` +
      `|---|---|---|---|---|\n| ${SIM_UNITS} units × 2 feeds for ${sim.seconds} s | ` +
      `${sim.feedsPerSecond} | ${sim.cpuShareOfOneCore} | ${sim.cpuMsPerFeed} | ` +
      `${sim.worstLagMs} |`,
  );
}
await server.shutdown();
client.close();
await Deno.remove(dir, { recursive: true });
