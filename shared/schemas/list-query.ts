import { z } from "zod";
import { ReservationFilter, ReservationFilterSchema, ReservationStatusSchema } from "../enums.ts";
import { DateOnly, DateTime, Id, optionalText, requiredParameter, wholeNumber } from "./fields.ts";

/** A whole number from a query string, where every value arrives as text ("2" becomes 2). */
export function queryWholeNumber(min: number, max: number) {
  return z.preprocess(
    (value) => typeof value === "string" && value.trim() !== "" ? Number(value) : value,
    wholeNumber(min, max),
  );
}

/** A query-string flag: "true"/"false" (also 1/0, yes/no), or a real boolean from code. */
export const QueryBoolean = z.union([z.boolean(), z.stringbool()]);

/** The spec sets no paging limit; 100 rows keeps one answer small. */
export const PAGE_SIZE_MAX = 100;

const paging = {
  pageNumber: queryWholeNumber(1, 1_000_000),
  pageSize: queryWholeNumber(1, PAGE_SIZE_MAX),
  sortBy: optionalText(50),
};

/** The common list query (external accounts, properties, guests, reservations). */
export const ListQuery = z
  .object({ ...paging, searchValue: optionalText(200) })
  .meta({ id: "ListQuery" });
export type ListQuery = z.infer<typeof ListQuery>;

/** The user list, receipts and purchase requests search with `searchTerm` and sort both ways. */
export const SortedListQuery = z
  .object({ ...paging, searchTerm: optionalText(200), sortDescending: QueryBoolean.default(false) })
  .meta({ id: "SortedListQuery" });
export type SortedListQuery = z.infer<typeof SortedListQuery>;

/** GET /Guests: the list belongs to one property. */
export const GuestListQuery = ListQuery.extend({
  propertyId: requiredParameter("propertyId"),
}).meta({ id: "GuestListQuery" });
export type GuestListQuery = z.infer<typeof GuestListQuery>;

/** A repeatable query parameter arrives as one string or as a list. */
const repeated = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => typeof value === "string" ? [value] : value, z.array(item));

/** GET /Reservations. */
export const ReservationListQuery = ListQuery.extend({
  accommodationUnitCode: optionalText(64),
  propertyId: Id.optional(),
  reservationStatuses: repeated(ReservationStatusSchema).optional(),
  startDate: z.union([DateOnly, DateTime]).optional(),
  endDate: z.union([DateOnly, DateTime]).optional(),
  reservationFilter: z
    .preprocess(
      (value) => typeof value === "string" ? Number(value) : value,
      ReservationFilterSchema,
    )
    .default(ReservationFilter.All),
}).meta({ id: "ReservationListQuery" });
export type ReservationListQuery = z.infer<typeof ReservationListQuery>;
