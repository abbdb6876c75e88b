import { sql } from "drizzle-orm";
import type { MonthlyCount, Statistics } from "@shared/schemas/statistics.ts";
import type { Database } from "../../db/client.ts";
import { today as todayOf } from "../reservations/stay-dates.ts";

/** The months shown on the dashboard: this one and the eleven before it. */
export const MONTHS = 12;

interface Month {
  month: string;
  /** First night of the month. */
  start: string;
  /** First night of the next month (exclusive). */
  end: string;
}

/** The last `count` calendar months up to the one holding `today` (local dates), oldest first. */
export function monthsUpTo(today: string, count = MONTHS): Month[] {
  const [year, month] = today.split("-").map(Number);
  const months: Month[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const index = year * 12 + (month - 1) - i;
    const y = Math.floor(index / 12);
    const m = index % 12 + 1;
    const next = index + 1;
    const start = `${y}-${String(m).padStart(2, "0")}-01`;
    const end = `${Math.floor(next / 12)}-${String(next % 12 + 1).padStart(2, "0")}-01`;
    months.push({ month: start.slice(0, 7), start, end });
  }
  return months;
}

const monthsTable = (months: Month[]) =>
  sql.join(months.map((m) => sql`(${m.month}, ${m.start}, ${m.end})`), sql`, `);

/**
 * GET /Statistics, computed in SQL (the index on reservations (user_id, start_date) serves every
 * query; nothing is loaded row by row). Definitions, all in Zagreb dates:
 * - a reservation is a live stay (not cancelled, not a block); a guest is a guest of one;
 * - "currently hosting" means the stay is under way today (arrival ≤ today < departure), and for
 *   guests that they have not checked out;
 * - a stay counts in every month in which it has at least one night, so a stay from 30 June to
 *   3 July counts in June and in July; its guests likewise.
 */
export async function hostStatistics(db: Database, userId: string, now: Date): Promise<Statistics> {
  const today = todayOf(now);
  const months = monthsUpTo(today);
  const live = sql`r.user_id = ${userId} and r.canceled_at is null and r.kind != 'block'`;

  const [totals] = await db.all<{
    totalReservations: number;
    reservationsCurrentlyHosting: number;
  }>(sql`select count(*) as totalReservations,
      coalesce(sum(case when r.start_date <= ${today} and r.end_date > ${today} then 1 else 0 end), 0)
        as reservationsCurrentlyHosting
    from reservations r where ${live}`);
  const [guestTotals] = await db.all<{ totalGuests: number; guestsCurrentlyHosting: number }>(
    sql`select count(*) as totalGuests,
      coalesce(sum(case when r.start_date <= ${today} and r.end_date > ${today}
        and g.status != 'CheckedOut' then 1 else 0 end), 0) as guestsCurrentlyHosting
    from guests g join reservations r on r.id = g.reservation_id where ${live}`,
  );

  const perMonth = async (counted: "reservations" | "guests"): Promise<MonthlyCount[]> => {
    const rows = await db.all<{ month: string; count: number }>(sql`
      with months(month, first_night, next_first_night) as (values ${monthsTable(months)})
      select months.month as month, ${
      counted === "guests" ? sql`count(g.id)` : sql`count(r.id)`
    } as count
      from months
      left join reservations r on ${live}
        and r.start_date < months.next_first_night and r.end_date > months.first_night
      ${counted === "guests" ? sql`left join guests g on g.reservation_id = r.id` : sql``}
      group by months.month order by months.month`);
    return rows.map((row) => ({ month: row.month, count: Number(row.count) }));
  };

  return {
    totalGuests: Number(guestTotals.totalGuests),
    guestsCurrentlyHosting: Number(guestTotals.guestsCurrentlyHosting),
    totalReservations: Number(totals.totalReservations),
    reservationsCurrentlyHosting: Number(totals.reservationsCurrentlyHosting),
    guestsPerMonth: await perMonth("guests"),
    reservationsPerMonth: await perMonth("reservations"),
  };
}
