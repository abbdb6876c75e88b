import { z } from "zod";
import {
  GuestStatusSchema,
  PurchaseRequestStatusSchema,
  ReservationFilter,
  ReservationFilterSchema,
  ReservationStatusSchema,
} from "../enums.ts";
import { message } from "../messages.ts";
import { DateOnly, DateTime, requiredParameter, wholeNumber } from "./fields.ts";

/**
 * The query strings of every list, named as spec section 7 writes them (PageNumber, PageSize,
 * SortBy, SearchValue or SearchTerm, …). The API validates with these schemas and the site's
 * client types what it sends with them (`z.input<typeof …>`), so a parameter is named once.
 */

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
  PageNumber: queryWholeNumber(1, 1_000_000),
  PageSize: queryWholeNumber(1, PAGE_SIZE_MAX),
};
const search = z.string().trim().max(200).optional();
const sortBy = <S extends string>(sorts: readonly [S, ...S[]], defaultSort: S) =>
  z.enum(sorts, { error: message("invalidType") }).default(defaultSort as never);

/** PageNumber, PageSize, SortBy (one of `sorts`) and SearchValue. */
export function listQuery<S extends string>(sorts: readonly [S, ...S[]], defaultSort: S) {
  return z.object({ ...paging, SortBy: sortBy(sorts, defaultSort), SearchValue: search });
}

/** The lists searched with SearchTerm and sorted both ways, newest first unless told. */
export function sortedListQuery<S extends string>(sorts: readonly [S, ...S[]], defaultSort: S) {
  return z.object({
    ...paging,
    SearchTerm: search,
    SortBy: sortBy(sorts, defaultSort),
    SortDescending: QueryBoolean.default(true),
  });
}

/** A repeatable query parameter arrives as one string or as a list. */
const repeated = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => typeof value === "string" ? [value] : value, z.array(item));

/** A number enum from a query string ("2" becomes 2; empty means absent). */
const queryNumberEnum = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => typeof v === "string" && v !== "" ? Number(v) : v, schema);

/** What each list can be sorted by (the service maps each to a column). */
export const RESERVATION_SORT_FIELDS = ["startDate", "endDate", "created"] as const;
export type ReservationSortField = typeof RESERVATION_SORT_FIELDS[number];
export const GUEST_SORT_FIELDS = ["arrival", "name", "created"] as const;
export type GuestSortField = typeof GUEST_SORT_FIELDS[number];
export const PROPERTY_SORT_FIELDS = ["name", "created"] as const;
export type PropertySortField = typeof PROPERTY_SORT_FIELDS[number];
export const ACCOUNT_SORT_FIELDS = ["username", "status", "created"] as const;
export type AccountSortField = typeof ACCOUNT_SORT_FIELDS[number];
export const USER_SORT_FIELDS = ["email", "created", "lastLogin"] as const;
export type UserSortField = typeof USER_SORT_FIELDS[number];
export const PURCHASE_REQUEST_SORT_FIELDS = [
  "created",
  "price",
  "status",
  "email",
  "packageName",
  "length",
  "referenceCode",
] as const;
export type PurchaseRequestSortField = typeof PURCHASE_REQUEST_SORT_FIELDS[number];
export const RECEIPT_SORT_FIELDS = ["created", "price", "number", "packageName"] as const;
export type ReceiptSortField = typeof RECEIPT_SORT_FIELDS[number];

/** GET /Reservations. */
export const ReservationListQuery = listQuery(RESERVATION_SORT_FIELDS, "startDate").extend({
  AccommodationUnitCode: z.string().trim().max(64).optional(),
  PropertyId: z.string().trim().max(64).optional(),
  ReservationStatuses: repeated(ReservationStatusSchema).optional(),
  StartDate: z.union([DateOnly, DateTime]).optional(),
  EndDate: z.union([DateOnly, DateTime]).optional(),
  /** Newest first, e.g. for stays that are over. */
  SortDescending: QueryBoolean.default(false),
  /** Blocks (closed dates, no guests) are left out unless asked for, e.g. by a calendar view. */
  IncludeBlocks: QueryBoolean.default(false),
  ReservationFilter: queryNumberEnum(ReservationFilterSchema).default(ReservationFilter.All),
});

/** GET /Guests: the list belongs to one property. */
export const GuestListQuery = listQuery(GUEST_SORT_FIELDS, "arrival").extend({
  PropertyId: requiredParameter("PropertyId"),
  Status: GuestStatusSchema.optional(),
});

/** Which properties GET /Properties lists: the caller's own, those shared with them, or both. */
export const PROPERTY_SCOPES = ["All", "Own", "Shared"] as const;
export type PropertyScopeField = typeof PROPERTY_SCOPES[number];

/** GET /Properties. */
export const PropertyListQuery = listQuery(PROPERTY_SORT_FIELDS, "name").extend({
  /** Own and shared properties (default), only the caller's own, or only those shared with them. */
  Scope: z.enum(PROPERTY_SCOPES).default("All"),
});

/** GET /ExternalAccounts. */
export const AccountListQuery = listQuery(ACCOUNT_SORT_FIELDS, "created");

/** GET /Calendars: one page of units, by property or unit. */
export const CalendarListQuery = z.object({
  ...paging,
  PropertyId: z.string().trim().max(64).optional(),
  AccommodationUnitCode: z.string().trim().max(64).optional(),
});

/** GET /Users/manage/history: newest first, nothing to sort or search by. */
export const HistoryListQuery = z.object(paging);

/** GET /Users/list (administrators). */
export const UserListQuery = sortedListQuery(USER_SORT_FIELDS, "created");

/** GET /Subscriptions/purchase-requests. */
export const PurchaseRequestListQuery = sortedListQuery(PURCHASE_REQUEST_SORT_FIELDS, "created")
  .extend({
    /** Only requests in this status (0 Pending … 4 Cancelled). */
    Status: queryNumberEnum(PurchaseRequestStatusSchema).optional(),
    /** Administrators see everyone's requests; with Mine=true only their own. */
    Mine: QueryBoolean.default(false),
  });

/** GET /Subscriptions/receipts. */
export const ReceiptListQuery = sortedListQuery(RECEIPT_SORT_FIELDS, "created");

/** What a client sends for a list (before defaults and coercion). */
export type ListQueryInput<T extends z.ZodType> = z.input<T>;
