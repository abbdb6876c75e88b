import type { GettingStarted } from "@shared/schemas/getting-started.ts";
import { apiGet, apiPost, apiPut } from "./client.ts";

const PATH = "/api/Users/manage/gettingStarted";

/** The dashboard's first steps: which are done, and whether the host hid them. */
export function getGettingStarted(signal?: AbortSignal): Promise<GettingStarted> {
  return apiGet<GettingStarted>(PATH, undefined, signal);
}

/** Hides the first steps, or shows them again. */
export function setGettingStartedHidden(hidden: boolean): Promise<GettingStarted> {
  return apiPut<GettingStarted>(PATH, { hidden });
}

/**
 * The QR step is done: a sheet was printed or a code downloaded. Best effort: the print or the
 * download itself never waits for it or fails with it.
 */
export function markQrPrinted(): void {
  apiPost<GettingStarted>(`${PATH}/qrPrinted`, {}).catch(() => {});
}
