import { asc, count, desc, sql } from "drizzle-orm";
import type { AdminUserListItem } from "@shared/schemas/admin-user.ts";
import { toPagedResult } from "@shared/schemas/paged.ts";
import type { Database } from "../../db/client.ts";
import { users } from "../../db/schema/users.ts";
import { likeContaining } from "../../db/like-containing.ts";

export const USER_SORT_COLUMNS = {
  email: users.email,
  created: users.createdAt,
  lastLogin: users.lastLoginAt,
};
export type UserSortColumn = keyof typeof USER_SORT_COLUMNS;

/** Administrators' user list: search by e-mail, sorted, one page at a time. */
export async function listUsers(
  db: Database,
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
  const rows = await db.select().from(users).where(where)
    .orderBy(sortDescending ? desc(column) : asc(column), asc(users.id))
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize);
  const items: AdminUserListItem[] = rows.map((row) => ({
    id: row.id,
    email: row.email,
    emailConfirmed: !!row.emailConfirmedAt,
    created: row.createdAt.toISOString(),
    lastLogin: row.lastLoginAt?.toISOString() ?? null,
    // Subscriptions arrive with billing; until then nobody has one.
    currentSubscription: null,
  }));
  return toPagedResult(items, pageNumber, pageSize, total);
}
