import { eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { loginThrottle } from "../../db/schema/login-throttle.ts";
import { AppError } from "../../errors.ts";

const MINUTE = 60_000;
const WINDOW_MS = 15 * MINUTE;
const LOCK_MS = 15 * MINUTE;

/** Failed sign-ins allowed per window before a key is locked for LOCK_MS. */
export const LIMITS = { account: 5, address: 20 } as const;

export interface ThrottleKey {
  key: string;
  limit: number;
}

export function throttleKeys(email: string, address: string): ThrottleKey[] {
  return [
    { key: `account:${email}`, limit: LIMITS.account },
    { key: `ip:${address}`, limit: LIMITS.address },
  ];
}

/** Refuses the attempt while any key is locked, saying how long to wait. */
export async function assertNotLocked(db: Database, keys: ThrottleKey[], now: Date): Promise<void> {
  const rows = await db.select().from(loginThrottle)
    .where(inArray(loginThrottle.key, keys.map((k) => k.key)));
  const until = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
  if (until > now.getTime()) {
    const seconds = Math.ceil((until - now.getTime()) / 1000);
    const minutes = Math.ceil(seconds / 60);
    throw new AppError("LockedOut", {
      detail: `Too many failed sign-in attempts. Please try again in ${minutes} minute${
        minutes === 1 ? "" : "s"
      }.`,
      headers: { "Retry-After": String(seconds) },
    });
  }
}

/** Counts a failure against every key; a key that reaches its limit is locked. */
export async function recordFailedSignIn(
  db: Database,
  keys: ThrottleKey[],
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { key, limit } of keys) {
      const [row] = await tx.select().from(loginThrottle).where(eq(loginThrottle.key, key));
      const fresh = !row || now.getTime() - row.windowStartedAt.getTime() > WINDOW_MS;
      const failures = fresh ? 1 : row.failures + 1;
      const values = {
        failures,
        windowStartedAt: fresh ? now : row.windowStartedAt,
        lockedUntil: failures >= limit ? new Date(now.getTime() + LOCK_MS) : null,
      };
      await tx.insert(loginThrottle).values({ key, ...values })
        .onConflictDoUpdate({ target: loginThrottle.key, set: values });
    }
  });
}

/** A successful sign-in forgives the account's earlier failures (not the address's). */
export async function clearFailedSignIns(db: Database, email: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, `account:${email}`));
}
