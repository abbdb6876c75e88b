import assert from "node:assert/strict";
import {
  addMonths,
  convertTime,
  type CurrentPlan,
  DAY_MS,
  planChange,
  toPurchasePeriod,
} from "@shared/billing/plan-change.ts";

const NOW = new Date("2026-05-01T08:00:00.000Z");
const BASIC = { packageId: "basic", packageName: "Basic", basePriceCents: 990 };
const PRO = { packageId: "pro", packageName: "Pro", basePriceCents: 1990 };
const PREMIUM = { packageId: "premium", packageName: "Premium", basePriceCents: 3990 };

function plan(
  pkg: typeof BASIC,
  endAt: string,
  { isTrial = false, inForce = true } = {},
): CurrentPlan {
  return { ...pkg, endAt: new Date(endAt), isTrial, inForce };
}

const iso = (date: Date) => date.toISOString();

Deno.test("12 months of Basic and 1 month of Premium: Basic's time left becomes Premium by value, not 16 months of Premium", () => {
  const current = plan(BASIC, "2027-05-01T08:00:00.000Z"); // 365 days left
  const change = planChange(current, { ...PREMIUM, months: 1 }, NOW);
  assert.equal(change.kind, "convert");
  assert.equal(iso(change.startAt), "2026-05-01T08:00:00.000Z", "Premium from now");
  // 365 days × 9,90 € / 39,90 € = 90.5639… days, to the millisecond (rounded down).
  assert.equal(change.carried?.remainingMs, 365 * DAY_MS);
  assert.equal(change.carried?.convertedMs, 7_824_721_804);
  assert.equal(iso(change.paidFrom), "2026-07-30T21:32:01.804Z");
  assert.equal(iso(change.endAt), "2026-08-30T21:32:01.804Z", "then the month paid for");
  assert.ok(change.endAt < addMonths(NOW, 4), "about 4 months of Premium, nowhere near 16");
  // Value kept exactly: the converted time is worth no more, and less by under a millisecond.
  const valueBefore = 365 * DAY_MS * 990;
  assert.ok(change.carried!.convertedMs * 3990 <= valueBefore);
  assert.ok((change.carried!.convertedMs + 1) * 3990 > valueBefore);

  assert.deepEqual(toPurchasePeriod(change), {
    kind: "convert",
    packageName: "Premium",
    startDateUtc: "2026-05-01T08:00:00.000Z",
    paidFromUtc: "2026-07-30T21:32:01.804Z",
    endDateUtc: "2026-08-30T21:32:01.804Z",
    carriedOver: {
      packageName: "Basic",
      isTrial: false,
      currentEndDateUtc: "2027-05-01T08:00:00.000Z",
      remainingDays: 365,
      keptDays: 0,
      convertedDays: 91,
    },
  });
});

Deno.test("the same package simply extends from its current end", () => {
  const current = plan(PREMIUM, "2026-06-15T10:00:00.000Z");
  const change = planChange(current, { ...PREMIUM, months: 1 }, NOW);
  assert.equal(change.kind, "extend");
  assert.equal(iso(change.paidFrom), "2026-06-15T10:00:00.000Z");
  assert.equal(iso(change.endAt), "2026-07-15T10:00:00.000Z");
  assert.equal(change.carried?.convertedMs, change.carried?.remainingMs);
});

Deno.test("a downgrade converts the dearer time left into more days of the cheaper package", () => {
  const current = plan(PREMIUM, "2026-05-31T08:00:00.000Z"); // 30 days left
  const change = planChange(current, { ...BASIC, months: 1 }, NOW);
  assert.equal(change.kind, "convert");
  // 30 days × 39,90 € / 9,90 € = 120.909… days.
  assert.equal(change.carried?.convertedMs, 10_446_545_454);
  assert.equal(iso(change.paidFrom), "2026-08-30T05:49:05.454Z");
  assert.equal(iso(change.endAt), "2026-09-30T05:49:05.454Z");
  assert.equal(toPurchasePeriod(change).carriedOver?.convertedDays, 121);
});

Deno.test("an expired or cancelled subscription carries nothing: the months run from now", () => {
  for (
    const current of [
      plan(PREMIUM, "2026-04-30T08:00:00.000Z", { inForce: false }),
      plan(PREMIUM, "2027-04-30T08:00:00.000Z", { inForce: false }), // cancelled
      plan(BASIC, "2026-05-01T08:00:00.000Z"), // ends this very moment
      null,
    ]
  ) {
    const change = planChange(current, { ...PRO, months: 6 }, NOW);
    assert.equal(change.kind, "new");
    assert.equal(change.carried, null);
    assert.equal(iso(change.paidFrom), iso(NOW));
    assert.equal(iso(change.endAt), "2026-11-01T08:00:00.000Z");
  }
});

Deno.test("a trial's days left are kept in full on top of what is bought (issue 32, item 10)", () => {
  const trial = plan(PRO, "2026-07-30T08:00:00.000Z", { isTrial: true }); // 90 days of Pro left
  const premium = planChange(trial, { ...PREMIUM, months: 1 }, NOW);
  assert.equal(premium.kind, "convert");
  assert.equal(premium.carried?.isTrial, true);
  // Not 90 days × 19,90 € / 39,90 € = 44.9 days: every trial day, then the paid month.
  assert.equal(premium.carried?.keptMs, 90 * DAY_MS);
  assert.equal(premium.carried?.convertedMs, 90 * DAY_MS);
  assert.equal(iso(premium.paidFrom), "2026-07-30T08:00:00.000Z");
  assert.equal(iso(premium.endAt), "2026-08-30T08:00:00.000Z");
  assert.equal(iso(premium.trialKeptUntil!), "2026-07-30T08:00:00.000Z");
  assert.equal(toPurchasePeriod(premium).carriedOver?.keptDays, 90);

  // A cheaper package keeps the days too (not twice as many: the trial was free).
  const basic = planChange(trial, { ...BASIC, months: 1 }, NOW);
  assert.equal(iso(basic.paidFrom), "2026-07-30T08:00:00.000Z");

  const pro = planChange(trial, { ...PRO, months: 12 }, NOW);
  assert.equal(pro.kind, "extend", "buying the trial's package keeps every trial day");
  assert.equal(iso(pro.paidFrom), "2026-07-30T08:00:00.000Z");
  assert.equal(iso(pro.endAt), "2027-07-30T08:00:00.000Z");
  assert.equal(iso(pro.trialKeptUntil!), "2026-07-30T08:00:00.000Z");
});

Deno.test("kept trial days stay day for day on a later change; only paid time converts", () => {
  // Premium bought in the trial: 90 kept days, then 31 paid days of Premium.
  const paid: CurrentPlan = {
    ...plan(PREMIUM, "2026-08-30T08:00:00.000Z"),
    trialKeptUntil: new Date("2026-07-30T08:00:00.000Z"),
  };
  const basic = planChange(paid, { ...BASIC, months: 1 }, NOW);
  assert.equal(basic.carried?.keptMs, 90 * DAY_MS);
  // 90 days as they are, 31 days of Premium × 39,90 / 9,90 = 124.9 days of Basic.
  assert.equal(basic.carried?.convertedMs, 90 * DAY_MS + convertTime(31 * DAY_MS, 3990, 990));
  assert.equal(iso(basic.trialKeptUntil!), "2026-07-30T08:00:00.000Z");
  // Once the kept days are over, nothing of them is left to keep.
  const later = planChange(paid, { ...BASIC, months: 1 }, new Date("2026-08-01T08:00:00.000Z"));
  assert.equal(later.carried?.keptMs, 0);
  assert.equal(later.trialKeptUntil, null);
});

Deno.test("converting time: same price unchanged, free packages, large values exact", () => {
  assert.equal(convertTime(1000, 990, 990), 1000);
  assert.equal(convertTime(1000, 0, 990), 0, "time of a free package is worth nothing");
  assert.equal(convertTime(1000, 990, 0), 1000, "into a free package the time keeps its length");
  const tenYears = 3653 * DAY_MS;
  assert.equal(convertTime(tenYears, 99_999, 1), tenYears * 99_999, "past 2^53 in between");
  assert.throws(() => convertTime(-1, 990, 3990), RangeError);
  assert.throws(() => planChange(null, { ...PRO, months: 0 }, NOW), RangeError);
});
