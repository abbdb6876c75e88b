import { isLocale, type Locale } from "../../i18n/locales.ts";
import { endSessionAndGoToLogin } from "../session/end-session.ts";
import { readLanguagePreference } from "../state/language-preference.ts";
import { ApiError } from "./api-error.ts";
import { authHeaders, currentAccessToken } from "./auth-headers.ts";
import { REFRESH_PATH, refreshAccessToken } from "./token-refresh.ts";
import { API_TIMEOUT_MS, type Query, send, type TransportOptions } from "./transport.ts";

export { API_TIMEOUT_MS };

export interface ApiRequestOptions extends Omit<TransportOptions, "headers"> {
  /** Send the stored credentials (default). The sign-in calls are anonymous. */
  auth?: boolean;
  /**
   * For optional reads on public pages: when the session cannot be refreshed, reject with the
   * 401 instead of signing out and going to Login (the page goes on as for a visitor).
   */
  staySignedOutQuietly?: boolean;
}

/**
 * Calls that answer 401 for reasons other than an expired access token (spec section 8): a 401
 * from them is passed on, never answered with a refresh.
 */
const NO_REFRESH_PATHS = [
  "/api/Users/login",
  "/api/Users/register",
  REFRESH_PATH,
  "/api/Users/logout",
  "/api/Users/confirmEmail",
  "/api/Users/resetPassword",
].map((path) => path.toLowerCase());

/**
 * The site's one API client: JSON under `/api` with the bearer header, `Accept-Language`, a 15 s
 * timeout, and on a 401 one token refresh and one retry. When the session cannot be refreshed the
 * user is signed out and sent to Login. Rejects with an ApiError (see transport.ts).
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { auth = true, staySignedOutQuietly = false, ...rest } = options;
  const attempt = () =>
    send<T>(path, {
      ...rest,
      headers: { "Accept-Language": requestLanguage(), ...(auth ? authHeaders() : {}) },
    });

  const sentWith = auth ? currentAccessToken() : undefined;
  let refused: unknown;
  try {
    return await attempt();
  } catch (error) {
    // Without a session there is nothing to refresh: a 401 to a visitor is the caller's answer.
    const mayRefresh = sentWith !== undefined && error instanceof ApiError &&
      error.status === 401 && !NO_REFRESH_PATHS.includes(path.split("?")[0].toLowerCase());
    if (!mayRefresh) throw error;
    refused = error;
  }

  const outcome = await refreshAccessToken(sentWith);
  if (outcome === "ended") {
    if (staySignedOutQuietly) throw refused;
    return endSessionAndGoToLogin();
  }
  return attempt();
}

export function apiGet<T>(path: string, query?: Query, signal?: AbortSignal) {
  return apiRequest<T>(path, { method: "GET", query, signal });
}

export function apiPost<T>(path: string, body?: unknown, signal?: AbortSignal) {
  return apiRequest<T>(path, { method: "POST", body, signal });
}

export function apiPut<T>(path: string, body?: unknown, signal?: AbortSignal) {
  return apiRequest<T>(path, { method: "PUT", body, signal });
}

export function apiDelete<T>(path: string, signal?: AbortSignal) {
  return apiRequest<T>(path, { method: "DELETE", signal });
}

/**
 * A binary GET (e.g. a QR image) with the same credentials, refresh and timeout as every call, for
 * resources an <img> cannot fetch itself because they need the bearer header.
 */
export function apiGetBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  return apiRequest<Blob>(path, { method: "GET", signal, responseType: "blob" });
}

/**
 * The language the server should answer (and write e-mails) in: the page's own language on the
 * public site (/en/kontakt), the stored preference in the host and admin areas.
 */
function requestLanguage(): Locale {
  const pageLanguage = globalThis.document?.documentElement.lang;
  return isLocale(pageLanguage) ? pageLanguage : readLanguagePreference();
}
