import { asc, count, desc, eq, sql } from "drizzle-orm";
import type { AdminUserListItem } from "@shared/schemas/admin-user.ts";
import { toPagedResult } from "@shared/schemas/paged.ts";
import type { ServiceContext } from "../../context.ts";
import { users } from "../../db/schema/users.ts";
import { likeContaining } from "../../db/like-containing.ts";
import { subscriptionPackages, subscriptions } from "../../db/schema/billing.ts";
import { toCurrentSubscription } from "../plans/plan-policy.ts";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { UserSortField } from "@shared/schemas/list-query.ts";

export const USER_SORT_COLUMNS = {
  email: users.email,
  created: users.createdAt,
  lastLogin: users.lastLoginAt,
} satisfies Record<UserSortField, SQLiteColumn>;
export type UserSortColumn = UserSortField;

/** Administrators' user list: search by e-mail, sorted, one page at a time, with each plan. */
export async function listUsers(
  { db, now }: ServiceContext,
  { pageNumber, pageSize, searchTerm, sortBy, sortDescending }: {
    pageNumber: number;
    pageSize: number;
    searchTerm?: string;
    sortBy: UserSortColumn;
    sortDescending: boolean;
  },
) {
  const where = searchTerm
    ? sql`${users.email} like ${likeContaining(searchTerm.toLowerCase())} escape '\\'`
    : undefined;
  const column = USER_SORT_COLUMNS[sortBy];
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db.select({
    user: users,
    subscription: subscriptions,
    pkg: subscriptionPackages,
  })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .leftJoin(subscriptionPackages, eq(subscriptionPackages.id, subscriptions.packageId))
    .where(where)
    .orderBy(sortDescending ? desc(column) : asc(column), asc(users.id))
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize);
  const items: AdminUserListItem[] = rows.map(({ user: row, subscription, pkg }) => ({
    id: row.id,
    email: row.email,
    emailConfirmed: !!row.emailConfirmedAt,
    created: row.createdAt.toISOString(),
    lastLogin: row.lastLoginAt?.toISOString() ?? null,
    currentSubscription: subscription && pkg ? summaryOf(subscription, pkg, now) : null,
  }));
  return toPagedResult(items, pageNumber, pageSize, total);
}

function summaryOf(
  subscription: typeof subscriptions.$inferSelect,
  pkg: typeof subscriptionPackages.$inferSelect,
  now: Date,
) {
  const { id, packageName, startDateUtc, endDateUtc, status, isTrial } = toCurrentSubscription(
    { subscription, pkg },
    now,
  );
  return { id, packageName, startDateUtc, endDateUtc, status, isTrial };
}
