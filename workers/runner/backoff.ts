/**
 * Delay before the next delivery of a failed event: doubling from `baseMs` per delivery, capped
 * at `maxMs`, with up to 20% random spread so retries of a burst do not arrive together.
 */
export function retryDelayMs(
  deliveryCount: number,
  { baseMs, maxMs }: { baseMs: number; maxMs: number },
  random: () => number = Math.random,
): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, deliveryCount - 1));
  return Math.round(exponential * (0.8 + 0.2 * random()));
}
