import { and, eq, isNull, ne } from "drizzle-orm";
import { EmailConfirmationRequested } from "@shared/events.ts";
import type { ServiceContext } from "../../context.ts";
import { users } from "../../db/schema/users.ts";
import { AppError } from "../../errors.ts";
import { appendEvent } from "../../outbox/append-event.ts";
import { findUserByEmail } from "./find-user.ts";
import { consumeUserToken } from "./user-tokens.ts";
import { recordAccountEvent } from "./account-history.ts";

/**
 * Opens a confirmation link: confirms a new account, or makes a pending new address the sign-in
 * e-mail. The code must belong to `userId`; a used, expired or foreign code is InvalidToken.
 */
export async function confirmEmail(
  ctx: ServiceContext,
  { userId, code }: { userId: string; code: string },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const token = await consumeUserToken(tx, {
      code,
      purposes: ["ConfirmEmail", "ChangeEmail"],
      now: ctx.now,
    });
    if (!token || token.userId !== userId) throw new AppError("InvalidToken");
    if (token.purpose === "ChangeEmail" && token.newEmail) {
      const [taken] = await tx.select({ id: users.id }).from(users)
        .where(and(eq(users.email, token.newEmail), ne(users.id, userId)));
      if (taken) throw new AppError("InvalidToken");
      await tx.update(users)
        .set({ email: token.newEmail, pendingEmail: null, emailConfirmedAt: ctx.now })
        .where(eq(users.id, userId));
      await recordAccountEvent(tx, {
        userId,
        kind: "EmailChanged",
        now: ctx.now,
        origin: ctx.request,
      });
    } else {
      await tx.update(users).set({ emailConfirmedAt: ctx.now })
        .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));
    }
  });
}

/** Sends the confirmation link again, for an account that exists and is not yet confirmed. */
export async function requestConfirmationEmail(
  ctx: ServiceContext,
  { email }: { email: string },
): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.emailConfirmedAt) return;
  await ctx.db.transaction((tx) =>
    appendEvent(tx, EmailConfirmationRequested, { userId: user.id }, ctx.now)
  );
}
