import { ERROR_CODES, type ErrorCode } from "@shared/errors.ts";
import { API_TOKEN_EXPIRY_PAST, API_TOKEN_SCOPE_REQUIRED } from "@shared/schemas/api-token.ts";
import { IMPORT_MESSAGES } from "@shared/reservation-import.ts";
import {
  ACCOUNT_CONNECTED_ALREADY,
  ACCOUNT_CONNECTED_BY_OTHER_HOST,
  API_KEY_MISSING,
  API_KEY_REFUSED,
} from "@shared/schemas/external-account.ts";
import { TAX_CATEGORY_NOT_OFFERED } from "@shared/schemas/tax-category.ts";
import { STAY_GUESTS_OVER_CAPACITY } from "@shared/schemas/reservation.ts";
import { API_ERROR_MESSAGES, ApiError } from "../lib/api/api-error.ts";
import type { Translate, TranslationKey } from "./translate.ts";
import { translateValidation } from "./validation.ts";

// Compile-time check that every server code (spec section 8) has a text; `deno check` reports a
// missing one.
const everyCodeTranslated: `errorCode.${ErrorCode}` extends TranslationKey ? true : never = true;
void everyCodeTranslated;

const CODE_OF_TITLE = new Map(
  (Object.entries(ERROR_CODES) as [ErrorCode, { title: string }][]).map((
    [code, { title }],
  ) => [title, code]),
);

/** Field messages the API writes besides the shared validation messages and code titles. */
const OTHER_MESSAGES: Record<string, TranslationKey> = {
  "Incorrect password.": "serverMessage.incorrectPassword",
  "eVisitor did not accept this username and password.":
    "serverMessage.evisitorCredentialsRejected",
  [API_KEY_REFUSED]: "serverMessage.evisitorApiKeyRejected",
  [API_KEY_MISSING]: "serverMessage.evisitorApiKeyMissing",
  [ACCOUNT_CONNECTED_ALREADY]: "serverMessage.evisitorAccountConnected",
  [ACCOUNT_CONNECTED_BY_OTHER_HOST]: "serverMessage.evisitorAccountConnectedByOtherHost",
  "Enter the new password or the new API key.": "serverMessage.evisitorNewCredentialsRequired",
  [TAX_CATEGORY_NOT_OFFERED]: "serverMessage.taxCategoryNotOffered",
  [API_TOKEN_SCOPE_REQUIRED]: "serverMessage.apiTokenScopeRequired",
  [API_TOKEN_EXPIRY_PAST]: "serverMessage.apiTokenExpiryPast",
  [IMPORT_MESSAGES.guestWithoutStay]: "serverMessage.importGuestWithoutStay",
  [IMPORT_MESSAGES.tooManyGuests]: "serverMessage.importTooManyGuests",
  [IMPORT_MESSAGES.guestRowInvalid]: "serverMessage.importGuestRowInvalid",
  [IMPORT_MESSAGES.documentTwice]: "serverMessage.importDocumentTwice",
  [IMPORT_MESSAGES.departureBeforeArrival]: "serverMessage.importDepartureBeforeArrival",
  [STAY_GUESTS_OVER_CAPACITY]: "serverMessage.stayGuestsOverCapacity",
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CODES, value);
}

/**
 * A message from the shared schemas or from the API's `errors` map, in the page's language: a
 * server code's title, another known API text, or a validation message of spec section 5.
 */
export function translateServerMessage(t: Translate, text: string): string {
  const code = CODE_OF_TITLE.get(text);
  if (code) return t(`errorCode.${code}`);
  const other = OTHER_MESSAGES[text];
  return other ? t(other) : translateValidation(t, text);
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
