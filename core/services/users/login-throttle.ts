import type { RequestOrigin } from "../../context.ts";
import { recordAccountEvent } from "./account-history.ts";
import { and, eq, gte, inArray, lt, or } from "drizzle-orm";
import { SignInFailuresDetected } from "@shared/events.ts";
import type { Database } from "../../db/client.ts";
import { loginThrottle } from "../../db/schema/login-throttle.ts";
import { AppError } from "../../errors.ts";
import { appendEvent } from "../../outbox/append-event.ts";
import { addressSubject } from "../../platform/address-subject.ts";

const MINUTE = 60_000;
const WINDOW_MS = 15 * MINUTE;
const LOCK_MS = 15 * MINUTE;
/** The longest wait the per-account slow-down asks for. */
const MAX_DELAY_MS = 10 * MINUTE;

/**
 * Failed sign-ins counted per window. An account and client pair (`pair`) and a client
 * (`address`: an IPv4 address or an IPv6 /64, see throttleKeys) that reach their limit are locked
 * for LOCK_MS. An account is never locked (anyone could lock anyone out): from `slowDownAfter`
 * failures on, a client that has failed before must wait a delay doubling with each failure,
 * while a client with no failures is always let through to try, so the owner signing in from home
 * is never turned away. The `slowDownAfter`th
 * failure of a burst (failures less than WINDOW_MS apart) e-mails the owner, once per burst.
 */
export const LIMITS = { pair: 5, address: 20, slowDownAfter: 10 } as const;

export interface ThrottleKeys {
  account: string;
  pair: string;
  address: string;
}

/**
 * The keys of an attempt. `client` is who tries: for a sign-in the caller's address as the rate
 * limits count it (signInClient: an IPv6 caller by its /64, which one subscriber holds whole, so
 * rotating addresses inside it counts as one client); for a re-authentication, the session.
 */
export function throttleKeys(email: string, client: string): ThrottleKeys {
  return {
    account: `account:${email}`,
    pair: `pair:${email}|${client}`,
    address: `ip:${client}`,
  };
}

/** The client a sign-in from `address` counts against: an IPv4 address or an IPv6 /64. */
export const signInClient = (address: string) => addressSubject(address);

type Row = typeof loginThrottle.$inferSelect;

/** A pair's or an address's count runs for a window from its first failure. */
const inWindow = (row: Row | undefined, now: Date): row is Row =>
  !!row && now.getTime() - row.windowStartedAt.getTime() <= WINDOW_MS;

/** An account's burst goes on while failures come less than a window apart. */
const inBurst = (row: Row | undefined, now: Date): row is Row =>
  !!row && now.getTime() - (row.lastFailureAt ?? row.windowStartedAt).getTime() <= WINDOW_MS;

/** How long after its latest failure an account under attack takes the next attempt. */
export function accountDelayMs(failures: number): number {
  if (failures < LIMITS.slowDownAfter) return 0;
  return Math.min(1000 * 2 ** (failures - LIMITS.slowDownAfter), MAX_DELAY_MS);
}

function lockedOut(untilMs: number, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((untilMs - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError("LockedOut", {
    detail: `Too many failed sign-in attempts. Please try again in ${minutes} minute${
      minutes === 1 ? "" : "s"
    }.`,
    headers: { "Retry-After": String(seconds) },
  });
}

/** Refuses the attempt while its pair or address is locked or its account asks it to wait. */
export async function assertSignInAllowed(
  db: Database,
  keys: ThrottleKeys,
  now: Date,
): Promise<void> {
  const rows = await db.select().from(loginThrottle)
    .where(inArray(loginThrottle.key, [keys.account, keys.pair, keys.address]));
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const pair = byKey.get(keys.pair);
  const address = byKey.get(keys.address);
  const account = byKey.get(keys.account);

  const lockedUntil = Math.max(
    0,
    ...[pair, address].map((row) => row?.lockedUntil?.getTime() ?? 0),
  );
  if (lockedUntil > now.getTime()) throw lockedOut(lockedUntil, now);

  const addressHasFailed = inWindow(pair, now) || inWindow(address, now);
  if (addressHasFailed && inBurst(account, now)) {
    const last = (account.lastFailureAt ?? account.windowStartedAt).getTime();
    const until = last + accountDelayMs(account.failures);
    if (until > now.getTime()) throw lockedOut(until, now);
  }
}

/**
 * Counts a failure against the pair, the address and the account (with `userId` when the account
 * exists, so the owner can be told of a burst), in one transaction.
 */
export async function recordFailedSignIn(
  db: Database,
  keys: ThrottleKeys,
  now: Date,
  userId?: string,
  /** Given for a failed sign-in (not a failed re-authentication): recorded in the history. */
  origin?: RequestOrigin,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (userId && origin) {
      await recordAccountEvent(tx, { userId, kind: "SignInFailed", now, origin });
    }
    const count = async (key: string, fresh: (row: Row | undefined) => boolean) => {
      const [row] = await tx.select().from(loginThrottle).where(eq(loginThrottle.key, key));
      const isNew = !row || fresh(row);
      return {
        failures: isNew ? 1 : row.failures + 1,
        windowStartedAt: isNew ? now : row.windowStartedAt,
        lastFailureAt: now,
      };
    };
    const save = (key: string, values: Omit<Row, "key">) =>
      tx.insert(loginThrottle).values({ key, ...values })
        .onConflictDoUpdate({ target: loginThrottle.key, set: values });
    const lockAt = (failures: number, limit: number) =>
      failures >= limit ? new Date(now.getTime() + LOCK_MS) : null;

    const pair = await count(keys.pair, (row) => !inWindow(row, now));
    await save(keys.pair, { ...pair, lockedUntil: lockAt(pair.failures, LIMITS.pair) });
    const address = await count(keys.address, (row) => !inWindow(row, now));
    await save(keys.address, {
      ...address,
      lockedUntil: lockAt(address.failures, LIMITS.address),
    });
    const account = await count(keys.account, (row) => !inBurst(row, now));
    await save(keys.account, { ...account, lockedUntil: null });
    if (userId && account.failures === LIMITS.slowDownAfter) {
      await appendEvent(tx, SignInFailuresDetected, { userId }, now);
    }
  });
}

/**
 * A successful sign-in forgives the account's and this pair's failures (not the client's); a
 * password reset (no client) forgives every pair of the account.
 */
export async function clearFailedSignIns(
  db: Database,
  email: string,
  client?: string,
): Promise<void> {
  const pairs = `pair:${email}|`;
  await db.delete(loginThrottle).where(or(
    eq(loginThrottle.key, `account:${email}`),
    client !== undefined
      ? eq(loginThrottle.key, `${pairs}${client}`)
      // Every key that starts with the prefix: "}" is the character after "|".
      : and(gte(loginThrottle.key, pairs), lt(loginThrottle.key, `pair:${email}}`)),
  ));
}
