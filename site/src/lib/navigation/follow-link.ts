import type { MouseEvent } from "react";
import { getDefaultStore } from "jotai";
import { isLoadingAtom } from "../state/loading.ts";

/**
 * Raises the navigation loading flag (spec section 2) when a link is followed in this tab;
 * a click that opens a new tab or window leaves the page as it is.
 */
export function markNavigation(event: MouseEvent<HTMLAnchorElement>): void {
  const opensElsewhere = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey ||
    event.altKey || event.currentTarget.target === "_blank";
  if (!opensElsewhere) getDefaultStore().set(isLoadingAtom, true);
}

/** Goes to another page of the site from code, with the loading flag raised. */
export function navigateTo(path: string, { replace = false } = {}): void {
  getDefaultStore().set(isLoadingAtom, true);
  if (replace) location.replace(path);
  else location.assign(path);
}
