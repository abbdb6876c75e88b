import { refuseWhileDeletionPending } from "../users/deletion-pending.ts";
import { and, asc, count, desc, eq, max, or, sql } from "drizzle-orm";
import { PurchaseRequestStatus } from "@shared/enums.ts";
import { eurosOf, periodPrice } from "@shared/billing/money.ts";
import { toPagedResult } from "@shared/schemas/paged.ts";
import type {
  CreatePurchaseRequestResult,
  PurchasePeriod,
  PurchasePreview,
  PurchaseRequest,
} from "@shared/schemas/purchase-request.ts";
import { toPurchasePeriod } from "@shared/billing/plan-change.ts";
import type { DbOrTx } from "../../db/client.ts";
import { actorIdOf, actorOf, type ServiceContext } from "../../context.ts";
import { purchaseRequests, receipts } from "../../db/schema/billing.ts";
import { users } from "../../db/schema/users.ts";
import { likeContaining } from "../../db/like-containing.ts";
import type { AuthUser } from "../../auth/auth-user.ts";
import { ADMINISTRATOR } from "../../auth/auth-user.ts";
import { AppError } from "../../errors.ts";
import { findPackage } from "./packages.ts";
import { DEVELOPMENT_PAYEE, paymentDescriptionOf } from "./payee.ts";
import { createNotification } from "../notifications/create-notification.ts";
import { NOTIFICATION_TEMPLATES } from "@shared/notification-templates.ts";
import { purchaseOutcome } from "./subscription-periods.ts";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { PurchaseRequestSortField } from "@shared/schemas/list-query.ts";

export type PurchaseRequestRow = typeof purchaseRequests.$inferSelect;

/** What a request buys, in words: the payment's description starts with it. */
export function purchaseNameOf(row: { packageName: string; months: number }): string {
  return `Prijavko ${row.packageName}, ${row.months} mj.`;
}

/** HR00 reference: the year and the request's sequential number, e.g. 2026-000042. */
export function referenceCodeOf(number: number, now: Date): string {
  return `${now.getUTCFullYear()}-${String(number).padStart(6, "0")}`;
}

export function toPreview(
  row: PurchaseRequestRow,
  resultingPeriod: PurchasePeriod | null = null,
): PurchasePreview {
  return {
    purchaseName: purchaseNameOf(row),
    referenceCode: row.referenceCode,
    status: row.status as PurchasePreview["status"],
    length: row.months,
    price: eurosOf(row.baseMonthlyCents),
    totalPrice: eurosOf(row.undiscountedCents),
    discountPercent: row.discountPercent,
    discountAmount: eurosOf(row.discountCents),
    finalPrice: eurosOf(row.finalCents),
    resultingPeriod,
  };
}

/**
 * What paying a pending request would do to its host's subscription if recorded at `now`; null
 * once it is paid, expired or cancelled (the receipt then states the period).
 */
export async function resultingPeriodOf(
  db: DbOrTx,
  row: PurchaseRequestRow,
  now: Date,
): Promise<PurchasePeriod | null> {
  if (row.status !== PurchaseRequestStatus.Pending) return null;
  const change = await purchaseOutcome(db, {
    userId: row.userId,
    packageId: row.packageId,
    months: row.months,
    now,
  });
  return toPurchasePeriod(change);
}

/** A period of a package as a request records it (prices copied, in cents). */
export async function pricedPeriod(db: DbOrTx, packageId: string, months: number) {
  const pkg = await findPackage(db, packageId, { onSaleOnly: true });
  const period = pkg.periods.find((p) => p.months === months);
  if (!period) {
    throw AppError.invalid({
      subscriptionLength: [`${pkg.name} is not sold for ${months} months.`],
    });
  }
  return { pkg, price: periodPrice(pkg.basePriceCents, months, period.discountPercent) };
}

/** Inserts a request with the next sequential number; run inside an immediate transaction. */
export async function insertPurchaseRequest(
  tx: DbOrTx,
  values: Omit<
    typeof purchaseRequests.$inferInsert,
    "id" | "number" | "referenceCode" | "createdAt" | "updatedAt"
  >,
  now: Date,
): Promise<PurchaseRequestRow> {
  const [{ last }] = await tx.select({ last: max(purchaseRequests.number) }).from(purchaseRequests);
  const number = (last ?? 0) + 1;
  const [row] = await tx.insert(purchaseRequests).values({
    id: crypto.randomUUID(),
    number,
    referenceCode: referenceCodeOf(number, now),
    ...values,
    createdAt: now,
    updatedAt: now,
  }).returning();
  return row;
}

/**
 * GET /Subscriptions/createPurchaseRequest: a host orders a package for a period. Asking again
 * for the same package and period while a request for it is pending answers that request, so a
 * reload does not pile up orders with different references. A new order tells the host how to
 * pay it, in the app and by e-mail (the notifications worker sends it from the outbox).
 */
export async function createPurchaseRequest(
  ctx: ServiceContext,
  { packageId, subscriptionLength }: { packageId: string; subscriptionLength: number },
): Promise<CreatePurchaseRequestResult> {
  const userId = actorIdOf(ctx);
  await refuseWhileDeletionPending(ctx.db, userId);
  const { pkg, price } = await pricedPeriod(ctx.db, packageId, subscriptionLength);
  const row = await ctx.db.transaction(async (tx) => {
    const [pending] = await tx.select().from(purchaseRequests).where(and(
      eq(purchaseRequests.userId, userId),
      eq(purchaseRequests.packageId, pkg.id),
      eq(purchaseRequests.months, subscriptionLength),
      eq(purchaseRequests.finalCents, price.totalCents),
      eq(purchaseRequests.status, PurchaseRequestStatus.Pending),
    )).orderBy(desc(purchaseRequests.createdAt)).limit(1);
    if (pending) return pending;
    const created = await insertPurchaseRequest(tx, {
      userId,
      packageId: pkg.id,
      packageName: pkg.name,
      months: subscriptionLength,
      baseMonthlyCents: price.baseMonthlyCents,
      discountPercent: price.discountPercent,
      undiscountedCents: price.undiscountedCents,
      discountCents: price.discountCents,
      finalCents: price.totalCents,
      status: PurchaseRequestStatus.Pending,
    }, ctx.now);
    await tellHowToPay(tx, created, ctx);
    return created;
  }, { behavior: "immediate" });
  const resultingPeriod = await resultingPeriodOf(ctx.db, row, ctx.now);
  return { purchaseRequestId: row.id, ...toPreview(row, resultingPeriod) };
}

/** The payment details of a new order, as a notification the host also gets by e-mail. */
async function tellHowToPay(tx: DbOrTx, row: PurchaseRequestRow, ctx: ServiceContext) {
  const payee = ctx.config.payee ?? DEVELOPMENT_PAYEE;
  await createNotification(tx, row.userId, NOTIFICATION_TEMPLATES.purchaseRequested, {
    dedupeKey: `purchase:${row.id}`,
    placeholders: {
      packageName: row.packageName,
      months: String(row.months),
      amountCents: String(row.finalCents),
      payee: [payee.name, payee.street, payee.city].join(", "),
      iban: payee.iban,
      model: payee.model,
      reference: payee.model === "HR99" ? "" : row.referenceCode,
      code: row.referenceCode,
      description: paymentDescriptionOf(row, payee),
      purchaseRequestId: row.id,
    },
    now: ctx.now,
  });
}

/** A request its owner or an administrator may see; anyone else's is answered as unknown. */
export async function findVisiblePurchaseRequest(
  db: DbOrTx,
  user: AuthUser,
  id: string,
): Promise<PurchaseRequestRow> {
  const [row] = await db.select().from(purchaseRequests).where(eq(purchaseRequests.id, id));
  if (!row || (row.userId !== user.id && !user.roles.includes(ADMINISTRATOR))) {
    throw new AppError("NotFound", { detail: "The purchase request was not found." });
  }
  return row;
}

export const PURCHASE_REQUEST_SORTS = {
  created: purchaseRequests.createdAt,
  price: purchaseRequests.finalCents,
  status: purchaseRequests.status,
  email: users.email,
  packageName: purchaseRequests.packageName,
  length: purchaseRequests.months,
  referenceCode: purchaseRequests.number,
} satisfies Record<PurchaseRequestSortField, SQLiteColumn>;
export type PurchaseRequestSort = PurchaseRequestSortField;

/**
 * GET /Subscriptions/purchase-requests: administrators see everyone's (unless `mine`), hosts
 * their own. Searched by e-mail, package name or reference; sorted; paged.
 */
export async function listPurchaseRequests(
  ctx: ServiceContext,
  { pageNumber, pageSize, searchTerm, sortBy, sortDescending, status, mine }: {
    pageNumber: number;
    pageSize: number;
    searchTerm?: string;
    sortBy: PurchaseRequestSort;
    sortDescending: boolean;
    status?: number;
    mine: boolean;
  },
) {
  const { db } = ctx;
  const user = actorOf(ctx);
  const everyone = user.roles.includes(ADMINISTRATOR) && !mine;
  const pattern = searchTerm ? likeContaining(searchTerm.toLowerCase()) : undefined;
  const where = and(
    everyone ? undefined : eq(purchaseRequests.userId, user.id),
    status === undefined ? undefined : eq(purchaseRequests.status, status),
    pattern
      ? or(
        sql`${users.email} like ${pattern} escape '\\'`,
        sql`lower(${purchaseRequests.packageName}) like ${pattern} escape '\\'`,
        sql`${purchaseRequests.referenceCode} like ${pattern} escape '\\'`,
      )
      : undefined,
  );
  const column = PURCHASE_REQUEST_SORTS[sortBy];
  const [{ total }] = await db.select({ total: count() }).from(purchaseRequests)
    .innerJoin(users, eq(users.id, purchaseRequests.userId)).where(where);
  const rows = await db.select({
    request: purchaseRequests,
    email: users.email,
    receiptId: receipts.id,
  })
    .from(purchaseRequests)
    .innerJoin(users, eq(users.id, purchaseRequests.userId))
    .leftJoin(receipts, eq(receipts.purchaseRequestId, purchaseRequests.id))
    .where(where)
    .orderBy(sortDescending ? desc(column) : asc(column), desc(purchaseRequests.number))
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize);
  const items = rows.map(({ request, email, receiptId }) =>
    toPurchaseRequest(request, email, receiptId)
  );
  return toPagedResult(items, pageNumber, pageSize, total);
}

export function toPurchaseRequest(
  row: PurchaseRequestRow,
  userEmail: string,
  receiptId: string | null,
): PurchaseRequest {
  return {
    id: row.id,
    userId: row.userId,
    userEmail,
    subscriptionPackageId: row.packageId,
    packageName: row.packageName,
    subscriptionLength: row.months,
    price: eurosOf(row.finalCents),
    status: row.status as PurchaseRequest["status"],
    created: row.createdAt.toISOString(),
    referenceCode: row.referenceCode,
    paidAt: row.paidAt?.toISOString() ?? null,
    receiptId,
  };
}
