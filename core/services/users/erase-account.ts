import { and, eq, inArray, isNotNull, lte, or, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import { accountEvents } from "../../db/schema/account-events.ts";
import { purchaseRequests, receipts, subscriptions } from "../../db/schema/billing.ts";
import { calendarFeeds } from "../../db/schema/calendar-feeds.ts";
import { contactMessages } from "../../db/schema/contact-messages.ts";
import { evisitorTrialClaims } from "../../db/schema/evisitor-trial-claims.ts";
import { externalAccounts } from "../../db/schema/external-accounts.ts";
import { guests } from "../../db/schema/guests.ts";
import { loginThrottle } from "../../db/schema/login-throttle.ts";
import { outbox } from "../../db/schema/outbox.ts";
import { properties } from "../../db/schema/properties.ts";
import { propertyMembers } from "../../db/schema/property-members.ts";
import { refreshTokens } from "../../db/schema/refresh-tokens.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { sessions } from "../../db/schema/sessions.ts";
import { userNotifications } from "../../db/schema/user-notifications.ts";
import { userTokens } from "../../db/schema/user-tokens.ts";
import { recoveryCodes, userRoles, users } from "../../db/schema/users.ts";
import { deleteSettlements } from "../guests/settlements.ts";
import { removeUnits } from "../units/remove-units.ts";
import { buyerLinesOf, profileOf } from "./profile.ts";

/** What an erased trial claim keeps in place of the user id (the OIB fingerprint stays). */
export const ERASED_USER = "erased";

/**
 * Erases one host whose deletion is due, in one transaction, children before parents: guests,
 * stays, calendars, units, properties, eVisitor accounts (their sealed passwords and API keys:
 * nothing is left to sign in with; eVisitor sessions are never kept, each job logs out), plan,
 * purchase requests, notifications, history, sessions, codes, sign-in counters, events still
 * naming the host or their records, contact messages sent from the address, memberships of and
 * invitations to other hosts' properties, the address in other users' history, and the user.
 *
 * Kept, as the accounting law requires (shared/retention.ts): the receipts, cut loose from the
 * account (user id, e-mail and request set to null) and holding only what was printed on them:
 * number, date, package, period, amount, the customer lines and the payment reference. Kept
 * also: the eVisitor trial claim's keyed OIB fingerprint (so a trial is had once per eVisitor
 * account), with the user id replaced by "erased".
 *
 * Returns false when the deletion was cancelled (or is not due) by the time the transaction ran.
 */
export async function eraseAccount(db: Database, userId: string, now: Date): Promise<boolean> {
  return await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(and(
      eq(users.id, userId),
      isNotNull(users.deletionDueAt),
      lte(users.deletionDueAt, now),
    ));
    if (!user) return false;
    // What this erasure frees is zeroed, whole pages too (the connection's usual FAST setting
    // zeroes only within pages written anyway); a libSQL server keeps its own rules.
    await tx.run(sql`PRAGMA secure_delete = ON`).catch(() => {});
    await eraseEventsNaming(tx, userId);

    const hostReceipts = await tx.select().from(receipts).where(eq(receipts.userId, userId));
    const buyer = buyerLinesOf(await profileOf(tx, userId));
    for (const receipt of hostReceipts) {
      const [request] = receipt.purchaseRequestId
        ? await tx.select({ referenceCode: purchaseRequests.referenceCode })
          .from(purchaseRequests).where(eq(purchaseRequests.id, receipt.purchaseRequestId))
        : [];
      await tx.update(receipts).set({
        userId: null,
        userEmail: null,
        purchaseRequestId: null,
        buyer: receipt.buyer ?? buyer,
        referenceCode: receipt.referenceCode ?? request?.referenceCode ?? null,
      }).where(eq(receipts.id, receipt.id));
    }

    await removeUnits(tx, eq(accommodationUnits.userId, userId));
    // Anything of the host not under one of their units (none is expected; the ids say whose).
    await tx.delete(guests).where(eq(guests.userId, userId));
    await tx.delete(reservations).where(eq(reservations.userId, userId));
    await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    await tx.delete(properties).where(eq(properties.userId, userId));
    const accounts = await tx.select({ id: externalAccounts.id }).from(externalAccounts)
      .where(eq(externalAccounts.userId, userId));
    // Each account's copy of eVisitor's settlement list goes with it.
    for (const { id } of accounts) await deleteSettlements(tx, id);
    await tx.delete(externalAccounts).where(eq(externalAccounts.userId, userId));
    await tx.delete(userNotifications).where(eq(userNotifications.userId, userId));
    await tx.delete(subscriptions).where(eq(subscriptions.userId, userId));
    await tx.delete(purchaseRequests).where(eq(purchaseRequests.userId, userId));
    // An administrator's name on other hosts' requests they handled.
    await tx.update(purchaseRequests).set({ handledBy: null })
      .where(eq(purchaseRequests.handledBy, userId));
    await tx.delete(accountEvents).where(eq(accountEvents.userId, userId));
    await forgetAddressInOthersHistory(tx, user.email);
    // Memberships of other hosts' properties go with the user (cascade); invitations to the
    // address that were never accepted go too.
    await tx.delete(propertyMembers).where(
      or(eq(propertyMembers.userId, userId), eq(propertyMembers.email, user.email)),
    );
    await tx.delete(refreshTokens).where(
      or(eq(refreshTokens.userId, userId), eq(refreshTokens.impersonatorId, userId)),
    );
    await tx.delete(sessions).where(
      or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId)),
    );
    await tx.delete(userTokens).where(eq(userTokens.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    // By prefix, not LIKE: an e-mail may hold "_" or "%".
    const pairPrefix = `pair:${user.email}|`;
    await tx.delete(loginThrottle).where(or(
      eq(loginThrottle.key, `account:${user.email}`),
      sql`substr(${loginThrottle.key}, 1, ${pairPrefix.length}) = ${pairPrefix}`,
    ));
    await tx.delete(contactMessages).where(
      inArray(contactMessages.email, [user.email, user.pendingEmail ?? user.email]),
    );
    await tx.update(evisitorTrialClaims).set({ userId: ERASED_USER })
      .where(eq(evisitorTrialClaims.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));
    return true;
  }, { behavior: "immediate" });
}

/**
 * Other users' account history names the host where the host was on their team (the member's
 * address, who made a change) or, for an administrator, who acted on their account: the entries
 * stay, without the address.
 */
async function forgetAddressInOthersHistory(tx: Transaction, email: string): Promise<void> {
  await tx.update(accountEvents).set({
    details: sql`json_remove(${accountEvents.details}, '$.memberEmail')`,
  }).where(sql`json_extract(${accountEvents.details}, '$.memberEmail') = ${email}`);
  await tx.update(accountEvents).set({
    details: sql`json_remove(${accountEvents.details}, '$.byEmail')`,
  }).where(sql`json_extract(${accountEvents.details}, '$.byEmail') = ${email}`);
  await tx.update(accountEvents).set({ actorEmail: null })
    .where(eq(accountEvents.actorEmail, email));
}

/**
 * Outbox rows (published or not) whose payload names the host or one of their records: events
 * carry ids only, and those ids would otherwise outlive the host. Run before the records go.
 */
async function eraseEventsNaming(tx: Transaction, userId: string): Promise<void> {
  const ids = sql`(
    select ${userId}
    union all select id from guests where user_id = ${userId}
    union all select id from reservations where user_id = ${userId}
    union all select id from external_accounts where user_id = ${userId}
    union all select id from properties where user_id = ${userId}
    union all select id from accommodation_units where user_id = ${userId}
    union all select id from calendar_feeds where user_id = ${userId}
    union all select id from user_notifications where user_id = ${userId}
    union all select id from purchase_requests where user_id = ${userId}
  )`;
  await tx.delete(outbox).where(
    sql`exists (select 1 from json_each(${outbox.payload}) where value in ${ids})`,
  );
}

/** The hosts whose grace period has ended, for the scheduler's erase job. */
export async function accountsDueForErasure(db: Database, now: Date): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users)
    .where(and(isNotNull(users.deletionDueAt), lte(users.deletionDueAt, now)));
  return rows.map((row) => row.id);
}
