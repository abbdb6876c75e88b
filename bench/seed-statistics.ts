/**
 * Seeds a libSQL file for the statistics benchmark: one host with 50 units in 5 properties and
 * 20,000 reservations from three years ago to a year ahead (dates relative to today in Zagreb),
 * back to back in each unit with a free night now and then. About 4% are cancelled and 6% are
 * blocks (closed dates, no guests); every other stay has 1–4 guests, checked out when the stay is
 * over, checked in while it is under way, waiting before it. Rows go straight into the schema's
 * tables in large transactions (a few seconds); the random choices are seeded, so every run
 * writes the same data for the same day.
 *
 *   deno run -A bench/seed-statistics.ts [--out data/bench-statistics.db] [--units 50]
 *     [--reservations 20000]
 */
import { parseArgs } from "node:util";
import { addDays, todayIn } from "@shared/local-date.ts";
import { createDatabase } from "@core/db/client.ts";
import { migrateDatabase } from "@core/db/migrate.ts";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { externalAccounts } from "@core/db/schema/external-accounts.ts";
import { guests } from "@core/db/schema/guests.ts";
import { properties } from "@core/db/schema/properties.ts";
import { reservations } from "@core/db/schema/reservations.ts";
import { users } from "@core/db/schema/users.ts";

export const BENCH_HOST_EMAIL = "statistics-bench@example.com";

export interface SeedOptions {
  units: number;
  reservations: number;
  /** Units per property. */
  unitsPerProperty?: number;
}

export interface SeedResult {
  userId: string;
  reservations: number;
  guests: number;
  seconds: number;
}

/** A small deterministic generator (mulberry32), so the data is the same on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST_NAMES = ["Ana", "Marko", "Lena", "Jonas", "Marta", "Luca", "Emma", "Noah", "Sofia"];
const SURNAMES = ["Horvat", "Müller", "Kowalska", "Rossi", "Novak", "Schmidt", "Dubois"];
const COUNTRIES = ["DEU", "AUT", "POL", "ITA", "SVN", "CZE", "FRA", "HRV", "GBR"];

/** Creates (or replaces) the database at `path` with the benchmark's host and stays. */
export async function seedStatistics(path: string, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  for (const suffix of ["", "-wal", "-shm"]) await Deno.remove(path + suffix).catch(() => {});
  const { db, client } = createDatabase({ url: `file:${path}` });
  try {
    await migrateDatabase(db, client);
    const now = new Date();
    const today = todayIn("Europe/Zagreb", now);
    const rand = random(20260731);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];

    const userId = crypto.randomUUID();
    await db.insert(users).values({
      id: userId,
      email: BENCH_HOST_EMAIL,
      passwordHash: "not-a-hash",
      emailConfirmedAt: now,
      createdAt: now,
    });
    const externalAccountId = crypto.randomUUID();
    await db.insert(externalAccounts).values({
      id: externalAccountId,
      userId,
      type: 0,
      environment: "bench",
      username: "bench",
      passwordSealed: "not-sealed",
      status: 2,
      createdAt: now,
      updatedAt: now,
    });

    const perProperty = options.unitsPerProperty ?? 10;
    const units: { id: string; propertyId: string }[] = [];
    await db.transaction(async (tx) => {
      let propertyId = "";
      for (let i = 0; i < options.units; i++) {
        if (i % perProperty === 0) {
          propertyId = crypto.randomUUID();
          const n = i / perProperty + 1;
          await tx.insert(properties).values({
            id: propertyId,
            userId,
            externalAccountId,
            facilityId: `bench-${n}`,
            facilityCode: String(n).padStart(7, "0"),
            name: `Vila ${n}`,
            createdAt: now,
            updatedAt: now,
          });
        }
        const id = crypto.randomUUID();
        units.push({ id, propertyId });
        await tx.insert(accommodationUnits).values({
          id,
          code: `S${String(i).padStart(11, "0")}`,
          userId,
          propertyId,
          name: `Apartman ${i + 1}`,
          capacity: 4,
          createdAt: now,
          updatedAt: now,
        });
      }
    });

    // Each unit's stays follow one another over [today - 3 years, today + 1 year).
    const first = addDays(today, -3 * 365);
    const days = 4 * 365;
    const perUnit = Math.ceil(options.reservations / options.units);
    const slot = days / perUnit;

    type ReservationRow = typeof reservations.$inferInsert;
    type GuestRow = typeof guests.$inferInsert;
    let reservationRows: ReservationRow[] = [];
    let guestRows: GuestRow[] = [];
    let reservationCount = 0;
    let guestCount = 0;
    let code = 0;

    const flush = async () => {
      await db.transaction(async (tx) => {
        // Chunks keep each statement under SQLite's limit on bound parameters.
        for (let i = 0; i < reservationRows.length; i += 1000) {
          await tx.insert(reservations).values(reservationRows.slice(i, i + 1000));
        }
        for (let i = 0; i < guestRows.length; i += 500) {
          await tx.insert(guests).values(guestRows.slice(i, i + 500));
        }
      });
      reservationRows = [];
      guestRows = [];
    };

    for (const unit of units) {
      for (let i = 0; i < perUnit && reservationCount < options.reservations; i++) {
        const from = Math.floor(i * slot);
        const to = Math.floor((i + 1) * slot);
        // Mostly back to back; now and then a free night before the next arrival.
        const nights = Math.max(1, to - from - (rand() < 0.3 ? 1 : 0));
        const startDate = addDays(first, from);
        const endDate = addDays(startDate, nights);
        const roll = rand();
        const kind = roll < 0.06 ? "block" : "booking";
        const canceled = kind === "booking" && roll > 0.96;
        const id = crypto.randomUUID();
        const created = new Date(now.getTime() - (days - from) * 86_400_000);
        reservationRows.push({
          id,
          code: `R${String(code++).padStart(9, "0")}`,
          userId,
          propertyId: unit.propertyId,
          accommodationUnitId: unit.id,
          startDate,
          endDate,
          kind,
          type: pick(["Manual", "Airbnb", "Booking.com"]),
          canceledAt: canceled ? created : null,
          createdAt: created,
          updatedAt: created,
        });
        reservationCount++;
        if (kind === "block") continue;

        const over = endDate <= today;
        const underWay = startDate <= today && !over;
        const guestsHere = 1 + Math.floor(rand() * 4);
        for (let g = 0; g < guestsHere; g++) {
          const country = pick(COUNTRIES);
          guestRows.push({
            id: crypto.randomUUID(),
            guid: crypto.randomUUID(),
            userId,
            reservationId: id,
            propertyId: unit.propertyId,
            accommodationUnitId: unit.id,
            name: pick(FIRST_NAMES),
            surname: pick(SURNAMES),
            gender: g % 2,
            dateOfBirth: `19${50 + Math.floor(rand() * 50)}-0${1 + Math.floor(rand() * 9)}-1${g}`,
            citizenship: country,
            countryOfBirth: country,
            countryOfResidence: country,
            cityOfResidence: "Grad",
            documentType: 1,
            documentNumberSealed: "v1:bench-not-sealed",
            documentKey: `bench-${guestCount}`,
            status: over ? "CheckedOut" : underWay ? "CheckedIn" : "PreCheckIn",
            registrationState: over || underWay ? "registered" : "waiting",
            registeredAt: over || underWay ? created : null,
            checkedOutAt: over ? created : null,
            createdAt: created,
            updatedAt: created,
          });
          guestCount++;
        }
        if (reservationRows.length >= 5000) await flush();
      }
    }
    await flush();
    // No ANALYZE: the product never runs it, so the planner works without statistics here too.
    await client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    return {
      userId,
      reservations: reservationCount,
      guests: guestCount,
      seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
    };
  } finally {
    client.close();
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      out: { type: "string", default: "data/bench-statistics.db" },
      units: { type: "string", default: "50" },
      reservations: { type: "string", default: "20000" },
    },
  });
  const dir = values.out.includes("/") ? values.out.slice(0, values.out.lastIndexOf("/")) : ".";
  await Deno.mkdir(dir, { recursive: true });
  const result = await seedStatistics(values.out, {
    units: Number(values.units),
    reservations: Number(values.reservations),
  });
  console.log(JSON.stringify({ file: values.out, ...result }));
}
