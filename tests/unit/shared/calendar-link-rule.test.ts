import assert from "node:assert/strict";
import { isCalendarLink } from "@shared/calendar-links.ts";
import { OptionalCalendarLink } from "@shared/schemas/fields.ts";
import { checkFeedUrl } from "../../../workers/calendar-sync/address-guard.ts";

const LINKS = [
  "https://www.airbnb.com/calendar/ical/1.ics?s=abc",
  "http://example.com/feed.ics",
  "webcal://p01-calendars.icloud.com/published/2/abc",
  "webcals://example.com/feed.ics",
  "https://ana:tajna@www.airbnb.com/calendar/ical/1.ics",
  "https://@example.com/feed.ics",
  "ftp://example.com/feed.ics",
  "mailto:ana@example.com",
  "javascript:alert(1)",
  "file:///etc/passwd",
  "https://",
  "not a link",
];

Deno.test("a unit saves exactly the calendar links the sync will fetch", () => {
  for (const link of LINKS) {
    const synced = checkFeedUrl(link).ok;
    assert.equal(isCalendarLink(link), synced, link);
    assert.equal(OptionalCalendarLink.safeParse(link).success, synced, link);
  }
  assert.equal(isCalendarLink("https://ana:tajna@www.airbnb.com/calendar/ical/1.ics"), false);
});
