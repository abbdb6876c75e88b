import { and, eq, inArray, ne } from "drizzle-orm";
import { ExternalAccountStatus, ExternalAccountType } from "@shared/enums.ts";
import { ProvisioningRequested } from "@shared/events.ts";
import { message } from "@shared/messages.ts";
import type { ExternalAccountRequest } from "@shared/schemas/external-account.ts";
import type { DbOrTx, Transaction } from "../../db/client.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { removeUnits } from "../units/remove-units.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import { externalAccounts } from "../../db/schema/external-accounts.ts";
import { properties } from "../../db/schema/properties.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { AppError } from "../../errors.ts";
import { appendEvent } from "../../outbox/append-event.ts";
import { assertCanConnectAccount } from "../plans/plan-limits.ts";
import { claimForTrial, trialClaimKey } from "../plans/trial-claims.ts";
import { findOwnAccount } from "./find-account.ts";
import { verifyCredentials } from "./verify-credentials.ts";
import { deleteSettlements } from "../guests/settlements.ts";
import { accountEndpoint } from "../../evisitor/account-session.ts";
import { impersonatorEmailOf, recordAccountEvent } from "../users/account-history.ts";

/** The history entry of a change to an eVisitor account (its username is an account name). */
async function recordAccountChange(
  tx: DbOrTx,
  ctx: ServiceContext,
  kind: "ExternalAccountConnected" | "ExternalAccountEdited" | "ExternalAccountRemoved",
  username: string,
): Promise<void> {
  await recordAccountEvent(tx, {
    userId: actorIdOf(ctx),
    kind,
    now: ctx.now,
    origin: ctx.request,
    actorEmail: await impersonatorEmailOf(tx, ctx.actor),
    details: { username },
  });
}

/**
 * Refuses an eVisitor login connected already. Connected by another host, the message suggests
 * asking that host for a team invitation without naming them.
 */
async function assertNotTaken(
  db: DbOrTx,
  { userId, environment, username, exceptId }: {
    userId: string;
    environment: string;
    username: string;
    exceptId?: string;
  },
) {
  const [taken] = await db.select({ userId: externalAccounts.userId }).from(externalAccounts).where(
    and(
      eq(externalAccounts.environment, environment),
      eq(externalAccounts.username, username),
      exceptId ? ne(externalAccounts.id, exceptId) : undefined,
    ),
  );
  if (taken) {
    throw new AppError("ExternalAccountExists", {
      errors: {
        username: [
          taken.userId === userId
            ? message("evisitorAccountConnected")
            : message("evisitorAccountConnectedByOtherHost"),
        ],
      },
    });
  }
}

/** The credentials as stored (sealed) and the key of the account's trial claim (its OIB). */
async function sealCredentials(
  ctx: ServiceContext,
  request: ExternalAccountRequest,
  environment: string,
) {
  return {
    passwordSealed: await ctx.secretBox.seal(request.password),
    apiKeySealed: request.apiKey ? await ctx.secretBox.seal(request.apiKey) : null,
    oibKey: await trialClaimKey(ctx.secretBox, { environment, username: request.username }),
  };
}

/**
 * Connects an eVisitor account: with a plan in force and within its limit, not connected anywhere
 * yet, and only after eVisitor accepted a login. The login comes before anything is said about
 * other hosts' accounts, so "already connected" is only ever told to someone who holds the
 * password. The plan's limit and the uniqueness are checked again with the insert in one
 * immediate (write-locked) transaction: the login takes a while, and parallel requests must not
 * all pass a check made before it. A host on the free trial can only connect an eVisitor account
 * (OIB) no other host connected before (claimForTrial). Saved as Created with a provisioning event.
 */
export async function connectAccount(
  ctx: ServiceContext,
  request: ExternalAccountRequest,
): Promise<string> {
  const userId = actorIdOf(ctx);
  // Early and cheap: no eVisitor login is spent for a host who may not add an account at all.
  await assertCanConnectAccount(ctx.db, userId, ctx.now);
  await verifyCredentials(ctx.evisitor, request);

  const id = crypto.randomUUID();
  const environment = ctx.evisitor.endpoint.baseUrl;
  const { passwordSealed, apiKeySealed, oibKey } = await sealCredentials(ctx, request, environment);
  try {
    await ctx.db.transaction(async (tx) => {
      await assertCanConnectAccount(tx, userId, ctx.now);
      await assertNotTaken(tx, { userId, environment, username: request.username });
      await claimForTrial(tx, { oibKey, userId, now: ctx.now });
      await tx.insert(externalAccounts).values({
        id,
        userId,
        type: ExternalAccountType.EVisitor,
        environment,
        username: request.username,
        passwordSealed,
        apiKeySealed,
        email: request.email || null,
        status: ExternalAccountStatus.Created,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
      await appendEvent(tx, ProvisioningRequested, { externalAccountId: id }, ctx.now);
      await recordAccountChange(tx, ctx, "ExternalAccountConnected", request.username);
    }, { behavior: "immediate" });
  } catch (error) {
    // Another database client connected the same login a moment earlier: the unique index decided.
    if (isUniqueViolation(error)) throw new AppError("ExternalAccountExists");
    throw error;
  }
  return id;
}

/**
 * Edits an account: as the spec warns, its mirrored properties and units are deleted and the
 * account is provisioned anew with the new credentials (checked by a login first). The account
 * stays on the eVisitor service it was connected on. (A new password alone, without losing
 * anything, is changeCredentials.)
 */
export async function editAccount(
  ctx: ServiceContext,
  { id, ...request }: ExternalAccountRequest & { id: string },
): Promise<void> {
  const userId = actorIdOf(ctx);
  const account = await findOwnAccount(ctx.db, userId, id);
  const { environment } = account;
  // The login first, as when connecting: "already connected" only for the password's holder.
  await verifyCredentials(
    { endpoint: accountEndpoint(ctx.evisitor, account), openSession: ctx.evisitor.openSession },
    request,
  );
  const { passwordSealed, apiKeySealed, oibKey } = await sealCredentials(ctx, request, environment);
  try {
    await ctx.db.transaction(async (tx) => {
      await findOwnAccount(tx, userId, id);
      await assertNotTaken(tx, {
        userId,
        environment,
        username: request.username,
        exceptId: id,
      });
      await claimForTrial(tx, { oibKey, userId, now: ctx.now });
      await deleteMirroredData(tx, id);
      await tx.update(externalAccounts).set({
        username: request.username,
        passwordSealed,
        apiKeySealed,
        email: request.email || null,
        status: ExternalAccountStatus.Edited,
        lastError: null,
        lastSyncedAt: null,
        updatedAt: ctx.now,
      }).where(eq(externalAccounts.id, id));
      await appendEvent(tx, ProvisioningRequested, { externalAccountId: id }, ctx.now);
      await recordAccountChange(tx, ctx, "ExternalAccountEdited", request.username);
    }, { behavior: "immediate" });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("ExternalAccountExists");
    throw error;
  }
}

/** Removes an account with everything mirrored from it. */
export async function disconnectAccount(
  ctx: ServiceContext,
  { id }: { id: string },
): Promise<void> {
  const { db } = ctx;
  const account = await findOwnAccount(db, actorIdOf(ctx), id);
  await db.transaction(async (tx) => {
    await deleteMirroredData(tx, id);
    await deleteSettlements(tx, id);
    await tx.delete(externalAccounts).where(eq(externalAccounts.id, id));
    await recordAccountChange(tx, ctx, "ExternalAccountRemoved", account.username);
  });
}

/** Asks for a fresh sync; the account shows Provisioning until the worker has finished. */
export async function requestProvisioning(
  ctx: ServiceContext,
  { id }: { id: string },
): Promise<void> {
  await findOwnAccount(ctx.db, actorIdOf(ctx), id);
  await ctx.db.transaction(async (tx) => {
    await tx.update(externalAccounts)
      .set({ status: ExternalAccountStatus.Provisioning, updatedAt: ctx.now })
      .where(eq(externalAccounts.id, id));
    await appendEvent(tx, ProvisioningRequested, { externalAccountId: id }, ctx.now);
  });
}

async function deleteMirroredData(tx: Transaction, accountId: string) {
  const owned = tx.select({ id: properties.id }).from(properties)
    .where(eq(properties.externalAccountId, accountId));
  await removeUnits(tx, inArray(accommodationUnits.propertyId, owned));
  await tx.delete(properties).where(eq(properties.externalAccountId, accountId));
}
