import { isAuthPage, ROUTES } from "../navigation/routes.ts";

/** Query parameter of the login page holding where to go after signing in. */
export const RETURN_PARAM = "returnUrl";
/** Set when the session ended by itself, so the login page can say so. */
export const EXPIRED_PARAM = "sessionExpired";

/** The full path of the current page (path and query), as a return address. */
export function currentLocation(): string {
  return location.pathname + location.search;
}

/** The login page, remembering where to come back to (spec section 2). */
export function loginUrl(returnTo?: string, { expired = false } = {}): string {
  const params = new URLSearchParams();
  if (returnTo && safeReturnUrl(returnTo) === returnTo) params.set(RETURN_PARAM, returnTo);
  if (expired) params.set(EXPIRED_PARAM, "1");
  const query = params.toString();
  return query ? `${ROUTES.login}?${query}` : ROUTES.login;
}

/**
 * Where to go after signing in: the remembered path when it is a page of this site outside the
 * sign-in pages, the dashboard otherwise. Never another origin (no open redirect).
 */
export function safeReturnUrl(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) {
    return ROUTES.dashboard;
  }
  try {
    const url = new URL(value, location.origin);
    if (url.origin !== location.origin || isAuthPage(url.pathname)) return ROUTES.dashboard;
    return url.pathname + url.search + url.hash;
  } catch {
    return ROUTES.dashboard;
  }
}
