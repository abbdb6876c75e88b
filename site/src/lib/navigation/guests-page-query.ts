import { ROUTES } from "./routes.ts";

/** The property a guests address names (`/app/gosti?propertyId=…`), so links and reloads keep it. */
export function readPropertyId(): string {
  return new URLSearchParams(location.search).get("propertyId") ?? "";
}

/** Writes the chosen property into the address without a new history entry. */
export function writePropertyId(propertyId: string): void {
  const url = new URL(location.href);
  if (propertyId) url.searchParams.set("propertyId", propertyId);
  else url.searchParams.delete("propertyId");
  if (url.href !== location.href) history.replaceState(history.state, "", url);
}

/** The guests page of one property. */
export function guestsPageUrl(propertyId: string | undefined): string {
  return propertyId
    ? `${ROUTES.guests}?propertyId=${encodeURIComponent(propertyId)}`
    : ROUTES.guests;
}
