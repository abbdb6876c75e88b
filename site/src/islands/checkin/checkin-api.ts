import type { GuestForm } from "@shared/schemas/guest.ts";
import type { MrzGuest } from "@shared/schemas/mrz-guest.ts";
import type { PublicReservation } from "@shared/schemas/reservation.ts";
import type { SettlementSearch } from "@shared/schemas/settlement.ts";
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

/** The stay a reservation code names. */
export function getReservation(code: string, signal?: AbortSignal) {
  return send<PublicReservation>(`/api/Reservations/${part(code)}`, { headers: headers(), signal });
}

/** The stay under way today in the unit whose QR code the guest scanned (404 when none). */
export function getCurrentStay(unitCode: string, signal?: AbortSignal) {
  return send<PublicReservation>(`/api/Reservations/Current/${part(unitCode)}`, {
    headers: headers(),
    signal,
  });
}

export function checkInGuests(reservationCode: string, reservationGuests: GuestForm[]) {
  return send<PublicReservation>("/api/Reservations/Guests", {
    method: "POST",
    body: { reservationCode, reservationGuests },
    headers: headers(),
  });
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
