import type { AccountInfo } from "@shared/schemas/account.ts";
import { isAuthPage, ROUTES } from "../navigation/routes.ts";
import { ADMINISTRATOR_ROLE } from "./session-state.ts";

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

/** The registration page, remembering where to come back to once signed in. */
export function registerUrl(returnTo?: string): string {
  if (!returnTo || safeReturnUrl(returnTo) !== returnTo) return ROUTES.register;
  return `${ROUTES.register}?${new URLSearchParams({ [RETURN_PARAM]: returnTo })}`;
}

/**
 * Registering takes a detour through an e-mail (the confirmation link, often opened in another
 * tab), which loses the address's returnUrl. Registration keeps it here for a day, so "Go to
 * login" after confirming still leads back (e.g. to the package the visitor was buying).
 */
const REMEMBERED_KEY = "returnUrl";
const REMEMBER_MS = 24 * 60 * 60 * 1000;

export function rememberReturnUrl(returnTo: string): void {
  if (safeReturnUrl(returnTo) !== returnTo) return;
  try {
    localStorage.setItem(REMEMBERED_KEY, JSON.stringify({ path: returnTo, at: Date.now() }));
  } catch {
    // Storage blocked: after signing in the dashboard opens instead.
  }
}

/** The remembered return address, if one was kept within the last day. */
export function rememberedReturnUrl(): string | undefined {
  try {
    const value = JSON.parse(localStorage.getItem(REMEMBERED_KEY) ?? "null");
    const fresh = typeof value?.path === "string" && typeof value?.at === "number" &&
      Date.now() - value.at < REMEMBER_MS;
    return fresh && safeReturnUrl(value.path) === value.path ? value.path : undefined;
  } catch {
    return undefined;
  }
}

export function forgetReturnUrl(): void {
  try {
    localStorage.removeItem(REMEMBERED_KEY);
  } catch {
    // Nothing to forget.
  }
}

/**
 * Where signing in leads when no page asked to be returned to: administrators to the admin area,
 * hosts to their dashboard.
 */
export function homePageOf(account: AccountInfo | undefined): string {
  return account?.roles.includes(ADMINISTRATOR_ROLE) ? ROUTES.adminUsers : ROUTES.dashboard;
}
