/**
 * When each unit's feeds are fetched (issue 34 item 3): every unit has its own moment in the
 * interval, taken from a hash of its id, so 100,000 units polled every 15 minutes arrive as an even
 * stream (about 110 units a second) instead of a crowd at :00, :15, :30 and :45. The moment is
 * stable, so a unit keeps its cadence across restarts and replicas, and needs no column.
 */

/** FNV-1a (32 bits) of a string: cheap, and spread well enough for random ids. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The unit's moment within each interval, in ms from the interval's start (0 ≤ x < interval). */
export function unitOffsetMs(unitId: string, intervalMs: number): number {
  return Math.floor((fnv1a(unitId) / 2 ** 32) * intervalMs);
}

/**
 * The unit's next moment more than half an interval after `now`: a unit synced on time is next
 * due one interval later; one synced early (a host's "Sync now", a retry) keeps its moment and is
 * never due again so soon that the consumer's minimum age would skip it.
 */
export function nextSyncAt(unitId: string, now: Date, intervalMs: number): Date {
  const offset = unitOffsetMs(unitId, intervalMs);
  const after = now.getTime() + intervalMs / 2;
  const k = Math.floor((after - offset) / intervalMs) + 1;
  return new Date(k * intervalMs + offset);
}
