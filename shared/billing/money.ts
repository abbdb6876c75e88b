/**
 * Money is whole euro cents everywhere (integers, never floating-point arithmetic). Amounts leave
 * the API as euros with two decimals (`eurosOf`), because the spec's fields are euros.
 */

/** A whole, non-negative number of cents, or a thrown error naming what was wrong. */
function assertCents(cents: number, what: string): void {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`${what} must be a whole number of cents, got ${cents}`);
  }
}

/** `percent` % of `cents`, rounded half up to a whole cent (integer arithmetic only). */
export function percentOf(cents: number, percent: number): number {
  assertCents(cents, "amount");
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`percent must be a whole number from 0 to 100, got ${percent}`);
  }
  return Math.floor((cents * percent + 50) / 100);
}

/** What one period of a package costs, every amount in cents. */
export interface PeriodPrice {
  months: number;
  discountPercent: number;
  /** The package's price per month without a discount. */
  baseMonthlyCents: number;
  /** Per month after the discount (rounded to a whole cent). */
  monthlyCents: number;
  /** Base price × months: what the period would cost without a discount. */
  undiscountedCents: number;
  /** Discounted monthly price × months: what the host pays. */
  totalCents: number;
  /** undiscountedCents − totalCents. */
  discountCents: number;
}

/**
 * The price of `months` months at `baseMonthlyCents` a month with `discountPercent` off. The
 * discount is applied to the monthly price and rounded there, so the total is exactly the monthly
 * price the host sees times the months, and the discount is whatever that saves.
 */
export function periodPrice(
  baseMonthlyCents: number,
  months: number,
  discountPercent: number,
): PeriodPrice {
  assertCents(baseMonthlyCents, "base price");
  if (!Number.isInteger(months) || months < 1) {
    throw new RangeError(`months must be a whole number of at least 1, got ${months}`);
  }
  const monthlyCents = baseMonthlyCents - percentOf(baseMonthlyCents, discountPercent);
  const undiscountedCents = baseMonthlyCents * months;
  const totalCents = monthlyCents * months;
  return {
    months,
    discountPercent,
    baseMonthlyCents,
    monthlyCents,
    undiscountedCents,
    totalCents,
    discountCents: undiscountedCents - totalCents,
  };
}

/** Cents as euros for a JSON answer: 1990 → 19.9 (the nearest double to the two-decimal value). */
export function eurosOf(cents: number): number {
  assertCents(cents, "amount");
  return Number(`${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`);
}

/** Cents as a euro amount in words people read, e.g. "1.234,50 €" (hr) or "€1,234.50" (en). */
export function formatEuros(cents: number, language: "hr" | "en" = "hr"): string {
  assertCents(cents, "amount");
  const whole = Math.trunc(cents / 100);
  const fraction = String(cents % 100).padStart(2, "0");
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, language === "hr" ? "." : ",");
  return language === "hr" ? `${grouped},${fraction} €` : `€${grouped}.${fraction}`;
}
