import type { PurchasePeriod } from "../schemas/purchase-request.ts";

/**
 * What a purchase (or an administrator's assignment) does to a host's subscription: the one rule,
 * used by the API when a payment is recorded and by the purchase preview the host sees first.
 *
 * - Nothing in force (no subscription, expired, cancelled): the paid months run from now.
 * - The same package in force (paid or trial): the paid months are added to its current end.
 * - A different package in force: the time left of the current package is converted **by value**
 *   into time of the new package at the packages' list prices per day (the base monthly price ×
 *   12 / 365; the period discounts apply to both sides alike, so they are left out), so
 *   `converted = remaining × current price / new price`, rounded down to the millisecond. The new
 *   package runs from now for the converted time, and the paid months follow it.
 * - A trial's days left are kept in full (issue 32, item 10): paying during the trial never
 *   shortens access. The bought package runs from now for every trial day left, then the paid
 *   months. Those days stay free days (`trialKeptUntil`): a later change keeps them day for day
 *   and converts only the paid time by value, so they cannot be multiplied by buying an expensive
 *   package during the trial and converting it down to a cheap one.
 *
 * A package priced at 0 € is a special case of the same idea: time of a free package is worth
 * nothing, and time converted into a free package keeps its length (there is no price to divide).
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `months` calendar months after `from` (UTC), the day clamped to the month's last: 31 January
 * plus one month is 28 (or 29) February, not 3 March.
 */
export function addMonths(from: Date, months: number): Date {
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(
    year,
    month,
    Math.min(from.getUTCDate(), lastDay),
    from.getUTCHours(),
    from.getUTCMinutes(),
    from.getUTCSeconds(),
    from.getUTCMilliseconds(),
  ));
}

/** The host's subscription as the rule needs it. */
export interface CurrentPlan {
  packageId: string;
  packageName: string;
  /** The package's list price per month, in cents. */
  basePriceCents: number;
  endAt: Date;
  isTrial: boolean;
  /** Active and before its end (plan-policy's `isInForce`). */
  inForce: boolean;
  /**
   * A paid plan's first stretch that is trial days kept at a payment, until this moment (null or
   * absent: none). Those days are kept day for day on a change, never converted by value.
   */
  trialKeptUntil?: Date | null;
}

/** What is bought: a package's list price per month (cents) and the months paid for. */
export interface PlanPurchase {
  packageId: string;
  packageName: string;
  basePriceCents: number;
  months: number;
}

export interface PlanChange {
  /**
   * "new": nothing in force, the months run from now; "extend": the same package, added to its
   * end; "convert": another package in force, its remaining time converted by value.
   */
  kind: "new" | "extend" | "convert";
  /** The package bought. */
  packageName: string;
  /** From when the subscription is on the bought package: now (for "extend" it already is). */
  startAt: Date;
  /** When the paid months begin: now, the current end, or the end of the converted time. */
  paidFrom: Date;
  /** The new end of the subscription: `paidFrom` plus the paid calendar months. */
  endAt: Date;
  /** Until when the subscription's first days are kept trial days (null: none). */
  trialKeptUntil: Date | null;
  /** The current plan's time left and what it became; null when nothing was in force. */
  carried: {
    packageId: string;
    packageName: string;
    isTrial: boolean;
    /** The current plan's end, before the purchase. */
    currentEndAt: Date;
    remainingMs: number;
    /** Of `remainingMs`, the trial days kept day for day (all of it for a trial). */
    keptMs: number;
    /**
     * The same time as the bought package: the kept trial days plus the paid time converted by
     * value (equal to `remainingMs` for the same package or a trial).
     */
    convertedMs: number;
  } | null;
}

/** `remainingMs` of a package at `fromCents` a month as time of one at `toCents` a month. */
export function convertTime(remainingMs: number, fromCents: number, toCents: number): number {
  if (!Number.isSafeInteger(remainingMs) || remainingMs < 0) {
    throw new RangeError(`remaining time must be whole milliseconds, got ${remainingMs}`);
  }
  if (fromCents === toCents) return remainingMs;
  if (toCents === 0) return remainingMs;
  if (fromCents === 0) return 0;
  // BigInt: milliseconds × cents can pass 2^53 for long subscriptions.
  return Number(BigInt(remainingMs) * BigInt(fromCents) / BigInt(toCents));
}

/** The rule (see the module comment): what buying `purchase` at `now` gives. */
export function planChange(
  current: CurrentPlan | null | undefined,
  purchase: PlanPurchase,
  now: Date,
): PlanChange {
  if (!Number.isInteger(purchase.months) || purchase.months < 1) {
    throw new RangeError(`months must be a whole number of at least 1, got ${purchase.months}`);
  }
  const remainingMs = current?.inForce ? Math.max(0, current.endAt.getTime() - now.getTime()) : 0;
  if (!current || remainingMs === 0) {
    return {
      kind: "new",
      packageName: purchase.packageName,
      startAt: now,
      paidFrom: now,
      endAt: addMonths(now, purchase.months),
      trialKeptUntil: null,
      carried: null,
    };
  }
  const keptMs = current.isTrial ? remainingMs : Math.min(
    remainingMs,
    Math.max(0, (current.trialKeptUntil?.getTime() ?? 0) - now.getTime()),
  );
  const same = current.packageId === purchase.packageId;
  const convertedMs = same
    ? remainingMs
    : keptMs + convertTime(remainingMs - keptMs, current.basePriceCents, purchase.basePriceCents);
  const paidFrom = same ? current.endAt : new Date(now.getTime() + convertedMs);
  return {
    kind: same ? "extend" : "convert",
    packageName: purchase.packageName,
    startAt: now,
    paidFrom,
    endAt: addMonths(paidFrom, purchase.months),
    trialKeptUntil: keptMs > 0 ? new Date(now.getTime() + keptMs) : null,
    carried: {
      packageId: current.packageId,
      packageName: current.packageName,
      isTrial: current.isTrial,
      currentEndAt: current.endAt,
      remainingMs,
      keptMs,
      convertedMs,
    },
  };
}

/** Whole days for people, rounded to the nearest (the dates are exact). */
export const daysOf = (ms: number) => Math.round(ms / DAY_MS);

/** The change as the purchase preview answers it (dates as ISO strings, durations in days). */
export function toPurchasePeriod(change: PlanChange): PurchasePeriod {
  const { carried } = change;
  return {
    kind: change.kind,
    packageName: change.packageName,
    startDateUtc: change.startAt.toISOString(),
    paidFromUtc: change.paidFrom.toISOString(),
    endDateUtc: change.endAt.toISOString(),
    carriedOver: carried && {
      packageName: carried.packageName,
      isTrial: carried.isTrial,
      currentEndDateUtc: carried.currentEndAt.toISOString(),
      remainingDays: daysOf(carried.remainingMs),
      keptDays: daysOf(carried.keptMs),
      convertedDays: daysOf(carried.convertedMs),
    },
  };
}
