import { z } from "zod";
import { CALENDAR_FEED_ERRORS } from "../calendar-feed-errors.ts";
import { DateOnly, DateTime, Id } from "./fields.ts";

export const CalendarFeedErrorSchema = z.enum(CALENDAR_FEED_ERRORS);

/**
 * A feed event that was not applied: its nights were already taken, or (`registered`) it moves
 * the arrival of a stay whose guests are registered with eVisitor, which refuses that change.
 */
export const CalendarConflict = z
  .object({
    start: DateOnly,
    end: DateOnly,
    /** The event's title in the feed, e.g. "Reserved" or "CLOSED - Not available". */
    summary: z.string(),
    /** The reservation holding those nights, or the stay it moves; null once it is gone. */
    withCode: z.string().nullable(),
    /**
     * The platform moved the arrival of stay `withCode`, whose guests are registered with
     * eVisitor: it keeps its dates until the host moves it (cancelling and registering them
     * again); start and end are the platform's new dates.
     */
    registered: z.boolean(),
  })
  .meta({ id: "CalendarConflict" });

/** Spec section 4, calendar sync outcomes: added, conflicting (not added), removed. */
export const CalendarSyncRun = z
  .object({
    finishedAt: DateTime,
    added: z.number().int().min(0),
    updated: z.number().int().min(0),
    removed: z.number().int().min(0),
    conflicts: z.array(CalendarConflict),
    error: CalendarFeedErrorSchema.nullable(),
  })
  .meta({ id: "CalendarSyncRun" });
export type CalendarSyncRun = z.infer<typeof CalendarSyncRun>;

/** One external calendar of a unit with its health, as the host sees it. */
export const CalendarFeed = z
  .object({
    id: Id,
    url: z.string(),
    /** Airbnb, Booking.com, Vrbo, ... by the address; null when unknown. */
    platform: z.string().nullable(),
    lastFetchAt: DateTime.nullable(),
    lastSuccessAt: DateTime.nullable(),
    /** The platform's last HTTP status (304 when nothing changed); null if it never answered. */
    lastStatus: z.number().int().nullable(),
    eventCount: z.number().int().nullable(),
    lastError: CalendarFeedErrorSchema.nullable(),
    /** When the current run of failures began; null while the feed is healthy. */
    failingSince: DateTime.nullable(),
    /** The last sync that changed something or failed (a 304 is not a run). */
    lastRun: CalendarSyncRun.nullable(),
  })
  .meta({ id: "CalendarFeed" });
export type CalendarFeed = z.infer<typeof CalendarFeed>;

/** A unit's calendars: the feeds it imports and the address of the feed it exports. */
export const UnitCalendar = z
  .object({
    accommodationUnitId: Id,
    accommodationUnitCode: z.string(),
    accommodationUnitName: z.string(),
    propertyId: Id,
    propertyName: z.string(),
    /**
     * Whether the caller manages the unit's calendar links (the owner, a co-host). Reception sees
     * the unit's stays, with no links: `exportUrl` null and `feeds` empty.
     */
    canManage: z.boolean(),
    /** The unit's own iCal feed to paste into Airbnb or Booking.com; null until created. */
    exportUrl: z.string().nullable(),
    feeds: z.array(CalendarFeed),
  })
  .meta({ id: "UnitCalendar" });
export type UnitCalendar = z.infer<typeof UnitCalendar>;

/** "Sync now": one unit by its code, or every unit of the caller with a calendar link. */
export const CalendarSyncRequest = z
  .object({ accommodationUnitCode: z.string().trim().min(1).max(64).optional() })
  .meta({ id: "CalendarSyncRequest" });
export type CalendarSyncRequest = z.infer<typeof CalendarSyncRequest>;

export const CalendarSyncAccepted = z
  .object({
    /** Units whose feeds will be fetched in a moment. */
    units: z.number().int().min(0),
  })
  .meta({ id: "CalendarSyncAccepted" });

export const CalendarExportLink = z
  .object({ exportUrl: z.string() })
  .meta({ id: "CalendarExportLink" });
