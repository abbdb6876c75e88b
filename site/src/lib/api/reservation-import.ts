import type { ReservationImportResult } from "@shared/schemas/reservation-import.ts";
import { apiRequest } from "./client.ts";
import { fieldErrorsOf } from "./problem.ts";

/** 5,000 rows are read and checked in a second or two; the upload itself may be slow. */
const IMPORT_TIMEOUT_MS = 120_000;

/**
 * POST /api/Reservations/import: a dry run (`planId` absent) answers each row's outcome; with the
 * preview's `planId` the same file is applied, exactly as previewed.
 */
export async function importReservations(
  file: File,
  options: { dryRun: true } | { dryRun: false; planId: string },
  signal?: AbortSignal,
): Promise<ReservationImportResult> {
  const form = new FormData();
  form.set("file", file);
  form.set("dryRun", String(options.dryRun));
  if (!options.dryRun) form.set("planId", options.planId);
  const result = await apiRequest<ReservationImportResult>("/api/Reservations/import", {
    method: "POST",
    body: form,
    timeoutMs: IMPORT_TIMEOUT_MS,
    signal,
  });
  // Each row's messages as message tokens where the API named their keys, for the page to translate.
  const rows = result.rows.map((row) => ({
    ...row,
    errors: fieldErrorsOf(row.errors, row.errorCodes) ?? {},
  }));
  return { ...result, rows };
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
