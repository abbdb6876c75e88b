import { eq } from "drizzle-orm";
import { PurchaseRequestStatus } from "@shared/enums.ts";
import { NOTIFICATION_TEMPLATES } from "@shared/notification-templates.ts";
import type {
  AssignSubscriptionRequest,
  AssignTrialRequest,
  SubscriptionChangeResult,
} from "@shared/schemas/subscription-admin.ts";
import type { DbOrTx } from "../../db/client.ts";
import { actorOf, type ServiceContext } from "../../context.ts";
import { purchaseRequests, receipts } from "../../db/schema/billing.ts";
import { users } from "../../db/schema/users.ts";
import { AppError } from "../../errors.ts";
import { createNotification } from "../notifications/create-notification.ts";
import {
  isInForce,
  subscriptionOf,
  toCurrentSubscription,
  TRIAL_MONTHS,
  TRIAL_PACKAGE_ID,
} from "../plans/plan-policy.ts";
import { findPackage } from "./packages.ts";
import { insertPurchaseRequest, type PurchaseRequestRow } from "./purchase-requests.ts";
import { issueReceipt, receiptNumberOf } from "./receipts.ts";
import { extendSubscription, startTrial } from "./subscription-periods.ts";
import { emailOf as userEmailOf, recordAccountEvent } from "../users/account-history.ts";

/** The host's history entry of a plan change, naming the administrator who made it. */
async function recordPlanChange(
  tx: DbOrTx,
  ctx: ServiceContext,
  { userId, kind, packageName, months }: {
    userId: string;
    kind: "PlanPurchasePaid" | "PlanAssigned" | "TrialAssigned";
    packageName: string;
    months: number;
  },
): Promise<void> {
  await recordAccountEvent(tx, {
    userId,
    kind,
    now: ctx.now,
    actorEmail: await userEmailOf(tx, adminIdOf(ctx)),
    details: { packageName, months },
  });
}

/** The administrator acting: the one behind an impersonation, else the caller. */
function adminIdOf(ctx: ServiceContext): string {
  const actor = actorOf(ctx);
  return actor.impersonatorId ?? actor.id;
}

async function emailOf(db: DbOrTx, userId: string): Promise<string> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) {
    throw new AppError("NotFound", {
      detail: "The user was not found.",
      errors: { userId: ["The user was not found."] },
    });
  }
  return user.email;
}

async function resultOf(
  db: DbOrTx,
  request: PurchaseRequestRow,
  receipt: typeof receipts.$inferSelect | undefined,
  now: Date,
): Promise<SubscriptionChangeResult> {
  const subscription = await subscriptionOf(db, request.userId);
  return {
    purchaseRequestId: request.id,
    purchaseRequestStatus: request.status as SubscriptionChangeResult["purchaseRequestStatus"],
    receiptId: receipt?.id ?? null,
    receiptNumber: receipt ? receiptNumberOf(receipt) : null,
    subscription: toCurrentSubscription(subscription!, now),
  };
}

/**
 * POST /Subscriptions/markAsPaid: the transfer has arrived. Activates, extends or switches the
 * host's subscription by the purchase rule (shared/billing/plan-change.ts: the same package from
 * its end, another one after the time left converted by value), issues the receipt for the paid
 * months' period with the next number, and tells the host in the app and by e-mail, all in one transaction. Marking a paid
 * request again answers the same result; a cancelled one cannot be paid. An expired one can:
 * the money arrived late, but it arrived.
 */
export async function markAsPaid(
  ctx: ServiceContext,
  { purchaseRequestId }: { purchaseRequestId: string },
): Promise<SubscriptionChangeResult> {
  return await ctx.db.transaction(async (tx) => {
    const [request] = await tx.select().from(purchaseRequests)
      .where(eq(purchaseRequests.id, purchaseRequestId));
    if (!request) {
      throw new AppError("NotFound", {
        detail: "The purchase request was not found.",
        errors: { purchaseRequestId: ["The purchase request was not found."] },
      });
    }
    if (request.status === PurchaseRequestStatus.Paid) {
      const [receipt] = await tx.select().from(receipts)
        .where(eq(receipts.purchaseRequestId, request.id));
      return await resultOf(tx, request, receipt, ctx.now);
    }
    if (
      request.status !== PurchaseRequestStatus.Pending &&
      request.status !== PurchaseRequestStatus.Expired
    ) {
      throw new AppError("BadRequest", {
        detail: "Only a pending or expired purchase request can be marked as paid.",
      });
    }
    const userEmail = await emailOf(tx, request.userId);
    const period = await extendSubscription(tx, {
      userId: request.userId,
      packageId: request.packageId,
      months: request.months,
      now: ctx.now,
    });
    const [paid] = await tx.update(purchaseRequests).set({
      status: PurchaseRequestStatus.Paid,
      paidAt: ctx.now,
      handledBy: adminIdOf(ctx),
      updatedAt: ctx.now,
    }).where(eq(purchaseRequests.id, request.id)).returning();
    const receipt = await issueReceipt(tx, paid, {
      userEmail,
      periodStart: period.paidFrom,
      periodEnd: period.endAt,
      now: ctx.now,
    });
    await recordPlanChange(tx, ctx, {
      userId: request.userId,
      kind: "PlanPurchasePaid",
      packageName: request.packageName,
      months: request.months,
    });
    await createNotification(tx, request.userId, NOTIFICATION_TEMPLATES.subscriptionActivated, {
      dedupeKey: `subscription-paid:${request.id}`,
      placeholders: {
        packageName: request.packageName,
        end: period.endAt.toISOString(),
        code: receiptNumberOf(receipt),
      },
      now: ctx.now,
    });
    return await resultOf(tx, paid, receipt, ctx.now);
  }, { behavior: "immediate" });
}

/**
 * POST /Subscriptions/assign: puts a host on a package for some months without a payment (a
 * partner, a goodwill extension), by the same rule as markAsPaid but recorded as a paid request at 0 € and
 * without a receipt.
 */
export async function assignSubscription(
  ctx: ServiceContext,
  { userId, packageId, subscriptionLength }: AssignSubscriptionRequest,
): Promise<SubscriptionChangeResult> {
  return await ctx.db.transaction(async (tx) => {
    await emailOf(tx, userId);
    const pkg = await findPackage(tx, packageId);
    const period = await extendSubscription(tx, {
      userId,
      packageId,
      months: subscriptionLength,
      now: ctx.now,
    });
    const request = await insertPurchaseRequest(tx, {
      ...freeRequest(userId, pkg, subscriptionLength),
      status: PurchaseRequestStatus.Paid,
      paidAt: ctx.now,
      handledBy: adminIdOf(ctx),
    }, ctx.now);
    await recordPlanChange(tx, ctx, {
      userId,
      kind: "PlanAssigned",
      packageName: pkg.name,
      months: subscriptionLength,
    });
    await createNotification(tx, userId, NOTIFICATION_TEMPLATES.subscriptionActivated, {
      dedupeKey: `subscription-assigned:${request.id}`,
      placeholders: { packageName: pkg.name, end: period.endAt.toISOString() },
      now: ctx.now,
    });
    return await resultOf(tx, request, undefined, ctx.now);
  }, { behavior: "immediate" });
}

/**
 * POST /Subscriptions/assignTrial: a trial from now (Pro for 3 months unless told), recorded as
 * a request with status Trial. Refused while the host has a paid subscription in force, which a
 * trial would cut short.
 */
export async function assignTrial(
  ctx: ServiceContext,
  { userId, packageId = TRIAL_PACKAGE_ID, subscriptionLength = TRIAL_MONTHS }: AssignTrialRequest,
): Promise<SubscriptionChangeResult> {
  return await ctx.db.transaction(async (tx) => {
    await emailOf(tx, userId);
    const pkg = await findPackage(tx, packageId);
    const current = await subscriptionOf(tx, userId);
    if (current && !current.subscription.isTrial && isInForce(current.subscription, ctx.now)) {
      throw new AppError("BadRequest", {
        detail: "This host has a paid subscription in force; assign a package instead.",
      });
    }
    const period = await startTrial(tx, {
      userId,
      now: ctx.now,
      packageId,
      months: subscriptionLength,
    });
    const request = await insertPurchaseRequest(tx, {
      ...freeRequest(userId, pkg, subscriptionLength),
      status: PurchaseRequestStatus.Trial,
      handledBy: adminIdOf(ctx),
    }, ctx.now);
    await recordPlanChange(tx, ctx, {
      userId,
      kind: "TrialAssigned",
      packageName: pkg.name,
      months: subscriptionLength,
    });
    await createNotification(tx, userId, NOTIFICATION_TEMPLATES.subscriptionActivated, {
      dedupeKey: `subscription-trial:${request.id}`,
      placeholders: { packageName: pkg.name, end: period.endAt.toISOString(), trial: "true" },
      now: ctx.now,
    });
    return await resultOf(tx, request, undefined, ctx.now);
  }, { behavior: "immediate" });
}

function freeRequest(userId: string, pkg: { id: string; name: string }, months: number) {
  return {
    userId,
    packageId: pkg.id,
    packageName: pkg.name,
    months,
    baseMonthlyCents: 0,
    discountPercent: 0,
    undiscountedCents: 0,
    discountCents: 0,
    finalCents: 0,
  };
}
