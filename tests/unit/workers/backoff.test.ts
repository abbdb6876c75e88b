import assert from "node:assert/strict";
import { retryDelayMs } from "../../../workers/runner/backoff.ts";

const limits = { baseMs: 1000, maxMs: 60_000 };

Deno.test("retryDelayMs doubles per delivery and stops at the cap", () => {
  const noSpread = () => 1;
  assert.deepEqual(
    [1, 2, 3, 4, 7, 8, 20].map((n) => retryDelayMs(n, limits, noSpread)),
    [1000, 2000, 4000, 8000, 60_000, 60_000, 60_000],
  );
});

Deno.test("retryDelayMs spreads retries by up to 20% below the nominal delay", () => {
  assert.equal(retryDelayMs(3, limits, () => 0), 3200);
  for (let i = 0; i < 100; i++) {
    const delay = retryDelayMs(2, limits);
    assert.ok(delay >= 1600 && delay <= 2000, String(delay));
  }
});
