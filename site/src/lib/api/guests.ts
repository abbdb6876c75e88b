import type { GuestStatus } from "@shared/enums.ts";
import type { Guest, GuestForm, StayGuest } from "@shared/schemas/guest.ts";
import type {
  ApprovalByLink,
  ApprovalDecline,
  ApprovalLinkPreview,
  ApprovalToken,
  GuestApproval,
  GuestsApproved,
} from "@shared/schemas/guest-approval.ts";
import type { GuestListItem } from "@shared/schemas/guest-list.ts";
import type { ProofOfResidence } from "@shared/schemas/proof-of-residence.ts";
import type { SettlementSearch } from "@shared/schemas/settlement.ts";
import type { TaxCategoryList } from "@shared/schemas/tax-category.ts";
import { apiGet, apiPost, apiRequest } from "./client.ts";
import type { Paged } from "./paged.ts";

export type { GuestSortField } from "@shared/schemas/list-query.ts";
import type { GuestListQuery, GuestSortField, ListQueryInput } from "@shared/schemas/list-query.ts";

/** The languages the proof of residence is written in (GET /Guests/proofOfResidence). */
export const PROOF_LANGUAGES = ["hr", "en", "de", "it"] as const;
export type ProofLanguage = (typeof PROOF_LANGUAGES)[number];

export function isProofLanguage(value: unknown): value is ProofLanguage {
  return typeof value === "string" && (PROOF_LANGUAGES as readonly string[]).includes(value);
}

export interface GuestListQuery {
  propertyId: string;
  pageNumber: number;
  pageSize: number;
  sortBy?: GuestSortField;
  searchValue?: string;
  status?: GuestStatus;
}

/** GET /api/Guests: one property's guests (a property must be chosen: spec section 2). */
export function listGuests(query: GuestListQuery, signal?: AbortSignal) {
  return apiGet<Paged<GuestListItem>>(
    "/api/Guests",
    {
      PropertyId: query.propertyId,
      PageNumber: query.pageNumber,
      PageSize: query.pageSize,
      SortBy: query.sortBy,
      SearchValue: query.searchValue?.trim(),
      Status: query.status,
    } satisfies ListQueryInput<typeof GuestListQuery>,
    signal,
  );
}

/** GET /api/Guests/details: everything about one guest, document number included. */
export function getGuestDetails(
  externalId: string,
  propertyId?: string,
  signal?: AbortSignal,
): Promise<Guest> {
  return apiGet<Guest>("/api/Guests/details", {
    PropertyId: propertyId,
    ExternalId: externalId,
  }, signal);
}

/** GET /api/Guests/proofOfResidence: the printable proof, as base64 HTML. */
export function getProofOfResidence(
  externalId: string,
  language: ProofLanguage,
  signal?: AbortSignal,
): Promise<ProofOfResidence> {
  return apiGet<ProofOfResidence>("/api/Guests/proofOfResidence", {
    ExternalId: externalId,
    LanguageCode: language,
  }, signal);
}

/** One entry of POST /api/Guests/checkin: a new guest of a stay (no id), or a fix (id). */
export interface HostCheckInEntry {
  id?: string;
  reservationCode: string;
  guest: GuestForm;
  /** The tourist-tax category chosen; null: by age; left out: unchanged. */
  taxCategory?: string | null;
}

/**
 * POST /api/Guests/checkin: adds or fixes guests and (re)registers them with eVisitor. 400 with
 * `errors` keyed like `0.guest.firstName`; 409 GuestAlreadyCheckedIn or CheckInClosed.
 */
export function checkInGuests(entries: HostCheckInEntry[]): Promise<StayGuest[]> {
  return apiPost<StayGuest[]>("/api/Guests/checkin", entries);
}

/** POST /api/Guests/checkout: queued (202); the worker checks them out of eVisitor. */
export function checkOutGuests(ids: string[]): Promise<void> {
  return apiPost<void>("/api/Guests/checkout", ids.map((id) => ({ id })));
}

/**
 * POST /api/Guests/sendAgain: queued (202); the guests go to eVisitor again exactly as stored, for
 * someone at the property who may register guests but not read their documents (reception).
 */
export function sendGuestsAgain(ids: string[], taxCategory?: string | null): Promise<void> {
  return apiPost<void>("/api/Guests/sendAgain", ids.map((id) => ({ id, taxCategory })));
}

/**
 * GET /api/Guests/TaxCategories: the tourist-tax categories eVisitor offers for the property of
 * one of the host's stays (`available` false until the workers have read them).
 */
export function listTaxCategories(
  reservationCode: string,
  signal?: AbortSignal,
): Promise<TaxCategoryList> {
  return apiGet<TaxCategoryList>(
    "/api/Guests/TaxCategories",
    { ReservationCode: reservationCode },
    signal,
  );
}

/**
 * POST /api/Guests/cancel: queued (202); the worker cancels the registrations in eVisitor with
 * the reason. 409 CannotCancelRegistration for a guest not registered (or checked out).
 */
export function cancelRegistrations(ids: string[], reason: string): Promise<void> {
  return apiPost<void>("/api/Guests/cancel", { guests: ids.map((id) => ({ id })), reason });
}

/** POST /api/Guests/undoCheckout: queued (202); the worker undoes the check-outs in eVisitor. */
export function undoCheckOuts(ids: string[]): Promise<void> {
  return apiPost<void>("/api/Guests/undoCheckout", ids.map((id) => ({ id })));
}

export interface BorderCrossing {
  code: string;
  name: string;
  type: string | null;
}

/** GET /api/Reservations/{code}/BorderCrossings: eVisitor's crossings for the stay's service. */
export function listBorderCrossings(
  reservationCode: string,
  signal?: AbortSignal,
): Promise<BorderCrossing[]> {
  return apiGet<BorderCrossing[]>(
    `/api/Reservations/${encodeURIComponent(reservationCode)}/BorderCrossings`,
    undefined,
    signal,
  );
}

/** GET /api/Guests/Settlements: Croatian settlements for a guest of one of the host's stays. */
export function searchSettlements(
  reservationCode: string,
  query: string,
  signal?: AbortSignal,
): Promise<SettlementSearch> {
  return apiGet<SettlementSearch>(
    "/api/Guests/Settlements",
    { ReservationCode: reservationCode, Query: query },
    signal,
  );
}

/** The proof's HTML from its base64 form (UTF-8: names like "Čačić" stay whole). */
export function decodeProofHtml(proof: ProofOfResidence): string {
  const bytes = Uint8Array.from(atob(proof.htmlBase64Encoded), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** What "not my guest" did: removed (not registered yet) or cancelling (eVisitor cancels it). */
export type DisownOutcome = { outcome: "removed" | "cancelling" };

/** POST /api/Guests/{id}/notMine: the host's "not my guest" beside the notification. */
export function disownGuest(id: string): Promise<DisownOutcome> {
  return apiPost<DisownOutcome>(`/api/Guests/${encodeURIComponent(id)}/notMine`);
}

/** POST /api/Guests/notMine: the e-mailed single-use link (no sign-in). */
export function disownGuestByLink(token: string): Promise<DisownOutcome> {
  return apiRequest<DisownOutcome>("/api/Guests/notMine", {
    auth: false,
    method: "POST",
    body: { token },
  });
}

/** How many held guests an approval let go to eVisitor (0: none waited). */
export type ApprovalOutcome = GuestsApproved;

/**
 * POST /api/Reservations/{code}/approveGuests: the host approves the held guests of a stay they
 * see listed and chose (issue 32), no one who came in since.
 */
export function approveStayGuests(code: string, guestIds: string[]): Promise<ApprovalOutcome> {
  return apiPost<ApprovalOutcome>(
    `/api/Reservations/${encodeURIComponent(code)}/approveGuests`,
    { guestIds } satisfies GuestApproval,
  );
}

/**
 * POST /api/Reservations/approveGuests/preview: who the e-mailed link would approve (the stay and
 * the guests it names that still wait), for its page to show before the tap; the link stays
 * unused.
 */
export function previewApprovalLink(token: string): Promise<ApprovalLinkPreview> {
  return apiRequest<ApprovalLinkPreview>("/api/Reservations/approveGuests/preview", {
    auth: false,
    method: "POST",
    body: { token } satisfies ApprovalToken,
  });
}

/**
 * POST /api/Reservations/approveGuests: the e-mailed single-use link (no sign-in); it approves
 * only the guests it names, of them only `guestIds` (those its page showed, not declined).
 */
export function approveStayGuestsByLink(
  token: string,
  guestIds: string[],
): Promise<ApprovalOutcome> {
  return apiRequest<ApprovalOutcome>("/api/Reservations/approveGuests", {
    auth: false,
    method: "POST",
    body: { token, guestIds } satisfies ApprovalByLink,
  });
}

/**
 * POST /api/Reservations/approveGuests/decline: "not my guest" on the link's page (issue 32); the
 * guest is not approved by the link and stays, unregistered, in the stay. Answers the new list.
 */
export function declineGuestByLink(token: string, guestId: string): Promise<ApprovalLinkPreview> {
  return apiRequest<ApprovalLinkPreview>("/api/Reservations/approveGuests/decline", {
    auth: false,
    method: "POST",
    body: { token, guestId } satisfies ApprovalDecline,
  });
}
