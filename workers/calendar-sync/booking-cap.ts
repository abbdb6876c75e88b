import { and, count, eq, gte, isNull, ne, sql } from "drizzle-orm";
import { NOTIFICATION_TEMPLATES } from "@shared/notification-templates.ts";
import type { Database } from "@core/db/client.ts";
import { reservations } from "@core/db/schema/reservations.ts";
import { createNotification } from "@core/services/notifications/create-notification.ts";
import { planPolicyOf } from "@core/services/plans/plan-policy.ts";
import { today as todayOf } from "@core/services/reservations/stay-dates.ts";

/**
 * Stays imported from a booking platform are never refused or dropped because of the plan: the
 * platform has sold those nights, and leaving them out would let the host (or another platform)
 * sell them twice. They count towards the plan's stays a month like any other, so a month that
 * goes over gets the host a notification (once per month) and no more stays by hand there.
 * Returns the months over the cap.
 */
export async function warnOfBookingCap(db: Database, userId: string, now: Date): Promise<string[]> {
  const plan = await planPolicyOf(db, userId, now);
  const cap = plan?.policy.maxBookingsPerMonth;
  if (cap === null || cap === undefined) return [];
  const month = sql<string>`substr(${reservations.startDate}, 1, 7)`;
  const rows = await db.select({ month, n: count() }).from(reservations).where(and(
    eq(reservations.userId, userId),
    isNull(reservations.canceledAt),
    ne(reservations.kind, "block"),
    gte(reservations.startDate, `${todayOf(now).slice(0, 7)}-01`),
  )).groupBy(month);
  const over = rows.filter((r) => r.n > cap);
  for (const { month, n } of over) {
    await createNotification(db, userId, NOTIFICATION_TEMPLATES.planLimitReached, {
      dedupeKey: `booking-cap:${month}`,
      placeholders: { limit: "maxBookingsPerMonth", start: month, count: String(n) },
      now,
    });
  }
  return over.map((r) => r.month);
}
