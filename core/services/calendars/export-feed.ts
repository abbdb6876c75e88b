import ICAL from "ical.js";
import { and, asc, eq, gte, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { addDays } from "@shared/local-date.ts";
import { OWN_EXPORT_UID_SUFFIX } from "@shared/own-export-uid.ts";
import type { ServiceContext } from "../../context.ts";
import { AppError } from "../../errors.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { today as todayOf } from "../reservations/stay-dates.ts";

/** Recent past stays stay in the feed for a while, as platforms show them; older ones drop out. */
const PAST_DAYS_KEPT = 60;
/** The `type` of a stay the host entered in Prijavko (imported ones name their platform). */
const MADE_HERE = "Manual";

export interface ExportedFeed {
  body: string;
  etag: string;
  lastModified: Date;
}

function dateValue(date: string): ICAL.Time {
  return ICAL.Time.fromDateString(date);
}

/**
 * A TEXT value escaped as RFC 5545 section 3.3.11 says: backslash, semicolon and comma get a
 * backslash, and a line break (CR LF, CR or LF) becomes `\n`, so no value can end its content
 * line and start a property or event of its own.
 */
function escapeText(value: string): string {
  return value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * Adds a text property with every character escaped. ical.js escapes the values of properties it
 * knows as TEXT (SUMMARY, …) but not a bare CR, and writes those it does not know (X-WR-CALNAME)
 * as they come; so line breaks become LF for the first and everything is escaped here for the
 * second.
 */
function addText(component: ICAL.Component, name: string, value: string) {
  const property = new ICAL.Property(name, component);
  property.setValue(
    property.type === "text" ? value.replace(/\r\n?/g, "\n") : escapeText(value),
  );
  component.addProperty(property);
}

/**
 * The stay's UID in the feed, random and kept with the stay. A row an older release inserted
 * during an upgrade has none yet: it gets one now (the first export to see it wins the race).
 */
async function exportUidOf(
  db: Database,
  row: { id: string; exportUid: string | null },
): Promise<string> {
  if (row.exportUid) return row.exportUid;
  await db.update(reservations).set({ exportUid: crypto.randomUUID() })
    .where(and(eq(reservations.id, row.id), isNull(reservations.exportUid)));
  const [saved] = await db.select({ exportUid: reservations.exportUid }).from(reservations)
    .where(eq(reservations.id, row.id));
  return saved.exportUid!;
}

/**
 * A unit's own iCal feed, for the host to paste into Airbnb or Booking.com. It carries only the
 * stays and blocks made here, never ones imported from a platform (Booking.com would re-export an
 * Airbnb booking and it would come back as a second one), and nothing about them but their dates:
 * every event is "Reserved" or "Not available" with all-day dates [check-in, check-out) and a
 * random UID kept with the stay. Never the stay's code (it opens the guests' check-in page, and
 * the feed goes to the platforms and whoever else holds its address), a link, a name or a note.
 * NotFound when the token matches no unit.
 */
export async function exportFeedOf(
  { db, now }: ServiceContext,
  { token }: { token: string },
): Promise<ExportedFeed> {
  const [unit] = await db.select().from(accommodationUnits)
    .where(eq(accommodationUnits.calendarExportToken, token));
  if (!unit) throw new AppError("NotFound", { detail: "There is no calendar at this address." });
  const rows = await db.select().from(reservations).where(and(
    eq(reservations.accommodationUnitId, unit.id),
    isNull(reservations.sourceFeedId),
    // A platform's stay outlives its feed when the host removes the link (it is kept as history,
    // no longer tied to the feed), but it is still the platform's: only stays made here go out.
    eq(reservations.type, MADE_HERE),
    isNull(reservations.canceledAt),
    gte(reservations.endDate, addDays(todayOf(now), -PAST_DAYS_KEPT)),
  )).orderBy(asc(reservations.startDate), asc(reservations.id));

  const calendar = new ICAL.Component("vcalendar");
  calendar.addPropertyWithValue("prodid", "-//Prijavko//Calendar export 1.0//HR");
  calendar.addPropertyWithValue("version", "2.0");
  calendar.addPropertyWithValue("calscale", "GREGORIAN");
  calendar.addPropertyWithValue("method", "PUBLISH");
  addText(calendar, "x-wr-calname", `Prijavko – ${unit.name}`);
  let lastModified = unit.updatedAt;
  for (const row of rows) {
    if (row.updatedAt > lastModified) lastModified = row.updatedAt;
    const event = new ICAL.Component("vevent");
    const uid = await exportUidOf(db, row);
    event.addPropertyWithValue("uid", `${uid}${OWN_EXPORT_UID_SUFFIX}`);
    event.addPropertyWithValue("dtstamp", ICAL.Time.fromJSDate(row.updatedAt, true));
    event.addPropertyWithValue("dtstart", dateValue(row.startDate));
    event.addPropertyWithValue("dtend", dateValue(row.endDate));
    addText(event, "summary", row.kind === "block" ? "Not available" : "Reserved");
    event.addPropertyWithValue("transp", "OPAQUE");
    calendar.addSubcomponent(event);
  }
  const body = calendar.toString().replace(/\r?\n/g, "\r\n") + "\r\n";
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body));
  const etag = `"${
    Array.from(new Uint8Array(digest).slice(0, 16), (b) => b.toString(16).padStart(2, "0")).join("")
  }"`;
  return { body, etag, lastModified };
}
