import { and, count, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { recoveryCodes } from "../../db/schema/users.ts";
import { hashToken } from "../../platform/crypto/random-token.ts";

const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const CODE_COUNT = 10;

/** "xxxxx-xxxxx" from an alphabet without look-alikes (about 50 bits each). */
function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const chars = Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]);
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}

const normalize = (code: string) => code.trim().toLowerCase();

/** Replaces a user's recovery codes; returns the new ones, shown once and stored hashed. */
export async function replaceRecoveryCodes(db: DbOrTx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: CODE_COUNT }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(
    await Promise.all(codes.map(async (code) => ({ userId, codeHash: await hashToken(code) }))),
  );
  return codes;
}

/** Uses up one recovery code; false when it is unknown or already used. */
export async function useRecoveryCode(
  db: DbOrTx,
  userId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const used = await db.update(recoveryCodes).set({ usedAt: now }).where(and(
    eq(recoveryCodes.userId, userId),
    eq(recoveryCodes.codeHash, await hashToken(normalize(code))),
    isNull(recoveryCodes.usedAt),
  )).returning({ userId: recoveryCodes.userId });
  return used.length > 0;
}

export async function recoveryCodesLeft(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row.n;
}

export async function removeRecoveryCodes(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
