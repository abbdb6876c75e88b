import { and, count, eq, isNull, ne, sql } from "drizzle-orm";
import { message } from "@shared/messages.ts";
import type { DbOrTx } from "../../db/client.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import { externalAccounts } from "../../db/schema/external-accounts.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { AppError } from "../../errors.ts";
import { requireActivePlan } from "./plan-policy.ts";

/**
 * The plan's limits where they bite: connecting an eVisitor account, adding a unit by hand,
 * entering a stay by hand. Each first needs a plan in force (SubscriptionNotFound /
 * SubscriptionExpired). Properties are limited where they arrive, in provisioning
 * (workers/evisitor/provisioning/plan-allowance.ts), and imported stays are never refused
 * (workers/calendar-sync/booking-cap.ts).
 */

/** Connecting one more eVisitor account (ExternalAccountLimit beyond the plan's number). */
export async function assertCanConnectAccount(db: DbOrTx, userId: string, now: Date) {
  const policy = await requireActivePlan(db, userId, now);
  const [{ n }] = await db.select({ n: count() }).from(externalAccounts)
    .where(eq(externalAccounts.userId, userId));
  if (policy.maxExternalAccounts !== null && n >= policy.maxExternalAccounts) {
    throw new AppError("ExternalAccountLimit");
  }
}

/** Adding a unit to a property by hand (Basic: one unit per property). */
export async function assertCanAddUnit(db: DbOrTx, userId: string, propertyId: string, now: Date) {
  const policy = await requireActivePlan(db, userId, now);
  if (policy.maxUnitsPerProperty === null) return;
  const [{ n }] = await db.select({ n: count() }).from(accommodationUnits)
    .where(eq(accommodationUnits.propertyId, propertyId));
  if (n >= policy.maxUnitsPerProperty) {
    throw new AppError("SubscriptionLimitReached", {
      detail: `Your plan allows ${policy.maxUnitsPerProperty} accommodation unit(s) per property.`,
    });
  }
}

/** Stays (not blocks, not cancelled) of a host arriving in `month` (YYYY-MM). */
export async function bookingsInMonth(db: DbOrTx, userId: string, month: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(reservations).where(and(
    eq(reservations.userId, userId),
    isNull(reservations.canceledAt),
    ne(reservations.kind, "block"),
    sql`substr(${reservations.startDate}, 1, 7) = ${month}`,
  ));
  return n;
}

/**
 * Entering a stay by hand arriving on `startDate` (YYYY-MM-DD): refused with
 * SubscriptionLimitReached once the arrival month holds the plan's number of stays. Blocks
 * (closed dates) are not bookings and are not counted.
 */
export async function assertCanAddBooking(
  db: DbOrTx,
  userId: string,
  startDate: string,
  now: Date,
) {
  const policy = await requireActivePlan(db, userId, now);
  if (policy.maxBookingsPerMonth === null) return;
  const month = startDate.slice(0, 7);
  if (await bookingsInMonth(db, userId, month) >= policy.maxBookingsPerMonth) {
    throw new AppError("SubscriptionLimitReached", {
      detail: message("planMonthFull", { limit: policy.maxBookingsPerMonth, month }),
    });
  }
}
