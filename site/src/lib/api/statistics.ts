import type { Statistics } from "@shared/schemas/statistics.ts";
import { apiGet } from "./client.ts";

/** GET /api/Statistics: the dashboard's totals and the last twelve months, oldest first. */
export function getStatistics(signal?: AbortSignal): Promise<Statistics> {
  return apiGet<Statistics>("/api/Statistics", undefined, signal);
}
