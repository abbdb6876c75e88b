import type { GuestForm } from "@shared/schemas/guest.ts";
import type { MrzGuest } from "@shared/schemas/mrz-guest.ts";
import type { CheckinResult, PublicReservation } from "@shared/schemas/reservation.ts";
import type { SettlementSearch } from "@shared/schemas/settlement.ts";
import { CHECKIN_RECEIPT_HEADER } from "@shared/checkin-receipt.ts";
import { ApiError } from "../../lib/api/api-error.ts";
import { send } from "../../lib/api/transport.ts";

/**
 * The public calls of the check-in page (no sign-in: the code in the address is the key). It
 * uses the bare transport rather than the site's client, which carries the host session's refresh
 * logic the guest never needs.
 */
export type { PublicReservation };
export type BorderCrossing = { code: string; name: string; type: string | null };

const headers = () => ({ "Accept-Language": document.documentElement.lang || "hr" });
const part = encodeURIComponent;

/** What the address names: a stay by its own code, or a unit by its door code (QR). */
export interface CheckinTarget {
  byUnit: boolean;
  code: string;
}

/**
 * The check-in receipts this tab holds (issue 20): returned by a check-in, presented on reads,
 * they show this device its own guests in full and the WiFi and the house notes (once the host
 * approved those guests, where the property asks for that). Kept for the tab's life (a reload
 * keeps them), under the stay's code (when the answer gave it) and the door code it came through.
 */
const RECEIPTS_KEY = "checkinReceipts";
type Receipts = Record<string, { token: string; expiresAt: string }>;

function receipts(): Receipts {
  try {
    return JSON.parse(sessionStorage.getItem(RECEIPTS_KEY) ?? "{}") as Receipts;
  } catch {
    return {};
  }
}

function receiptHeader(...keys: string[]): Record<string, string> {
  const held = receipts();
  const now = new Date().toISOString();
  const receipt = keys.map((key) => held[key]).find((r) => r && r.expiresAt > now);
  return receipt ? { [CHECKIN_RECEIPT_HEADER]: receipt.token } : {};
}

function keepReceipt(result: CheckinResult, target: CheckinTarget) {
  try {
    const held = receipts();
    if (result.code) held[`stay:${result.code}`] = result.receipt;
    if (target.byUnit) held[`door:${target.code}`] = result.receipt;
    sessionStorage.setItem(RECEIPTS_KEY, JSON.stringify(held));
  } catch {
    // Storage refused (private mode): the receipt lives in this page's state only.
  }
}

/**
 * The stay a reservation code names; `doorCode`: the door the page came through, whose receipt
 * (kept before the stay's code was known) is presented too.
 */
export function getReservation(code: string, signal?: AbortSignal, doorCode?: string) {
  const keys = doorCode === undefined ? [`stay:${code}`] : [`stay:${code}`, `door:${doorCode}`];
  return send<PublicReservation>(`/api/Reservations/${part(code)}`, {
    headers: { ...headers(), ...receiptHeader(...keys) },
    signal,
  });
}

/** The stay the unit's door code admits now (404 UnknownCode or NoStayToday when none). */
export function getCurrentStay(unitCode: string, signal?: AbortSignal) {
  return send<PublicReservation>(`/api/Reservations/Current/${part(unitCode)}`, {
    headers: { ...headers(), ...receiptHeader(`door:${unitCode}`) },
    signal,
  });
}

/**
 * The stay as it stands now: by its own code once known (after a check-in the receipt brings
 * it, by the door only once the host has approved the guests where the property asks for that),
 * else by the door code the guest came through.
 */
export function readStay(reservation: PublicReservation, target: CheckinTarget) {
  return reservation.code
    ? getReservation(reservation.code, undefined, target.byUnit ? target.code : undefined)
    : getCurrentStay(target.code);
}

/** The code a stay's border crossings are asked by: its own, else the door's. */
export function lookupCodeOf(reservation: PublicReservation, target: CheckinTarget) {
  return reservation.code ?? target.code;
}

/**
 * Checks guests in: by the stay's code when known, else by the door code (which admits only
 * today's stay, or tomorrow's from the evening before). The answer's receipt is kept.
 */
export async function checkInGuests(
  reservation: PublicReservation,
  target: CheckinTarget,
  reservationGuests: GuestForm[],
): Promise<PublicReservation> {
  const key = reservation.code
    ? { reservationCode: reservation.code }
    : { accommodationUnitCode: target.code };
  const result = await send<CheckinResult>("/api/Reservations/Guests", {
    method: "POST",
    body: { ...key, reservationGuests },
    headers: headers(),
  });
  keepReceipt(result, target);
  const { receipt: _receipt, ...stay } = result;
  return stay;
}

export function getBorderCrossings(code: string, signal?: AbortSignal) {
  return send<BorderCrossing[]>(`/api/Reservations/${part(code)}/BorderCrossings`, {
    headers: headers(),
    signal,
  });
}

/** Croatian settlements matching `query`, from the list of the stay's eVisitor account. */
export function searchSettlements(code: string, query: string, signal?: AbortSignal) {
  return send<SettlementSearch>(
    `/api/Reservations/${part(code)}/Settlements?Query=${part(query)}`,
    { headers: headers(), signal },
  );
}

/** The MRZ worker reads well under two seconds; the upload of a photo on a slow line takes more. */
const MRZ_TIMEOUT_MS = 60_000;

/**
 * Sends a document photo (base64 JPEG) for its MRZ to be read. XMLHttpRequest rather than fetch
 * because it reports upload progress, which a guest on a slow connection needs to see.
 */
export function readDocument(
  imageBase64: string,
  onUploadProgress: (fraction: number) => void,
): Promise<MrzGuest> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/Reservations/Guests/MRZ");
    request.timeout = MRZ_TIMEOUT_MS;
    request.setRequestHeader("Content-Type", "application/json");
    request.setRequestHeader("Accept", "application/json, application/problem+json");
    for (const [name, value] of Object.entries(headers())) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onUploadProgress(event.loaded / event.total);
    };
    request.upload.onload = () => onUploadProgress(1);
    request.onload = () => {
      let payload: unknown = request.responseText;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        // not JSON: kept as text, as the transport does
      }
      if (request.status >= 200 && request.status < 300) resolve(payload as MrzGuest);
      else {
        const responseHeaders = new Headers();
        const type = request.getResponseHeader("Content-Type");
        if (type) responseHeaders.set("Content-Type", type);
        reject(ApiError.fromResponse(request.status, responseHeaders, payload));
      }
    };
    request.onerror = () => reject(ApiError.offline(new Error("network error")));
    request.ontimeout = () => reject(ApiError.timeout());
    request.send(JSON.stringify({ imageBytes: imageBase64 }));
  });
}
