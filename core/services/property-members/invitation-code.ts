import { and, eq, gt, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { propertyMembers } from "../../db/schema/property-members.ts";
import { hashToken, randomToken } from "../../platform/crypto/random-token.ts";

/**
 * Makes the single-use code of a pending invitation (32 random bytes, stored as SHA-256 only) for
 * the e-mail the notifications worker sends: a new code replaces any earlier one. Undefined when
 * the invitation was accepted, withdrawn or has expired, so nothing is sent.
 */
export async function issueInvitationCode(
  db: DbOrTx,
  memberId: string,
  now: Date,
): Promise<string | undefined> {
  const code = randomToken(32);
  const [row] = await db.update(propertyMembers)
    .set({ tokenHash: await hashToken(code) })
    .where(and(
      eq(propertyMembers.id, memberId),
      isNull(propertyMembers.acceptedAt),
      gt(propertyMembers.expiresAt, now),
    ))
    .returning({ id: propertyMembers.id });
  return row ? code : undefined;
}
