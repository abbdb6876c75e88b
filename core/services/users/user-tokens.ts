import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import { ACCOUNT_DELETION_GRACE_DAYS } from "@shared/retention.ts";
import type { DbOrTx } from "../../db/client.ts";
import { type UserTokenPurpose, userTokens } from "../../db/schema/user-tokens.ts";
import { hashToken, randomToken } from "../../platform/crypto/random-token.ts";

const HOUR = 60 * 60 * 1000;
/** How long an e-mailed link works. */
const LIFETIME_MS: Record<UserTokenPurpose, number> = {
  ConfirmEmail: 48 * HOUR,
  ChangeEmail: 24 * HOUR,
  ResetPassword: 1 * HOUR,
  RevertEmailChange: 7 * 24 * HOUR,
  CancelDeletion: ACCOUNT_DELETION_GRACE_DAYS * 24 * HOUR,
};

/** Creates a single-use code for a link; only its hash is stored. Returns the code to send. */
export async function issueUserToken(
  db: DbOrTx,
  { userId, purpose, newEmail, now }: {
    userId: string;
    purpose: UserTokenPurpose;
    newEmail?: string;
    now: Date;
  },
): Promise<string> {
  const code = randomToken();
  await db.insert(userTokens).values({
    id: crypto.randomUUID(),
    userId,
    purpose,
    tokenHash: await hashToken(code),
    newEmail,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LIFETIME_MS[purpose]),
  });
  return code;
}

/**
 * Uses up a code: returns its row when it exists, has one of the purposes, has not expired and
 * was not used before (the conditional update makes two simultaneous uses impossible).
 */
export async function consumeUserToken(
  db: DbOrTx,
  { code, purposes, now }: { code: string; purposes: UserTokenPurpose[]; now: Date },
) {
  const [used] = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(
      eq(userTokens.tokenHash, await hashToken(code)),
      inArray(userTokens.purpose, purposes),
      isNull(userTokens.usedAt),
      gt(userTokens.expiresAt, now),
    ))
    .returning();
  return used;
}
