/**
 * What parsing a calendar feed yields. These shapes are the contract between the parser, the
 * reconciler and the worker that stores the outcome; field names follow the fixtures'
 * expectation JSON (`../shared/fixtures/ical/README.md`) so tests compare them one to one.
 */

/** Whose export a feed is; decides how SUMMARY wording is read. */
export type FeedStyle =
  | "airbnb"
  | "booking.com"
  | "vrbo"
  | "google"
  | "outlook"
  | "channel-manager"
  | "unknown";

/**
 * `booking` needs a check-in; `block` closes dates but is nobody's stay; `null` means the feed
 * does not say (Booking.com's `CLOSED - Not available`, a host's own calendar) and the dates
 * are treated as occupied.
 */
export type EventKind = "booking" | "block" | null;

/** What a platform lets slip about the guest; only present where the feed carries it. */
export interface EventDetails {
  /** Airbnb confirmation code (`HM…`) from the reservation URL. */
  reservationCode?: string;
  /** Airbnb: last four digits of the guest's phone. */
  phoneLast4?: string;
  /** Vrbo: the name after `Reserved - `. */
  guestName?: string;
}

/** One stay or block from a feed. Identity within a feed is `uid` + `recurrenceId`. */
export interface FeedEvent {
  uid: string;
  /** Local date of an occurrence's original start for expanded recurring events, else null. */
  recurrenceId: string | null;
  /** Check-in date, `YYYY-MM-DD` in the property's zone. */
  start: string;
  /** Check-out date (exclusive), `YYYY-MM-DD` in the property's zone. */
  end: string;
  nights: number;
  kind: EventKind;
  /** Unescaped, unfolded SUMMARY ("" when absent). */
  summary: string;
  details?: EventDetails;
}

/** The identity of an event within its feed. */
export interface EventKey {
  uid: string;
  recurrenceId: string | null;
}

/** An event the feed lists but that is, by the feed's own word, not a stay. */
export interface IgnoredEvent {
  uid: string;
  recurrenceId: string | null;
  summary: string;
  reason: "STATUS:CANCELLED";
}

export type FeedWarningCode =
  /** DTEND before DTSTART; skipped. */
  | "dates-reversed"
  /** Starts and ends on the same local date (a timed event within one day); skipped. */
  | "no-night"
  /** All-day event whose DTEND equals DTSTART; kept as one night. */
  | "end-equals-start"
  | "missing-uid"
  | "missing-start"
  /** A date value that cannot be read; skipped. */
  | "unreadable-event"
  /** Same UID (and occurrence) twice; the first is kept. */
  | "duplicate-uid"
  /** TZID neither defined in the file nor known; read as the property's local time. */
  | "unknown-timezone"
  /** RRULE with too many steps; occurrences after the cut are missing. */
  | "recurrence-truncated"
  /** Feed-wide: bytes that are not UTF-8 were replaced (uid is null). */
  | "invalid-utf8";

/** A per-event problem. A feed with warnings still syncs; only the named event is affected. */
export interface FeedWarning {
  code: FeedWarningCode;
  uid: string | null;
  recurrenceId: string | null;
  /** True when the event was left out of `events`. */
  skipped: boolean;
  message: string;
}

export interface ParsedFeed {
  ok: true;
  style: FeedStyle;
  /** X-WR-CALNAME, to label the feed for the host. */
  calendarName: string | null;
  /** Sorted by start, end, uid, recurrenceId. */
  events: FeedEvent[];
  ignored: IgnoredEvent[];
  warnings: FeedWarning[];
}

export type FeedErrorKind =
  /** Over the byte limit; nothing was read. */
  | "too-large"
  /** No content at all: an error page or a broken download, not an empty calendar. */
  | "empty"
  /** HTML (a login or error page), JSON, a vCard, anything but VCALENDAR. */
  | "not-a-calendar"
  /** Starts like a calendar but is broken: truncated, unbalanced BEGIN/END, bad lines. */
  | "malformed";

/** The feed as a whole is unusable: nothing is imported and nothing is removed. */
export interface FeedError {
  ok: false;
  kind: FeedErrorKind;
  message: string;
  /** 1-based line of the unfolded text where the problem was found, when there is one. */
  line?: number;
}
