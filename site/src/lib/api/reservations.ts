import type { ReservationFilter, ReservationStatus } from "@shared/enums.ts";
import type {
  CreateReservationRequest,
  Reservation,
  UpdateReservationRequest,
} from "@shared/schemas/reservation.ts";
import { apiDelete, apiGet, apiPost, apiPut } from "./client.ts";
import type { Paged } from "./paged.ts";

export type { ReservationSortField } from "@shared/schemas/list-query.ts";
import type {
  ListQueryInput,
  ReservationListQuery,
  ReservationSortField,
} from "@shared/schemas/list-query.ts";

export interface ReservationListQuery {
  pageNumber: number;
  pageSize: number;
  sortBy?: ReservationSortField;
  /** Newest first. */
  sortDescending?: boolean;
  searchValue?: string;
  propertyId?: string;
  accommodationUnitCode?: string;
  filter?: ReservationFilter;
  statuses?: readonly ReservationStatus[];
  /** Stays sharing at least one night with [startDate, endDate] (YYYY-MM-DD). */
  startDate?: string;
  endDate?: string;
  /** Closed dates without guests too (left out by default). */
  includeBlocks?: boolean;
}

const byCode = (code: string) => `/api/Reservations/${encodeURIComponent(code)}`;

/** GET /api/Reservations (spec section 7; the query names are the spec's). */
export function listReservations(query: ReservationListQuery, signal?: AbortSignal) {
  return apiGet<Paged<Reservation>>(
    "/api/Reservations",
    {
      PageNumber: query.pageNumber,
      PageSize: query.pageSize,
      SortBy: query.sortBy,
      SortDescending: query.sortDescending,
      SearchValue: query.searchValue?.trim(),
      PropertyId: query.propertyId,
      AccommodationUnitCode: query.accommodationUnitCode,
      ReservationFilter: query.filter,
      ReservationStatuses: query.statuses,
      StartDate: query.startDate,
      EndDate: query.endDate,
      IncludeBlocks: query.includeBlocks,
    } satisfies ListQueryInput<typeof ReservationListQuery>,
    signal,
  );
}

/** GET /api/Reservations/{code}. */
export function getReservation(code: string, signal?: AbortSignal): Promise<Reservation> {
  return apiGet<Reservation>(byCode(code), undefined, signal);
}

/** POST /api/Reservations: a stay entered by hand; 409 ReservationOverlap when a night is taken. */
export function createReservation(request: CreateReservationRequest): Promise<Reservation> {
  return apiPost<Reservation>("/api/Reservations", request);
}

/**
 * PUT /api/Reservations/{code}: replaces unit, dates and notes; 409 ImportedReservation when the
 * dates of a stay from a platform's calendar would change (except to its `platformMove`).
 */
export function updateReservation(
  code: string,
  request: UpdateReservationRequest,
): Promise<Reservation> {
  return apiPut<Reservation>(byCode(code), request);
}

/** DELETE /api/Reservations/{code}. */
export function deleteReservation(code: string): Promise<void> {
  return apiDelete<void>(byCode(code));
}
