import { and, asc, eq, inArray, isNull, like, lt, or, type SQL, sql } from "drizzle-orm";
import { SettlementsRequested } from "@shared/events.ts";
import {
  foldSettlementName,
  SETTLEMENT_RESULTS_MAX,
  type SettlementSearch,
} from "@shared/schemas/settlement.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import type { Database, DbOrTx } from "../../db/client.ts";
import {
  evisitorSettlementLists,
  evisitorSettlements,
} from "../../db/schema/evisitor-settlements.ts";
import { properties } from "../../db/schema/properties.ts";
import { reservations } from "../../db/schema/reservations.ts";
import type { EVisitorSettlement } from "../../evisitor/types.ts";
import { AppError } from "../../errors.ts";
import { propertyRoleOf, roleMay } from "../access/property-access.ts";
import { appendEvent } from "../../outbox/append-event.ts";

/** A list older than this is read again (eVisitor's settlements change rarely). */
export const SETTLEMENTS_MAX_AGE_MS = 30 * 24 * 60 * 60_000;
/** A missing or old list is asked for at most this often, however many guests search. */
export const SETTLEMENTS_REQUEST_EVERY_MS = 10 * 60_000;

const notFound = () => new AppError("NotFound", { detail: "The reservation was not found." });
/** Rows per INSERT: SQLite takes at most 32766 bound values (5 columns a row). */
const INSERT_CHUNK = 500;

/** Replaces an account's settlement list with eVisitor's active settlements. */
export async function replaceSettlements(
  tx: DbOrTx,
  externalAccountId: string,
  settlements: EVisitorSettlement[],
  now: Date,
): Promise<void> {
  const rows = settlements.filter((s) => s.active && s.name.trim()).map((s) => ({
    externalAccountId,
    id: s.id,
    name: s.name.trim(),
    folded: foldSettlementName(s.name),
    zipCode: s.zipCode,
  }));
  await tx.delete(evisitorSettlements).where(
    eq(evisitorSettlements.externalAccountId, externalAccountId),
  );
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await tx.insert(evisitorSettlements).values(rows.slice(i, i + INSERT_CHUNK))
      .onConflictDoNothing();
  }
  await tx.insert(evisitorSettlementLists)
    .values({ externalAccountId, count: rows.length, fetchedAt: now })
    .onConflictDoUpdate({
      target: evisitorSettlementLists.externalAccountId,
      set: { count: rows.length, fetchedAt: now },
    });
}

/** Forgets an account's list (the account is being removed). */
export async function deleteSettlements(tx: DbOrTx, externalAccountId: string) {
  await tx.delete(evisitorSettlements).where(
    eq(evisitorSettlements.externalAccountId, externalAccountId),
  );
  await tx.delete(evisitorSettlementLists).where(
    eq(evisitorSettlementLists.externalAccountId, externalAccountId),
  );
}

/** `%` and `_` are LIKE's wildcards; a guest's text matches them literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const likeEscaped = (column: SQL | typeof evisitorSettlements.folded, pattern: string) =>
  sql`${column} LIKE ${pattern} ESCAPE '\\'`;

/**
 * Settlements whose name holds every word typed (case and diacritics aside), or whose post code
 * starts with the digits typed. The settlement itself named comes first ("zagreb" → Zagreb-Zagreb),
 * then names that start with the text, then those with a word that does, then the rest.
 */
export async function searchSettlements(
  db: Database,
  externalAccountId: string,
  query: string,
  now: Date,
): Promise<SettlementSearch> {
  const [list] = await db.select().from(evisitorSettlementLists)
    .where(eq(evisitorSettlementLists.externalAccountId, externalAccountId));
  const fetchedAt = list?.fetchedAt?.getTime() ?? null;
  if (fetchedAt === null || fetchedAt < now.getTime() - SETTLEMENTS_MAX_AGE_MS) {
    await requestSettlements(db, externalAccountId, now);
  }
  // An old list still serves while the new one is read.
  if (fetchedAt === null || list!.count === 0) return { available: false, settlements: [] };

  const folded = foldSettlementName(query).replace(/\s+/g, " ");
  const words = folded.split(" ").filter(Boolean);
  if (words.length === 0) return { available: true, settlements: [] };
  const whole = literal(folded);
  const matches = /^\d+$/.test(folded)
    ? like(evisitorSettlements.zipCode, `${folded}%`)
    : and(...words.map((w) => likeEscaped(evisitorSettlements.folded, `%${literal(w)}%`)));
  const rank = sql<number>`CASE
    WHEN ${evisitorSettlements.folded} = ${folded} OR ${
    likeEscaped(evisitorSettlements.folded, `%-${whole}`)
  } THEN 0
    WHEN ${likeEscaped(evisitorSettlements.folded, `${whole}%`)} THEN 1
    WHEN ${
    or(
      likeEscaped(evisitorSettlements.folded, `%-${whole}%`),
      likeEscaped(evisitorSettlements.folded, `% ${whole}%`),
    )
  } THEN 2
    ELSE 3 END`;
  const rows = await db.select({
    name: evisitorSettlements.name,
    zipCode: evisitorSettlements.zipCode,
  }).from(evisitorSettlements)
    .where(and(eq(evisitorSettlements.externalAccountId, externalAccountId), matches))
    .orderBy(asc(rank), asc(evisitorSettlements.folded))
    .limit(SETTLEMENT_RESULTS_MAX);
  return { available: true, settlements: rows };
}

/**
 * Asks the evisitor worker to read the account's list (SettlementsRequested), unless that was
 * asked within SETTLEMENTS_REQUEST_EVERY_MS: one conditional upsert decides, so concurrent
 * searches raise one event. The search itself never waits for eVisitor.
 */
async function requestSettlements(db: Database, externalAccountId: string, now: Date) {
  const cutoff = new Date(now.getTime() - SETTLEMENTS_REQUEST_EVERY_MS);
  await db.transaction(async (tx) => {
    const claimed = await tx.insert(evisitorSettlementLists)
      .values({ externalAccountId, requestedAt: now })
      .onConflictDoUpdate({
        target: evisitorSettlementLists.externalAccountId,
        set: { requestedAt: now },
        setWhere: or(
          isNull(evisitorSettlementLists.requestedAt),
          lt(evisitorSettlementLists.requestedAt, cutoff),
        ),
      })
      .returning({ id: evisitorSettlementLists.externalAccountId });
    if (claimed.length > 0) await appendEvent(tx, SettlementsRequested, { externalAccountId }, now);
  }, { behavior: "immediate" });
}

/**
 * The settlements a guest chooses from on the check-in page: those of the eVisitor account the
 * stay's property is registered with. The reservation code is the key, as for the page itself.
 */
export async function settlementsForStay(
  { db, now }: ServiceContext,
  { code, query }: { code: string; query: string },
): Promise<SettlementSearch> {
  const [found] = await db.select({ accountId: properties.externalAccountId })
    .from(reservations)
    .innerJoin(properties, eq(properties.id, reservations.propertyId))
    .where(and(eq(reservations.code, code), inArray(reservations.kind, ["booking", "unknown"])));
  if (!found) throw notFound();
  return await searchSettlements(db, found.accountId, query, now);
}

/**
 * The same for the host's guest form: only a stay of a property the signed-in user owns or handles
 * registrations of (services/access/property-access.ts).
 */
export async function settlementsForHost(
  ctx: ServiceContext,
  { reservationCode, query }: { reservationCode: string; query: string },
): Promise<SettlementSearch> {
  const userId = actorIdOf(ctx);
  const [found] = await ctx.db.select({
    accountId: properties.externalAccountId,
    ownerId: reservations.userId,
    propertyId: reservations.propertyId,
  })
    .from(reservations)
    .innerJoin(properties, eq(properties.id, reservations.propertyId))
    .where(eq(reservations.code, reservationCode));
  const access = found && found.ownerId !== userId
    ? await propertyRoleOf(ctx.db, userId, found.propertyId)
    : undefined;
  const allowed = found &&
    (found.ownerId === userId || (access && roleMay(access.role, "registration")));
  if (!allowed) throw notFound();
  return await searchSettlements(ctx.db, found.accountId, query, ctx.now);
}

/**
 * The "Grad-Naselje" entry of the account's list a city in Croatia stands for, as the evisitor
 * worker sends it: the entry itself (case and diacritics aside), or, for a city named alone, the
 * city's own settlement ("Samobor" → "Samobor-Samobor", "Zagreb" → "Zagreb-Zagreb"; forms took
 * free text before the list was read). `undefined` when the account has no list yet; null when
 * the place is none of the list's entries: such a city is never sent, the host chooses the entry.
 */
export async function settlementEntryOf(
  db: DbOrTx,
  externalAccountId: string,
  city: string,
): Promise<string | null | undefined> {
  const [list] = await db.select().from(evisitorSettlementLists)
    .where(eq(evisitorSettlementLists.externalAccountId, externalAccountId));
  if (!list?.fetchedAt || list.count === 0) return undefined;
  const folded = foldSettlementName(city).replace(/\s+/g, " ");
  if (!folded) return null;
  const [found] = await db.select({ name: evisitorSettlements.name }).from(evisitorSettlements)
    .where(and(
      eq(evisitorSettlements.externalAccountId, externalAccountId),
      inArray(evisitorSettlements.folded, [folded, `${folded}-${folded}`]),
    ))
    .orderBy(sql`${evisitorSettlements.folded} = ${folded} DESC`)
    .limit(1);
  return found?.name ?? null;
}
