import { eq } from "drizzle-orm";
import { ExternalAccountStatus } from "@shared/enums.ts";
import { ProvisioningRequested } from "@shared/events.ts";
import type { ExternalAccountCredentials } from "@shared/schemas/external-account.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { externalAccounts } from "../../db/schema/external-accounts.ts";
import { accountEndpoint } from "../../evisitor/account-session.ts";
import { appendEvent } from "../../outbox/append-event.ts";
import { impersonatorEmailOf, recordAccountEvent } from "../users/account-history.ts";
import { findOwnAccount } from "./find-account.ts";
import { resendHeldWork } from "./resend-held.ts";
import { verifyCredentials } from "./verify-credentials.ts";

/**
 * POST /ExternalAccounts/{id}/credentials: a new password and/or API key for an account, checked
 * by one login to the account's own eVisitor service first (nothing is saved if it fails), then
 * stored sealed. Nothing else changes: properties, units, QR codes and stays stay as they are.
 * What the old credentials held up is taken up again in the same transaction: an account whose
 * last sync failed is synced, and everything eVisitor refused for the login (registrations,
 * check-outs, cancels, undone check-outs) goes again, in order (resend-held.ts). The account history records the change (the username only).
 */
export async function changeCredentials(
  ctx: ServiceContext,
  { id, password, apiKey }: ExternalAccountCredentials & { id: string },
): Promise<void> {
  const userId = actorIdOf(ctx);
  const account = await findOwnAccount(ctx.db, userId, id);
  const credentials = {
    username: account.username,
    password: password || await ctx.secretBox.open(account.passwordSealed),
    apiKey: apiKey ||
      (account.apiKeySealed ? await ctx.secretBox.open(account.apiKeySealed) : undefined),
  };
  await verifyCredentials(
    { endpoint: accountEndpoint(ctx.evisitor, account), openSession: ctx.evisitor.openSession },
    credentials,
  );
  const passwordSealed = await ctx.secretBox.seal(credentials.password);
  const apiKeySealed = credentials.apiKey ? await ctx.secretBox.seal(credentials.apiKey) : null;
  const actorEmail = await impersonatorEmailOf(ctx.db, ctx.actor);

  await ctx.db.transaction(async (tx) => {
    const current = await findOwnAccount(tx, userId, id);
    const resync = current.lastError !== null;
    await tx.update(externalAccounts).set({
      passwordSealed,
      apiKeySealed,
      ...(resync ? { status: ExternalAccountStatus.Provisioning } : {}),
      updatedAt: ctx.now,
    }).where(eq(externalAccounts.id, id));
    if (resync) {
      await appendEvent(tx, ProvisioningRequested, { externalAccountId: id }, ctx.now);
    }

    await resendHeldWork(tx, { accountId: id, now: ctx.now });

    await recordAccountEvent(tx, {
      userId,
      kind: "ExternalAccountCredentialsChanged",
      now: ctx.now,
      origin: ctx.request,
      actorEmail,
      details: { username: current.username },
    });
  }, { behavior: "immediate" });
}
