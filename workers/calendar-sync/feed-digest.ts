/**
 * Digests that let an unchanged feed end its sync after hashing (issue 34 item 1). Airbnb and
 * Booking.com answer every poll with `200` and the whole calendar, without a validator, so most
 * polls bring a body already applied:
 *
 * - `bodyDigest`: the bytes as fetched. Equal → the same calendar, nothing to parse. A body with a
 *   recurrence rule also hashes today's date: its occurrences are expanded over a window around
 *   today (`parse-feed.ts`), so the same bytes can give new events on another day.
 * - `eventsDigest`: the events once parsed and normalised (sorted, as `parseFeed` returns them),
 *   with exactly what a sync reads from them: identity, dates, kind and summary, the platform
 *   (which names new stays) and the events the parser had to skip (their stays are kept). A new
 *   DTSTAMP, reordered events, folding or a cancelled event that was never imported change
 *   nothing here; a summary, a status (a cancelled event leaves `events`), a date or a kind does.
 *
 * Neither is enough alone: the same events meet different stays after the host edits or deletes
 * one, so the caller also checks the unit's stays version (`calendar_feeds.stays_version`).
 */
import { createHash } from "node:crypto";
import type { EventKey, ParsedFeed } from "./feed-types.ts";

/** Whether the body holds RRULE or RDATE (case-insensitive), checked on the bytes. */
export function hasRecurrence(body: Uint8Array): boolean {
  return findWord(body, "rrule") || findWord(body, "rdate");
}

function findWord(body: Uint8Array, word: string): boolean {
  const first = word.charCodeAt(0);
  const last = body.length - word.length;
  outer: for (let i = 0; i <= last; i++) {
    if ((body[i] | 0x20) !== first) continue;
    for (let k = 1; k < word.length; k++) {
      if ((body[i + k] | 0x20) !== word.charCodeAt(k)) continue outer;
    }
    return true;
  }
  return false;
}

/** SHA-256 (base64) of the body, and of `today` when the body recurs. */
export function bodyDigest(body: Uint8Array, today: string): string {
  const hash = createHash("sha256").update(body);
  if (hasRecurrence(body)) hash.update(`\u0000${today}`);
  return hash.digest("base64");
}

/** SHA-256 (base64) of what a sync reads from a parsed feed; see the module comment. */
export function eventsDigest(parsed: ParsedFeed, unreadable: readonly EventKey[]): string {
  const hash = createHash("sha256");
  hash.update(JSON.stringify(["v1", parsed.style]));
  for (const e of parsed.events) {
    hash.update(JSON.stringify([e.uid, e.recurrenceId, e.start, e.end, e.kind, e.summary]));
  }
  const skipped = unreadable.map((k) => JSON.stringify([k.uid, k.recurrenceId])).sort();
  hash.update(JSON.stringify(["unreadable", skipped]));
  return hash.digest("base64");
}
