import { and, eq, gt, lte } from "drizzle-orm";
import { PurchaseRequestStatus, SubscriptionStatus } from "@shared/enums.ts";
import { NOTIFICATION_TEMPLATES } from "@shared/notification-templates.ts";
import type { Database } from "@core/db/client.ts";
import { purchaseRequests, subscriptionPackages, subscriptions } from "@core/db/schema/billing.ts";
import { createNotification } from "@core/services/notifications/create-notification.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Hosts are warned this long before their subscription ends. */
export const EXPIRY_WARNING_DAYS = 7;
/** A purchase request nobody paid is closed (Expired) after this long. */
export const PENDING_REQUEST_DAYS = 30;

const placeholdersOf = (row: { packageName: string; endAt: Date; isTrial: boolean }) => ({
  packageName: row.packageName,
  end: row.endAt.toISOString(),
  ...(row.isTrial ? { trial: "true" } : {}),
});

/**
 * Once a day: subscriptions past their end become Expired (the host is told), hosts whose
 * subscription ends within 7 days are warned (once per end date), and purchase requests pending
 * for 30 days become Expired. Each step is idempotent, so a run cut short is simply redone.
 */
export async function runBillingDay(db: Database, now: Date) {
  const columns = {
    id: subscriptions.id,
    userId: subscriptions.userId,
    endAt: subscriptions.endAt,
    isTrial: subscriptions.isTrial,
    packageName: subscriptionPackages.name,
  };
  const ended = await db.select(columns).from(subscriptions)
    .innerJoin(subscriptionPackages, eq(subscriptionPackages.id, subscriptions.packageId))
    .where(and(
      eq(subscriptions.status, SubscriptionStatus.Active),
      lte(subscriptions.endAt, now),
    ));
  for (const row of ended) {
    await db.transaction(async (tx) => {
      await tx.update(subscriptions)
        .set({ status: SubscriptionStatus.Expired, updatedAt: now })
        .where(
          and(eq(subscriptions.id, row.id), eq(subscriptions.status, SubscriptionStatus.Active)),
        );
      await createNotification(tx, row.userId, NOTIFICATION_TEMPLATES.subscriptionExpired, {
        dedupeKey: `subscription-expired:${row.id}:${row.endAt.getTime()}`,
        placeholders: placeholdersOf(row),
        now,
      });
    });
  }

  const ending = await db.select(columns).from(subscriptions)
    .innerJoin(subscriptionPackages, eq(subscriptionPackages.id, subscriptions.packageId))
    .where(and(
      eq(subscriptions.status, SubscriptionStatus.Active),
      gt(subscriptions.endAt, now),
      lte(subscriptions.endAt, new Date(now.getTime() + EXPIRY_WARNING_DAYS * DAY_MS)),
    ));
  let warned = 0;
  for (const row of ending) {
    const created = await createNotification(
      db,
      row.userId,
      NOTIFICATION_TEMPLATES.subscriptionExpiring,
      {
        dedupeKey: `subscription-expiring:${row.id}:${row.endAt.getTime()}`,
        placeholders: placeholdersOf(row),
        now,
      },
    );
    if (created) warned++;
  }

  const closed = await db.update(purchaseRequests)
    .set({ status: PurchaseRequestStatus.Expired, updatedAt: now })
    .where(and(
      eq(purchaseRequests.status, PurchaseRequestStatus.Pending),
      lte(purchaseRequests.createdAt, new Date(now.getTime() - PENDING_REQUEST_DAYS * DAY_MS)),
    ))
    .returning({ id: purchaseRequests.id });

  return { expired: ended.length, warned, requestsExpired: closed.length };
}

/** The daily lease (schedule_marks.name) of the billing job (scheduler/jobs/billing.ts). */
export const BILLING_DAILY = "billing-daily";
