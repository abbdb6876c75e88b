/**
 * Calendar sync benchmark: N units, each with one Airbnb-style feed of E events, served by a local
 * HTTP server with ETags, synced the way the calendar worker does it (syncUnitFeeds with the
 * worker's concurrency) against a real libSQL file. Three rounds:
 *   1. first sync: every event is new;
 *   2. unchanged re-sync: conditional requests, every feed answers 304;
 *   3. everything changed: every event moved by a day and a tenth replaced.
 *
 *   deno run -A bench/calendar-sync.ts [--units 1000] [--events 50] [--concurrency 8]
 *
 * Targets (issue 5): a full sync of 1,000 units × 50 events under 60 s, an unchanged re-sync under
 * 10 s, on the 2-core reference machine. Prints a JSON line per round and a Markdown table.
 */
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
import { setLogLevel } from "@core/platform/logger.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    units: { type: "string", default: "1000" },
    events: { type: "string", default: "50" },
    concurrency: { type: "string", default: "8" },
  },
});
const UNITS = Number(values.units);
const EVENTS = Number(values.events);
const CONCURRENCY = Number(values.concurrency);
setLogLevel("error");

// ---- the feed server: version 1 or 2 of every unit's feed, with an ETag per version ----------
let version = 1;
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
      `DTSTAMP:20261120T100000Z`,
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

const feedCache = new Map<string, string>();
const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
  const unit = Number(new URL(request.url).pathname.match(/\/feed\/(\d+)\.ics$/)?.[1]);
  const etag = `"u${unit}-v${version}"`;
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304 });
  const key = `${unit}:${version}`;
  let body = feedCache.get(key);
  if (!body) feedCache.set(key, body = feedOf(unit, version));
  return new Response(body, { headers: { "Content-Type": "text/calendar", ETag: etag } });
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
};

async function round(name: string) {
  const queue = [...unitIds];
  let events = 0;
  let unchanged = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    for (let id = queue.shift(); id; id = queue.shift()) {
      for (const result of await syncUnitFeeds(db, id, { force: true }, options)) {
        if (result === "unchanged") unchanged++;
        else if (result !== "skipped") {
          if (result.error) failed++;
          events += result.added + result.updated + result.removed;
        }
      }
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  const [{ stored }] = await db.select({ stored: count() }).from(reservations);
  const result = {
    round: name,
    units: UNITS,
    eventsPerFeed: EVENTS,
    seconds: Number(seconds.toFixed(2)),
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
version = 2;
results.push(await round("everything changed"));

console.log(`\n| round | seconds | feeds/s | events changed/s | RSS MB |\n|---|---|---|---|---|`);
for (const r of results) {
  console.log(
    `| ${r.round} | ${r.seconds} | ${r.feedsPerSecond} | ${r.eventsChangedPerSecond} | ${r.rssMB} |`,
  );
}
await server.shutdown();
client.close();
await Deno.remove(dir, { recursive: true });
