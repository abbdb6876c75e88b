import { and, eq, isNull, ne } from "drizzle-orm";
import type { RevertEmailChangeRequest } from "@shared/schemas/account.ts";
import type { ServiceContext } from "../../context.ts";
import { users } from "../../db/schema/users.ts";
import { userTokens } from "../../db/schema/user-tokens.ts";
import { AppError } from "../../errors.ts";
import { endUserSessions } from "./sessions.ts";
import { consumeUserToken } from "./user-tokens.ts";
import { recordAccountEvent } from "./account-history.ts";
import { dropUnconfirmedAccount } from "./unconfirmed-account.ts";

/**
 * Opens the link sent to the old address when an e-mail change was asked for: the old address is
 * the sign-in e-mail again (whether or not the new one was confirmed meanwhile), the pending
 * change and its confirmation links are dropped, and every session ends, so whoever asked is
 * signed out. A used, expired or foreign code, or an old address another confirmed account has
 * taken since, is InvalidToken. A registration under the old address that was never confirmed does
 * not block the undo (issue 30, N4): it is dropped, with its pending links, in the same
 * transaction.
 */
export async function revertEmailChange(
  { db, now, request }: ServiceContext,
  { userId, code }: RevertEmailChangeRequest,
): Promise<void> {
  await db.transaction(async (tx) => {
    const token = await consumeUserToken(tx, { code, purposes: ["RevertEmailChange"], now });
    if (!token || token.userId !== userId || !token.newEmail) throw new AppError("InvalidToken");
    const [taken] = await tx.select({ id: users.id }).from(users)
      .where(and(eq(users.email, token.newEmail), ne(users.id, userId)));
    if (taken && !await dropUnconfirmedAccount(tx, taken.id)) throw new AppError("InvalidToken");
    await tx.update(users).set({ email: token.newEmail, pendingEmail: null })
      .where(eq(users.id, userId));
    await tx.update(userTokens).set({ usedAt: now }).where(and(
      eq(userTokens.userId, userId),
      eq(userTokens.purpose, "ChangeEmail"),
      isNull(userTokens.usedAt),
    ));
    await endUserSessions(tx, userId, now, undefined, request);
    await recordAccountEvent(tx, { userId, kind: "EmailChangeReverted", now, origin: request });
  });
}
