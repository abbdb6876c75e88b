import type {
  CalendarListQuery,
  ListQueryInput,
  ReservationListQuery,
} from "@shared/schemas/list-query.ts";
import type { Reservation } from "@shared/schemas/reservation.ts";
import type { UnitCalendar } from "@shared/schemas/calendar.ts";
import { apiDelete, apiGet, apiPost } from "./client.ts";
import type { Paged } from "./paged.ts";

export interface CalendarListQuery {
  pageNumber: number;
  pageSize: number;
  propertyId?: string;
  accommodationUnitCode?: string;
}

/** GET /api/Calendars: the host's units with their imported feeds (health, last outcome). */
export function listCalendars(query: CalendarListQuery, signal?: AbortSignal) {
  return apiGet<Paged<UnitCalendar>>(
    "/api/Calendars",
    {
      PageNumber: query.pageNumber,
      PageSize: query.pageSize,
      PropertyId: query.propertyId,
      AccommodationUnitCode: query.accommodationUnitCode,
    } satisfies ListQueryInput<typeof CalendarListQuery>,
    signal,
  );
}

/**
 * POST /api/Calendars/Sync: fetch one unit's feeds now, or every unit's. Answers at once (202)
 * with how many units were queued; the worker fetches within seconds.
 */
export function requestCalendarSync(accommodationUnitCode?: string): Promise<{ units: number }> {
  return apiPost<{ units: number }>(
    "/api/Calendars/Sync",
    accommodationUnitCode ? { accommodationUnitCode } : {},
  );
}

const exportPath = (unitCode: string) => `/api/Calendars/Export/${encodeURIComponent(unitCode)}`;

/** POST /api/Calendars/Export/{unitCode}: the unit's own iCal address (created on first call). */
export function createExportLink(unitCode: string): Promise<{ exportUrl: string }> {
  return apiPost<{ exportUrl: string }>(exportPath(unitCode));
}

/**
 * POST /api/Calendars/Export/{unitCode}/renew: a new address for the same feed; the old one
 * answers 404 at once.
 */
export function renewExportLink(unitCode: string): Promise<{ exportUrl: string }> {
  return apiPost<{ exportUrl: string }>(`${exportPath(unitCode)}/renew`);
}

/** DELETE /api/Calendars/Export/{unitCode}: the old address stops working. */
export function revokeExportLink(unitCode: string): Promise<void> {
  return apiDelete<void>(exportPath(unitCode));
}

export interface StayRangeQuery {
  pageNumber: number;
  pageSize: number;
  propertyId?: string;
  accommodationUnitCode?: string;
  /** Stays sharing at least one night with [startDate, endDate] (YYYY-MM-DD). */
  startDate: string;
  endDate: string;
}

/**
 * One page of GET /api/Reservations for the calendar: every stay and block touching the dates
 * (blocks close nights too, so the calendar asks for them).
 */
export function listStaysBetween(query: StayRangeQuery, signal?: AbortSignal) {
  return apiGet<Paged<Reservation>>(
    "/api/Reservations",
    {
      PageNumber: query.pageNumber,
      PageSize: query.pageSize,
      PropertyId: query.propertyId,
      AccommodationUnitCode: query.accommodationUnitCode,
      StartDate: query.startDate,
      EndDate: query.endDate,
      IncludeBlocks: true,
    } satisfies ListQueryInput<typeof ReservationListQuery>,
    signal,
  );
}
