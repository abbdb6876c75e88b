import { type SQL, sql } from "drizzle-orm";
import type { Statistics } from "@shared/schemas/statistics.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { properties } from "../../db/schema/properties.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { propertyScopeWhere } from "../access/property-access.ts";
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

/** A date's month as one number (year × 12 + month − 1), so months compare and subtract. */
const monthIndexOf = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
const monthIndexSql = (date: SQL) =>
  sql`(cast(substr(${date}, 1, 4) as integer) * 12 + cast(substr(${date}, 6, 2) as integer) - 1)`;

/**
 * GET /Statistics, computed in SQL in one pass over the host's stays (nothing is loaded row by
 * row). Definitions, all in Zagreb dates:
 * - a reservation is a live stay (not cancelled, not a block); a guest is a guest of one;
 * - "currently hosting" means the stay is under way today (arrival ≤ today < departure), and for
 *   guests that they have not checked out;
 * - a stay counts in every month in which it has at least one night, so a stay from 30 June to
 *   3 July counts in June and in July; its guests likewise.
 *
 * Each stay's nights fall in the months from its arrival's to its last night's (departure − 1
 * day), cut to the twelve shown; the query groups the stays by that range of months, so it
 * answers a few dozen rows at most (the stays outside the twelve months are one of them), which
 * add up to the totals and, range by range, to the months.
 *
 * The stays are those of every property the caller may see: their own and those shared with them
 * (a co-host's or reception's dashboard counts what their pages list, issue 32).
 *
 * Speed (bench/statistics.ts: 50 units, 20,000 stays; bench/load.ts): it walks the stays of the
 * owners whose properties the caller sees (for a host alone, their own) through the index on
 * reservations (user_id, start_date, …), which holds every column it reads, and counts each
 * stay's guests through the covering index on guests (reservation_id). Two queries before
 * (totals, then the months joined to the stays) took twice as long.
 */
export async function hostStatistics(
  ctx: Pick<ServiceContext, "db" | "now" | "actor">,
): Promise<Statistics> {
  const { db, now } = ctx;
  const userId = actorIdOf(ctx);
  const today = todayOf(now);
  const months = monthsUpTo(today);
  const first = monthIndexOf(months[0].start);
  const last = first + months.length - 1;
  const underWay = sql`reservations.start_date <= ${today} and reservations.end_date > ${today}`;
  const inWindow = sql`reservations.start_date < ${months[months.length - 1].end}
    and reservations.end_date > ${months[0].start}`;
  // The caller and the owners of the properties shared with them first, so that the walk goes
  // through the (user_id, …) index; then only the properties the caller may see.
  const owners = sql`select ${userId} union select ${properties.userId} from ${properties} where ${
    propertyScopeWhere(
      userId,
      "view",
      { owner: properties.userId, property: properties.id },
      "Shared",
    )
  }`;
  const visible = propertyScopeWhere(userId, "view", {
    owner: reservations.userId,
    property: reservations.propertyId,
  });

  const groups = await db.all<{
    fromMonth: number | null;
    toMonth: number | null;
    stays: number;
    guests: number;
    staysUnderWay: number;
    guestsHosted: number;
  }>(sql`select
      case when ${inWindow} then max(${monthIndexSql(sql`reservations.start_date`)}, ${first}) end
        as fromMonth,
      case when ${inWindow} then min(${
    monthIndexSql(sql`date(reservations.end_date, '-1 day')`)
  }, ${last}) end
        as toMonth,
      count(*) as stays,
      coalesce(sum((select count(*) from guests g where g.reservation_id = reservations.id)), 0) as guests,
      coalesce(sum(${underWay}), 0) as staysUnderWay,
      coalesce(sum(case when ${underWay} then (select count(*) from guests g
        where g.reservation_id = reservations.id and g.status in ('PreCheckIn', 'CheckedIn')) else 0 end), 0) as guestsHosted
    from reservations
    where reservations.user_id in (${owners}) and ${visible}
      and reservations.canceled_at is null and reservations.kind != 'block'
    group by fromMonth, toMonth`);

  const totals = { reservations: 0, guests: 0, staysUnderWay: 0, guestsHosted: 0 };
  const reservationsPerMonth = months.map(() => 0);
  const guestsPerMonth = months.map(() => 0);
  for (const group of groups) {
    totals.reservations += Number(group.stays);
    totals.guests += Number(group.guests);
    totals.staysUnderWay += Number(group.staysUnderWay);
    totals.guestsHosted += Number(group.guestsHosted);
    if (group.fromMonth === null || group.toMonth === null) continue;
    for (let month = Number(group.fromMonth); month <= Number(group.toMonth); month++) {
      reservationsPerMonth[month - first] += Number(group.stays);
      guestsPerMonth[month - first] += Number(group.guests);
    }
  }

  return {
    totalGuests: totals.guests,
    guestsCurrentlyHosting: totals.guestsHosted,
    totalReservations: totals.reservations,
    reservationsCurrentlyHosting: totals.staysUnderWay,
    guestsPerMonth: months.map((m, i) => ({ month: m.month, count: guestsPerMonth[i] })),
    reservationsPerMonth: months.map((m, i) => ({
      month: m.month,
      count: reservationsPerMonth[i],
    })),
  };
}
