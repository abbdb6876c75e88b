import type { ReservationImportResult } from "@shared/schemas/reservation-import.ts";
import { apiRequest } from "./client.ts";

/** 5,000 rows are read and checked in a second or two; the upload itself may be slow. */
const IMPORT_TIMEOUT_MS = 120_000;

/**
 * POST /api/Reservations/import: a dry run (`planId` absent) answers each row's outcome; with the
 * preview's `planId` the same file is applied, exactly as previewed.
 */
export function importReservations(
  file: File,
  options: { dryRun: true } | { dryRun: false; planId: string },
  signal?: AbortSignal,
): Promise<ReservationImportResult> {
  const form = new FormData();
  form.set("file", file);
  form.set("dryRun", String(options.dryRun));
  if (!options.dryRun) form.set("planId", options.planId);
  return apiRequest<ReservationImportResult>("/api/Reservations/import", {
    method: "POST",
    body: form,
    timeoutMs: IMPORT_TIMEOUT_MS,
    signal,
  });
}

/** GET /api/Reservations/import/template: the XLSX or CSV template, headers in `language`. */
export function getImportTemplate(
  language: "hr" | "en",
  format: "xlsx" | "csv" = "xlsx",
): Promise<Blob> {
  return apiRequest<Blob>("/api/Reservations/import/template", {
    method: "GET",
    query: { language, format },
    responseType: "blob",
  });
}
