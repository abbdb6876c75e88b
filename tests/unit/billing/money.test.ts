import assert from "node:assert/strict";
import { eurosOf, formatEuros, percentOf, periodPrice } from "@shared/billing/money.ts";

Deno.test("a percentage of cents rounds half up to a whole cent, with integers only", () => {
  assert.equal(percentOf(990, 10), 99);
  assert.equal(percentOf(990, 20), 198);
  assert.equal(percentOf(1995, 10), 200, "199.5 cents rounds up");
  assert.equal(percentOf(1994, 10), 199);
  assert.equal(percentOf(1, 50), 1);
  assert.equal(percentOf(0, 20), 0);
  assert.equal(percentOf(3990, 100), 3990);
  assert.throws(() => percentOf(9.9, 10), RangeError, "euros are not cents");
  assert.throws(() => percentOf(990, 12.5), RangeError);
  assert.throws(() => percentOf(-1, 10), RangeError);
});

Deno.test("each plan's periods: monthly price, total and discount in cents", () => {
  // The seeded prices: Basic 9.90, Pro 19.90, Premium 39.90 a month; 6 months -10 %, 12 -20 %.
  const cases: [number, number, number, [number, number, number, number]][] = [
    // base, months, discount → [monthly, undiscounted, total, discount]
    [990, 1, 0, [990, 990, 990, 0]],
    [990, 6, 10, [891, 5940, 5346, 594]],
    [990, 12, 20, [792, 11880, 9504, 2376]],
    [1990, 6, 10, [1791, 11940, 10746, 1194]],
    [1990, 12, 20, [1592, 23880, 19104, 4776]],
    [3990, 12, 20, [3192, 47880, 38304, 9576]],
    // A monthly price that does not divide evenly: 10 % of 1995 is 199.5 → 200.
    [1995, 3, 10, [1795, 5985, 5385, 600]],
  ];
  for (const [base, months, discount, [monthly, undiscounted, total, saved]] of cases) {
    const price = periodPrice(base, months, discount);
    assert.deepEqual(
      [price.monthlyCents, price.undiscountedCents, price.totalCents, price.discountCents],
      [monthly, undiscounted, total, saved],
      `${base} × ${months} at ${discount} %`,
    );
    assert.equal(
      price.totalCents,
      price.monthlyCents * months,
      "total is what the host sees × months",
    );
    assert.equal(price.undiscountedCents - price.discountCents, price.totalCents);
  }
  assert.throws(() => periodPrice(990, 0, 0), RangeError);
  assert.throws(() => periodPrice(990, 1.5, 0), RangeError);
});

Deno.test("cents become euros with two decimals and read as people write them", () => {
  assert.equal(eurosOf(9504), 95.04);
  assert.equal(eurosOf(990), 9.9);
  assert.equal(eurosOf(5), 0.05);
  assert.equal(eurosOf(0), 0);
  // Floating-point sums would drift; cents do not: 0.1 + 0.2 euros is 30 cents.
  assert.equal(eurosOf(10 + 20), 0.3);
  assert.equal(formatEuros(123450, "hr"), "1.234,50 €");
  assert.equal(formatEuros(123450, "en"), "€1,234.50");
  assert.equal(formatEuros(99, "hr"), "0,99 €");
  assert.throws(() => eurosOf(0.5), RangeError);
});
