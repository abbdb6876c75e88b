import { eq, sql } from "drizzle-orm";
import type { Transaction } from "../../db/client.ts";
import { accountEvents } from "../../db/schema/account-events.ts";
import { subscriptions } from "../../db/schema/billing.ts";
import { externalAccounts } from "../../db/schema/external-accounts.ts";
import { legalAcceptances } from "../../db/schema/legal-acceptances.ts";
import { outbox } from "../../db/schema/outbox.ts";
import { properties } from "../../db/schema/properties.ts";
import { refreshTokens } from "../../db/schema/refresh-tokens.ts";
import { sessions } from "../../db/schema/sessions.ts";
import { userNotifications } from "../../db/schema/user-notifications.ts";
import { userTokens } from "../../db/schema/user-tokens.ts";
import { recoveryCodes, userRoles, users } from "../../db/schema/users.ts";

/**
 * Drops a registration whose address was never confirmed, with what registering made (the trial,
 * the accepted documents, its pending links, the event that sends its confirmation link): used
 * where a confirmed account's claim to the address wins, e.g. the undo of an e-mail change
 * (issue 30, N4). An account that holds a property or an eVisitor account (only an administrator
 * acting as it could have made one) is not dropped. Returns whether the account is gone.
 */
export async function dropUnconfirmedAccount(tx: Transaction, userId: string): Promise<boolean> {
  const [user] = await tx.select({ confirmedAt: users.emailConfirmedAt }).from(users)
    .where(eq(users.id, userId));
  if (!user || user.confirmedAt) return false;
  const [owned] = await tx.select({ id: properties.id }).from(properties)
    .where(eq(properties.userId, userId)).limit(1);
  const [account] = await tx.select({ id: externalAccounts.id }).from(externalAccounts)
    .where(eq(externalAccounts.userId, userId)).limit(1);
  if (owned || account) return false;
  await tx.delete(outbox).where(
    sql`exists (select 1 from json_each(${outbox.payload}) where value = ${userId})`,
  );
  await tx.delete(userTokens).where(eq(userTokens.userId, userId));
  await tx.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  await tx.delete(userNotifications).where(eq(userNotifications.userId, userId));
  await tx.delete(legalAcceptances).where(eq(legalAcceptances.userId, userId));
  await tx.delete(subscriptions).where(eq(subscriptions.userId, userId));
  await tx.delete(accountEvents).where(eq(accountEvents.userId, userId));
  await tx.delete(users).where(eq(users.id, userId));
  return true;
}
