import type { DataExportEntity } from "@shared/schemas/data-export.ts";
import { apiRequest } from "./client.ts";

/** A large host's export takes longer than an ordinary call's 15 s. */
const EXPORT_TIMEOUT_MS = 120_000;

/**
 * GET /api/DataExport: all the host's data as one JSON document, or one list (`entity`) as CSV;
 * a blob to save, since the call needs the bearer header.
 */
export function getDataExport(
  format: "json" | "csv",
  entity?: DataExportEntity,
  signal?: AbortSignal,
): Promise<Blob> {
  return apiRequest<Blob>("/api/DataExport", {
    method: "GET",
    query: { format, entity: format === "csv" ? entity : undefined },
    responseType: "blob",
    timeoutMs: EXPORT_TIMEOUT_MS,
    signal,
  });
}
