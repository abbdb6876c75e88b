import { and, eq, inArray, isNull } from "drizzle-orm";
import { ExternalAccountStatus } from "@shared/enums.ts";
import { GuestCheckInRequested, ProvisioningRequested } from "@shared/events.ts";
import type { ExternalAccountCredentials } from "@shared/schemas/external-account.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { externalAccounts } from "../../db/schema/external-accounts.ts";
import { guests } from "../../db/schema/guests.ts";
import { properties } from "../../db/schema/properties.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { accountEndpoint } from "../../evisitor/account-session.ts";
import { appendEvent } from "../../outbox/append-event.ts";
import { impersonatorEmailOf, recordAccountEvent } from "../users/account-history.ts";
import { findOwnAccount } from "./find-account.ts";
import { verifyCredentials } from "./verify-credentials.ts";

/** Registrations that failed only because eVisitor refused the account's login. */
const LOGIN_FAILURES = ["credentials", "api-key", "locked-out"] as const;

/**
 * POST /ExternalAccounts/{id}/credentials: a new password and/or API key for an account, checked
 * by one login to the account's own eVisitor service first (nothing is saved if it fails), then
 * stored sealed. Nothing else changes: properties, units, QR codes and stays stay as they are.
 * What the old credentials held up is taken up again in the same transaction: an account whose
 * last sync failed is synced, and guests whose registration eVisitor refused for the login are
 * queued again. The account history records the change (the username only).
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

    const held = await tx.select({ id: guests.id }).from(guests)
      .innerJoin(properties, eq(properties.id, guests.propertyId))
      .innerJoin(reservations, eq(reservations.id, guests.reservationId))
      .where(and(
        eq(properties.externalAccountId, id),
        eq(guests.status, "PreCheckIn"),
        eq(guests.registrationState, "failed"),
        inArray(guests.registrationFailure, [...LOGIN_FAILURES]),
        isNull(guests.anonymisedAt),
        isNull(reservations.canceledAt),
      ));
    for (const guest of held) {
      await tx.update(guests).set({
        registrationState: "queued",
        registrationFailure: null,
        registrationError: null,
        registrationRetryAt: null,
        registrationRetries: 0,
        updatedAt: ctx.now,
      }).where(eq(guests.id, guest.id));
      await appendEvent(tx, GuestCheckInRequested, { guestId: guest.id }, ctx.now);
    }

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
