import { ERROR_CODES, type ErrorCode } from "@shared/errors.ts";
import { API_ERROR_MESSAGES, ApiError } from "../lib/api/api-error.ts";
import type { Translate, TranslationKey } from "./translate.ts";
import { translateValidation } from "./validation.ts";

// Compile-time check that every server code (spec section 8) has a text; `deno check` reports a
// missing one.
const everyCodeTranslated: `errorCode.${ErrorCode}` extends TranslationKey ? true : never = true;
void everyCodeTranslated;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CODES, value);
}

/**
 * A message from the shared schemas or from the API's `errors` map, in the page's language: it
 * travels by its key (`ApiError.fieldErrors` turns the answer's `errorCodes` into message tokens),
 * so no English is read back.
 */
export function translateServerMessage(t: Translate, text: string): string {
  return translateValidation(t, text);
}

/**
 * What to tell a person about a failed call: the server code's message when the answer names one,
 * otherwise the generic messages of spec section 8, or that the server could not be reached.
 */
export function describeApiError(t: Translate, error: unknown): string {
  if (!(error instanceof ApiError)) return t("apiError.unexpected");
  if (error.kind === "offline") return t("apiError.offline");
  if (error.kind === "timeout") return t("apiError.timeout");
  if (isErrorCode(error.code) && error.code !== "ValidationFailed") {
    return t(`errorCode.${error.code}`);
  }
  return error.message === API_ERROR_MESSAGES.serverSide
    ? t("apiError.serverSide")
    : t("apiError.unexpected");
}
