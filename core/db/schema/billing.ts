import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { PackagePeriod } from "../../../shared/billing/package-offer.ts";
import type { SubscriptionPolicy } from "../../../shared/schemas/subscription-package.ts";
import { users } from "./users.ts";

/**
 * Basic, Pro, Premium (seeded by the migration). Prices, periods and policies are data: change a
 * row and the next request uses it. Money is whole cents.
 */
export const subscriptionPackages = sqliteTable("subscription_packages", {
  id: text().primaryKey(),
  name: text().notNull(),
  description: text().notNull(),
  basePriceCents: integer().notNull(),
  periods: text({ mode: "json" }).$type<PackagePeriod[]>().notNull(),
  policy: text({ mode: "json" }).$type<SubscriptionPolicy>().notNull(),
  sortOrder: integer().notNull().default(0),
  /** A package no longer sold: its subscribers keep it, nobody can buy it. */
  isActive: integer({ mode: "boolean" }).notNull().default(true),
  createdAt: integer({ mode: "timestamp_ms" }).notNull(),
  updatedAt: integer({ mode: "timestamp_ms" }).notNull(),
});

/**
 * A user's subscription: one row per user, activated, extended, switched to another package or
 * expired in place (the purchase requests and receipts keep the history). `status`: Active=0,
 * Expired=1, Cancelled=2. In force while Active and `startAt` ≤ now < `endAt`.
 */
export const subscriptions = sqliteTable("subscriptions", {
  id: text().primaryKey(),
  userId: text().notNull().unique().references(() => users.id, { onDelete: "cascade" }),
  packageId: text().notNull().references(() => subscriptionPackages.id),
  startAt: integer({ mode: "timestamp_ms" }).notNull(),
  endAt: integer({ mode: "timestamp_ms" }).notNull(),
  status: integer().notNull(),
  isTrial: integer({ mode: "boolean" }).notNull(),
  /**
   * A paid plan bought during the trial starts with the trial's days left, kept in full until
   * this moment (shared/billing/plan-change.ts); a later change keeps them day for day rather
   * than converting them by value. Null: none.
   */
  trialKeptUntil: integer({ mode: "timestamp_ms" }),
  createdAt: integer({ mode: "timestamp_ms" }).notNull(),
  updatedAt: integer({ mode: "timestamp_ms" }).notNull(),
}, (t) => [index("subscriptions_status_end_idx").on(t.status, t.endAt)]);

/**
 * A host's order of a package, paid by bank transfer and matched by `referenceCode`. Prices are
 * copied from the package when the request is made, so a later price change does not alter it.
 * `number` is sequential (the reference is made from it). `status`: Pending=0, Paid=1, Trial=2,
 * Expired=3, Cancelled=4.
 */
export const purchaseRequests = sqliteTable("purchase_requests", {
  id: text().primaryKey(),
  number: integer().notNull().unique(),
  referenceCode: text().notNull().unique(),
  userId: text().notNull().references(() => users.id, { onDelete: "cascade" }),
  packageId: text().notNull().references(() => subscriptionPackages.id),
  packageName: text().notNull(),
  months: integer().notNull(),
  baseMonthlyCents: integer().notNull(),
  discountPercent: integer().notNull(),
  /** Base price × months. */
  undiscountedCents: integer().notNull(),
  discountCents: integer().notNull(),
  /** What is to be paid. */
  finalCents: integer().notNull(),
  status: integer().notNull(),
  /** The administrator who marked it paid or assigned it. */
  handledBy: text(),
  paidAt: integer({ mode: "timestamp_ms" }),
  createdAt: integer({ mode: "timestamp_ms" }).notNull(),
  updatedAt: integer({ mode: "timestamp_ms" }).notNull(),
}, (t) => [
  index("purchase_requests_user_idx").on(t.userId, t.createdAt),
  index("purchase_requests_status_idx").on(t.status, t.createdAt),
]);

/**
 * A receipt for a paid request, numbered without gaps per year (`sequence` within `year`), with
 * what it was for copied at the time it was issued.
 */
export const receipts = sqliteTable("receipts", {
  id: text().primaryKey(),
  year: integer().notNull(),
  sequence: integer().notNull(),
  /** Null once the host's account is erased (the request goes with it; the receipt stays). */
  purchaseRequestId: text().unique().references(() => purchaseRequests.id, {
    onDelete: "set null",
  }),
  /** Null once the host's account is erased: the receipt is kept as the accounting law asks. */
  userId: text().references(() => users.id, { onDelete: "set null" }),
  /** Null once the host's account is erased. */
  userEmail: text(),
  /**
   * The customer as the profile named them when the receipt was issued (name or company, OIB,
   * address, VAT status: one line each); kept with the receipt.
   */
  buyer: text(),
  /** The payment's reference ("poziv na broj"), copied so the receipt outlives its request. */
  referenceCode: text(),
  packageName: text().notNull(),
  months: integer().notNull(),
  amountCents: integer().notNull(),
  periodStart: integer({ mode: "timestamp_ms" }).notNull(),
  periodEnd: integer({ mode: "timestamp_ms" }).notNull(),
  createdAt: integer({ mode: "timestamp_ms" }).notNull(),
}, (t) => [
  uniqueIndex("receipts_number_idx").on(t.year, t.sequence),
  index("receipts_user_idx").on(t.userId, t.createdAt),
]);
