/**
 * The shared iCal fixtures (`/work/shared/fixtures/ical`, next to the checkout) and their
 * expectation JSON, read relative to this file so the tests run from any working directory.
 */
import type { FeedEvent, ParsedFeed } from "../../../workers/calendar-sync/feed-types.ts";
import { parseFeed } from "../../../workers/calendar-sync/parse-feed.ts";
import type { StoredReservation } from "../../../workers/calendar-sync/reconcile.ts";

export const FIXTURES = new URL("../../../../shared/fixtures/ical/", import.meta.url);

export interface ExpectedReservation {
  uid: string;
  recurrenceId: string | null;
  start: string;
  end: string;
  nights: number;
  kind: FeedEvent["kind"];
  summary: string;
  details?: Record<string, string>;
  relativeToReferenceDate: "past" | "current" | "future";
}

export interface Expectation {
  file: string;
  valid: boolean;
  style: string;
  propertyTimezone?: string;
  referenceDate?: string;
  lineEndings?: "CRLF" | "LF";
  hasBOM?: boolean;
  validUtf8AsStored?: boolean;
  reservationCount?: number;
  reservations: ExpectedReservation[] | null;
  ignored?: { uid: string; summary: string; reason: string }[];
  overlaps?: [string, string][];
  sameDayTurnovers?: [string, string][];
  expectError?: boolean;
  errorHint?: string;
}

export interface ManifestEntry {
  file: string;
  expectations: string;
  style: string;
  valid: boolean;
  reservations: number | null;
  diffFrom?: string;
  diff?: string;
}

export interface Manifest {
  referenceDate: string;
  propertyTimezone: string;
  files: ManifestEntry[];
}

export interface SeriesDiff {
  from: string;
  to: string;
  added: string[];
  removed: string[];
  changed: {
    uid: string;
    before: { start: string; end: string; summary: string };
    after: { start: string; end: string; summary: string };
  }[];
  unchanged: string[];
}

export function fixtureBytes(name: string): Uint8Array {
  return Deno.readFileSync(new URL(name, FIXTURES));
}

export function fixtureJson<T>(name: string): T {
  return JSON.parse(Deno.readTextFileSync(new URL(name, FIXTURES))) as T;
}

export const manifest = fixtureJson<Manifest>("manifest.json");
export const REFERENCE_DATE = manifest.referenceDate;

/** Parses a fixture as the worker would: bytes, the reference date, the property's zone. */
export function parseFixture(name: string): ParsedFeed {
  const parsed = parseFeed(fixtureBytes(name), {
    today: REFERENCE_DATE,
    timezone: manifest.propertyTimezone,
  });
  if (!parsed.ok) throw new Error(`${name} did not parse: ${parsed.message}`);
  return parsed;
}

/** How the fixtures write an event's identity in overlaps and diffs. */
export function eventLabel(e: { uid: string; recurrenceId: string | null }): string {
  return e.recurrenceId ? `${e.uid}#${e.recurrenceId}` : e.uid;
}

/** What the worker would have stored after importing `events` from `feedId`. */
export function storedFrom(feedId: string, events: readonly FeedEvent[]): StoredReservation[] {
  return events.map((e) => ({
    id: `${feedId}:${eventLabel(e)}`,
    start: e.start,
    end: e.end,
    source: { feedId, uid: e.uid, recurrenceId: e.recurrenceId },
    kind: e.kind,
    summary: e.summary,
  }));
}
