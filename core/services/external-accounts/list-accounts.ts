import { and, asc, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import { toPagedResult } from "@shared/schemas/paged.ts";
import type { Database } from "../../db/client.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { externalAccounts } from "../../db/schema/external-accounts.ts";
import { properties } from "../../db/schema/properties.ts";
import { likeContaining } from "../../db/like-containing.ts";
import type { ExternalAccount } from "@shared/schemas/external-account.ts";
import { findOwnAccount } from "./find-account.ts";
import { toExternalAccount } from "./to-response.ts";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { AccountSortField } from "@shared/schemas/list-query.ts";

export const ACCOUNT_SORTS = {
  username: externalAccounts.username,
  status: externalAccounts.status,
  created: externalAccounts.createdAt,
} satisfies Record<AccountSortField, SQLiteColumn>;
export type AccountSort = AccountSortField;

/** The caller's eVisitor accounts with the properties mirrored from each, one page at a time. */
export async function listAccounts(
  ctx: ServiceContext,
  { pageNumber, pageSize, sortBy, searchValue }: {
    pageNumber: number;
    pageSize: number;
    sortBy: AccountSort;
    searchValue?: string;
  },
) {
  const { db } = ctx;
  const userId = actorIdOf(ctx);
  const search = searchValue
    ? or(
      sql`${externalAccounts.username} like ${likeContaining(searchValue)} escape '\\'`,
      sql`${externalAccounts.email} like ${likeContaining(searchValue)} escape '\\'`,
    )
    : undefined;
  const where = and(eq(externalAccounts.userId, userId), search);
  const [{ total }] = await db.select({ total: count() }).from(externalAccounts).where(where);
  const rows = await db.select().from(externalAccounts).where(where)
    .orderBy(sortBy === "created" ? desc(ACCOUNT_SORTS[sortBy]) : asc(ACCOUNT_SORTS[sortBy]))
    .limit(pageSize).offset((pageNumber - 1) * pageSize);
  return toPagedResult(await withProperties(db, rows), pageNumber, pageSize, total);
}

/** One of the caller's accounts as the API shows it. */
export async function getAccount(
  ctx: ServiceContext,
  { id }: { id: string },
): Promise<ExternalAccount> {
  const own = await findOwnAccount(ctx.db, actorIdOf(ctx), id);
  const [account] = await withProperties(ctx.db, [own]);
  return account;
}

/** Accounts with the properties mirrored from each, in one query for all of them. */
async function withProperties(
  db: Database,
  rows: (typeof externalAccounts.$inferSelect)[],
): Promise<ExternalAccount[]> {
  const mirrored = rows.length === 0 ? [] : await db
    .select({
      id: properties.id,
      name: properties.name,
      address: properties.address,
      accountId: properties.externalAccountId,
    })
    .from(properties)
    .where(inArray(properties.externalAccountId, rows.map((r) => r.id)))
    .orderBy(asc(properties.name));
  return rows.map((row) =>
    toExternalAccount(
      row,
      mirrored.filter((p) => p.accountId === row.id).map(({ id, name, address }) => ({
        id,
        name,
        address,
      })),
    )
  );
}
