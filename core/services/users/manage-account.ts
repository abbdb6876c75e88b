import { and, eq, ne } from "drizzle-orm";
import { EmailChangeRequested } from "@shared/events.ts";
import type { AccountInfo, AccountUpdate } from "@shared/schemas/account.ts";
import { displayNameOf } from "@shared/schemas/profile.ts";
import { users } from "../../db/schema/users.ts";
import { actorOf, type ServiceContext } from "../../context.ts";
import { hashPassword, verifyPassword } from "../../platform/crypto/password-hash.ts";
import { AppError } from "../../errors.ts";
import { appendEvent } from "../../outbox/append-event.ts";
import { normalizeEmail } from "./context.ts";
import { checkProof, INCORRECT_PASSWORD, refuseDuringImpersonation } from "./reauthenticate.ts";
import { duplicateEmail } from "./register-user.ts";
import { endUserSessions } from "./sessions.ts";
import { recordAccountEvent } from "./account-history.ts";
import { recordSecurityChange } from "./security-notice.ts";

export async function getAccountInfo({ db, actor }: ServiceContext): Promise<AccountInfo> {
  const user = actorOf({ actor });
  const [row] = await db.select().from(users).where(eq(users.id, user.id));
  const displayName = displayNameOf(row);
  return {
    email: row.email,
    isEmailConfirmed: !!row.emailConfirmedAt,
    roles: user.roles,
    ...(displayName ? { displayName } : {}),
    ...(row.deletionDueAt ? { deletionDueAt: row.deletionDueAt.toISOString() } : {}),
  };
}

/**
 * Changes the password (other sessions end) and/or starts an e-mail change: the new address is
 * kept pending until its confirmation link is opened, and the current address is told, with a
 * link that undoes the change. Both need the current password, so a copied access token alone
 * cannot take the account; neither is possible during impersonation. A new password is e-mailed
 * to the owner too.
 */
export async function updateAccount(
  ctx: ServiceContext,
  { newEmail, newPassword, oldPassword }: AccountUpdate,
): Promise<AccountInfo> {
  const { db, now } = ctx;
  const user = actorOf(ctx);
  const [row] = await db.select().from(users).where(eq(users.id, user.id));
  const address = newEmail ? normalizeEmail(newEmail) : undefined;
  const changesEmail = !!address && address !== row.email;
  if (!changesEmail && !newPassword) return getAccountInfo(ctx);
  refuseDuringImpersonation(user);

  if (changesEmail) {
    const [taken] = await db.select({ id: users.id }).from(users)
      .where(and(eq(users.email, address), ne(users.id, user.id)));
    if (taken) throw duplicateEmail("newEmail");
  }
  const passwordOk = await checkProof(
    db,
    user,
    now,
    () => verifyPassword(row.passwordHash, oldPassword ?? ""),
  );
  if (!passwordOk) throw AppError.invalid({ oldPassword: [INCORRECT_PASSWORD] });
  const passwordHash = newPassword ? await hashPassword(newPassword) : undefined;

  await db.transaction(async (tx) => {
    if (passwordHash) {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await endUserSessions(tx, user.id, now, user.sessionId, ctx.request);
      await recordSecurityChange(tx, {
        userId: user.id,
        kind: "PasswordChanged",
        now,
        origin: ctx.request,
      });
    }
    if (changesEmail) {
      await tx.update(users).set({ pendingEmail: address }).where(eq(users.id, user.id));
      await appendEvent(tx, EmailChangeRequested, { userId: user.id }, now);
      await recordAccountEvent(tx, {
        userId: user.id,
        kind: "EmailChangeRequested",
        now,
        origin: ctx.request,
      });
    }
  });
  return getAccountInfo(ctx);
}
