import { and, eq, isNull, ne, or } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { externalAccounts } from "../../db/schema/external-accounts.ts";
import type { EVisitorError } from "../../evisitor/types.ts";
import { log } from "../../platform/logger.ts";

/**
 * eVisitor refused an account's password or API key during any background work (a guest's
 * registration, a stay's refresh, the daily comparison, the settlement list): the account's
 * `lastError` says so, as after a failed sync, so the host sees it on the account and not only
 * on a guest. It stays until a sync succeeds, which changing the credentials starts
 * (change-credentials.ts). Logs ids and the kind only.
 */
export async function recordCredentialsRefused(
  db: Database,
  clock: () => Date,
  account: { id: string },
  error: EVisitorError,
): Promise<void> {
  const changed = await db.update(externalAccounts)
    .set({ lastError: error.kind, updatedAt: clock() })
    .where(and(
      eq(externalAccounts.id, account.id),
      or(isNull(externalAccounts.lastError), ne(externalAccounts.lastError, error.kind)),
    ))
    .returning({ id: externalAccounts.id });
  if (changed.length > 0) {
    log.warn("eVisitor refused the account's credentials", {
      externalAccountId: account.id,
      kind: error.kind,
    });
  }
}
