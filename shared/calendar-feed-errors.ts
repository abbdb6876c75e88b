/**
 * Why a calendar feed could not be synced, as stored in its health and shown to the host (the
 * site translates each code). Download problems come from the fetcher, file problems from the
 * parser; either way nothing was imported and nothing deleted.
 */
export const CALENDAR_FEED_ERRORS = [
  "invalid-url",
  "forbidden-address",
  "timeout",
  "unreachable",
  "http-error",
  "too-large",
  "too-many-redirects",
  "not-a-calendar",
  "empty",
  "malformed",
] as const;
export type CalendarFeedError = (typeof CALENDAR_FEED_ERRORS)[number];
