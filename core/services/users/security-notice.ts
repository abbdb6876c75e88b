import { AccountSecurityChanged } from "@shared/events.ts";
import type { DbOrTx } from "../../db/client.ts";
import { appendEvent } from "../../outbox/append-event.ts";
import { recordAccountEvent } from "./account-history.ts";

/** The changes the owner is e-mailed about (the e-mail-address change has its own notice). */
export type SecurityChangeKind =
  | "ApiTokenCreated"
  | "TwoFactorEnabled"
  | "TwoFactorDisabled"
  | "TwoFactorRecoveryCodesReset"
  | "PasswordChanged"
  | "PasswordReset";

/**
 * Records a security change in the account history and, in the same transaction, queues the
 * e-mail that tells the owner of it (AccountSecurityChanged: the notifications worker reads what,
 * when, the browser and the address from the history entry). So someone holding a copied session
 * cannot make a change the owner does not hear of.
 */
export async function recordSecurityChange(
  tx: DbOrTx,
  entry: Parameters<typeof recordAccountEvent>[1] & { kind: SecurityChangeKind },
): Promise<void> {
  const accountEventId = await recordAccountEvent(tx, entry);
  await appendEvent(
    tx,
    AccountSecurityChanged,
    { userId: entry.userId, accountEventId },
    entry.now,
  );
}
