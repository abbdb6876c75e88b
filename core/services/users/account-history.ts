import { isIP } from "node:net";
import { count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import {
  ACCOUNT_HISTORY_RETENTION_DAYS,
  type AccountEventDetails,
  type AccountEventKind,
} from "@shared/account-history.ts";
import type { AccountEvent } from "@shared/schemas/account-history.ts";
import { toPagedResult } from "@shared/schemas/paged.ts";
import { actorIdOf, type RequestOrigin, type ServiceContext } from "../../context.ts";
import type { Database, DbOrTx } from "../../db/client.ts";
import { accountEvents } from "../../db/schema/account-events.ts";
import { users } from "../../db/schema/users.ts";
import { describeUserAgent, isUserAgentDescription } from "../../platform/user-agent.ts";

/**
 * The address an entry keeps: an IP address as the request came from, or "unknown" (in-process
 * requests; a forwarded header that names no address). Never other text a caller could send.
 */
export function historyAddress(address: string): string {
  const bare = address.trim();
  return isIP(bare) ? bare : "unknown";
}

/**
 * The browser an entry shows: the description recordAccountEvent stored, or, for an entry kept
 * before the history stored descriptions, the description of the header it stored then.
 */
function historyBrowser(stored: string | null): string | null {
  if (!stored) return null;
  return isUserAgentDescription(stored) ? stored : describeUserAgent(stored);
}

/**
 * Appends one entry to a user's account history. Call it with the transaction that makes the
 * change it records, so both are committed together or not at all. `details` carries only safe
 * names (AccountEventDetails), never guest data, passwords, codes or tokens. Returns the entry's id.
 */
export async function recordAccountEvent(
  tx: DbOrTx,
  { userId, kind, now, origin, actorEmail, details }: {
    userId: string;
    kind: AccountEventKind;
    now: Date;
    /**
     * The request's address and browser, for changes made by the user through the API: only the
     * address (when it is one) and the browser's and system's names are kept.
     */
    origin?: RequestOrigin;
    /** The administrator who acted (impersonation, plan changes). */
    actorEmail?: string;
    details?: AccountEventDetails;
  },
): Promise<string> {
  const id = crypto.randomUUID();
  await tx.insert(accountEvents).values({
    id,
    userId,
    kind,
    createdAt: now,
    address: origin ? historyAddress(origin.address) : null,
    // The browser's and system's names (platform/user-agent.ts), never the header's own text.
    userAgent: describeUserAgent(origin?.userAgent),
    actorEmail: actorEmail ?? null,
    details: details ?? {},
  });
  return id;
}

/** The e-mail of the administrator acting, during impersonation; undefined otherwise. */
export async function impersonatorEmailOf(
  db: DbOrTx,
  actor: { impersonatorId?: string } | undefined,
): Promise<string | undefined> {
  if (!actor?.impersonatorId) return undefined;
  return await emailOf(db, actor.impersonatorId);
}

/** A user's e-mail (e.g. the administrator's, for an entry in a host's history). */
export async function emailOf(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

/**
 * The e-mails of several users at once (the administrators behind ended impersonation sessions).
 */
export async function emailsOf(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, email: users.email }).from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.email]));
}

/**
 * GET /Users/manage/history: the caller's own entries, newest first. During impersonation the
 * caller is the host, so the administrator sees the host's history and nobody else's; no input
 * names a user.
 */
export async function listAccountHistory(
  ctx: ServiceContext,
  { pageNumber, pageSize }: { pageNumber: number; pageSize: number },
) {
  const userId = actorIdOf(ctx);
  const where = eq(accountEvents.userId, userId);
  const [{ total }] = await ctx.db.select({ total: count() }).from(accountEvents).where(where);
  const rows = await ctx.db.select().from(accountEvents).where(where)
    // Entries of one change share a moment; the row id keeps the order they were written in.
    .orderBy(desc(accountEvents.createdAt), desc(sql`rowid`))
    .limit(pageSize).offset((pageNumber - 1) * pageSize);
  const items: AccountEvent[] = rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
    address: row.address === null ? null : historyAddress(row.address),
    userAgent: historyBrowser(row.userAgent),
    actorEmail: row.actorEmail,
    details: row.details,
  }));
  return toPagedResult(items, pageNumber, pageSize, total);
}

/** Deletes the entries older than the retention period (a year); returns how many. */
export async function removeOldAccountEvents(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - ACCOUNT_HISTORY_RETENTION_DAYS * 24 * 3600_000);
  const removed = await db.delete(accountEvents)
    .where(lt(accountEvents.createdAt, before))
    .returning({ id: accountEvents.id });
  return removed.length;
}
