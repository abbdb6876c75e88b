import type { QrSheetLanguage } from "@shared/qr-sheet-texts.ts";
import type { AccommodationUnit } from "@shared/schemas/accommodation-unit.ts";
import type { PropertyReference } from "@shared/schemas/property-reference.ts";
import type { PropertySetupRequestInput } from "@shared/schemas/property-setup-request.ts";
import { apiDelete, apiGet, apiGetBlob, apiPost, apiPut } from "./client.ts";

/** One unit read on its own: with its property and the address its QR code holds. */
export type AccommodationUnitDetails = AccommodationUnit & {
  property?: PropertyReference;
  checkInUrl: string;
};

/** Which QR code of a unit: check-in (its permanent check-in page) or joining its WiFi. */
export type UnitQrKind = "checkIn" | "wifi";
export type UnitQrFormat = "svg" | "png";

const byCode = (code: string) => `/api/AccommodationUnits/${encodeURIComponent(code)}`;

/** POST /api/AccommodationUnits: a new unit of one of the host's properties. */
export function createUnit(request: PropertySetupRequestInput): Promise<AccommodationUnit> {
  return apiPost<AccommodationUnit>("/api/AccommodationUnits", request);
}

/** PUT /api/AccommodationUnits/{id}: replaces the unit's fields; its code stays. */
export function updateUnit(
  id: string,
  request: PropertySetupRequestInput,
): Promise<AccommodationUnit> {
  return apiPut<AccommodationUnit>(`/api/AccommodationUnits/${encodeURIComponent(id)}`, request);
}

/**
 * POST /api/AccommodationUnits/{id}/renewCode: a new door code; QR sheets printed before stop
 * working, nothing else changes.
 */
export function renewUnitCode(id: string): Promise<AccommodationUnit> {
  return apiPost<AccommodationUnit>(
    `/api/AccommodationUnits/${encodeURIComponent(id)}/renewCode`,
  );
}

/** DELETE /api/AccommodationUnits/{code}: by the unit's code, as the spec has it. */
export function deleteUnit(code: string): Promise<void> {
  return apiDelete<void>(byCode(code));
}

/** GET /api/AccommodationUnits/{code}. */
export function getUnit(code: string, signal?: AbortSignal): Promise<AccommodationUnitDetails> {
  return apiGet<AccommodationUnitDetails>(byCode(code), undefined, signal);
}

/**
 * A QR image of the unit (GET …/{code}/qr.svg|png or …/wifi-qr.svg|png); the WiFi one answers 404
 * when neither the unit nor its property has WiFi.
 */
export function getUnitQr(
  code: string,
  kind: UnitQrKind,
  format: UnitQrFormat,
  signal?: AbortSignal,
): Promise<Blob> {
  const name = kind === "wifi" ? "wifi-qr" : "qr";
  return apiGetBlob(`${byCode(code)}/${name}.${format}`, signal);
}

/** The unit's door sheet as a PDF (one A4 page) in these guest languages, else the host's. */
export function getUnitQrSheetPdf(
  code: string,
  languages?: readonly QrSheetLanguage[],
  signal?: AbortSignal,
): Promise<Blob> {
  const query = languages ? `?languages=${languages.join(",")}` : "";
  return apiGetBlob(`${byCode(code)}/qr-sheet.pdf${query}`, signal);
}
