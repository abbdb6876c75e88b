import { ApiError } from "../../lib/api/api-error.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import type { Translate } from "../../i18n/translate.ts";

/**
 * The parameters after a prefix in the current path, e.g. userId and code of
 * /app/potvrdi-email/{userId}/{code}. The API serves these prebuilt pages for any suffix, so the
 * island reads them itself. The last parameter takes the rest of the path.
 */
export function pathParameters(prefix: string, count: number): string[] | undefined {
  const path = location.pathname.replace(/\/+$/, "");
  if (!path.startsWith(`${prefix}/`)) return undefined;
  const segments = path.slice(prefix.length + 1).split("/");
  const values = [...segments.slice(0, count - 1), segments.slice(count - 1).join("/")];
  try {
    const decoded = values.map((value) => decodeURIComponent(value));
    return decoded.length === count && decoded.every((value) => value !== "") ? decoded : undefined;
  } catch {
    // A malformed escape: not a link we sent.
    return undefined;
  }
}

/**
 * Why an e-mailed link did not work, for its page: no link in the address or a spent or unknown
 * code reads as an invalid link; anything else (offline, a time-out) as the API's own answer.
 */
export function linkFailureText(t: Translate, error: unknown): string {
  return error === undefined || (error instanceof ApiError && error.code === "InvalidToken")
    ? t("errorCode.InvalidToken")
    : describeApiError(t, error);
}
