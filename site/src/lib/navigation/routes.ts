import { APP_ROUTES } from "@shared/app-routes.ts";

/** Paths the code navigates to (spec section 2), defined in shared/app-routes.ts. */
export const ROUTES = APP_ROUTES;

/** The printable QR sheet of one accommodation unit. */
export function qrSheetUrl(unitCode: string): string {
  return `${ROUTES.qrSheet}?code=${encodeURIComponent(unitCode)}`;
}

/** The reservations or calendars of one property (those pages read `propertyId`). */
export function propertyPageUrl(page: "reservations" | "calendars", propertyId: string): string {
  return `${ROUTES[page]}?propertyId=${encodeURIComponent(propertyId)}`;
}

/**
 * One stay on the reservations page: its unit chosen and the list searched for its code
 * (`stay`, read by the page as its first search).
 */
export function stayPageUrl(stay: { propertyId: string; unitCode: string; code: string }): string {
  const query = new URLSearchParams({
    propertyId: stay.propertyId,
    unit: stay.unitCode,
    stay: stay.code,
  });
  return `${ROUTES.reservations}?${query}`;
}

/** The stay code a link asked the reservations page to find (`stayPageUrl`), or "". */
export function requestedStayCode(): string {
  return new URLSearchParams(location.search).get("stay")?.trim() ?? "";
}

/** A package's public purchase page, with the period chosen (months) when known. */
export function packagePageUrl(packageId: string, months?: number): string {
  const path = `${ROUTES.packagePage}/${encodeURIComponent(packageId)}`;
  return months ? `${path}?mjeseci=${months}` : path;
}

/** The public pages of the /app area: everything else under /app and /admin needs a login. */
export const AUTH_PAGES: readonly string[] = [
  ROUTES.login,
  ROUTES.register,
  ROUTES.confirmEmail,
  ROUTES.revertEmailChange,
  ROUTES.cancelDeletion,
  ROUTES.forgotPassword,
  ROUTES.resetPassword,
];

export function isAuthPage(path: string): boolean {
  const clean = path.replace(/\/+$/, "");
  return AUTH_PAGES.some((page) => clean === page || clean.startsWith(`${page}/`));
}

export function isAdminPath(path: string): boolean {
  return path === "/admin" || path.startsWith("/admin/");
}
