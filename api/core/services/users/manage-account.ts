import { and, eq, ne } from "drizzle-orm";
import { EmailChangeRequested } from "@shared/events.ts";
import type { AccountInfo, AccountUpdate } from "@shared/schemas/account.ts";
import { users } from "../../db/schema/users.ts";
import { actorOf, type ServiceContext } from "../../context.ts";
import { hashPassword, verifyPassword } from "../../platform/crypto/password-hash.ts";
import { AppError } from "../../errors.ts";
import { appendEvent } from "../../outbox/append-event.ts";
import { normalizeEmail } from "./context.ts";
import { duplicateEmail } from "./register-user.ts";
import { endUserSessions } from "./sessions.ts";

export async function getAccountInfo({ db, actor }: ServiceContext): Promise<AccountInfo> {
  const user = actorOf({ actor });
  const [row] = await db.select({ email: users.email, confirmed: users.emailConfirmedAt })
    .from(users).where(eq(users.id, user.id));
  return { email: row.email, isEmailConfirmed: !!row.confirmed, roles: user.roles };
}

/**
 * Changes the password (the old one must be right; other sessions end) and/or starts an e-mail
 * change: the new address is kept pending until its confirmation link is opened.
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

  if (changesEmail) {
    const [taken] = await db.select({ id: users.id }).from(users)
      .where(and(eq(users.email, address), ne(users.id, user.id)));
    if (taken) throw duplicateEmail("newEmail");
  }
  let passwordHash: string | undefined;
  if (newPassword) {
    if (!(await verifyPassword(row.passwordHash, oldPassword ?? ""))) {
      throw AppError.invalid({ oldPassword: ["Incorrect password."] });
    }
    passwordHash = await hashPassword(newPassword);
  }

  await db.transaction(async (tx) => {
    if (passwordHash) {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await endUserSessions(tx, user.id, now, user.sessionId);
    }
    if (changesEmail) {
      await tx.update(users).set({ pendingEmail: address }).where(eq(users.id, user.id));
      await appendEvent(tx, EmailChangeRequested, { userId: user.id }, now);
    }
  });
  return getAccountInfo(ctx);
}
