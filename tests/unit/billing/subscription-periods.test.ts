import assert from "node:assert/strict";
import { addMonths } from "@core/services/billing/subscription-periods.ts";

Deno.test("a subscription's months are calendar months, the day clamped to the month's end", () => {
  const at = (iso: string) => addMonths(new Date(iso), 1).toISOString();
  assert.equal(at("2026-01-15T10:00:00.000Z"), "2026-02-15T10:00:00.000Z");
  assert.equal(at("2026-01-31T10:00:00.000Z"), "2026-02-28T10:00:00.000Z");
  assert.equal(at("2028-01-31T10:00:00.000Z"), "2028-02-29T10:00:00.000Z", "leap year");
  assert.equal(at("2026-12-31T23:59:00.000Z"), "2027-01-31T23:59:00.000Z");
  assert.equal(
    addMonths(new Date("2026-11-21T08:00:00.000Z"), 12).toISOString(),
    "2027-11-21T08:00:00.000Z",
  );
  assert.equal(
    addMonths(new Date("2026-08-31T08:00:00.000Z"), 3).toISOString(),
    "2026-11-30T08:00:00.000Z",
  );
});
