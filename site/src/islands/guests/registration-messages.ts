import type { Translate, TranslationKey } from "../../i18n/translate.ts";

/**
 * The product's own words about a registration that could not be sent (the evisitor worker writes
 * them in English when eVisitor gave no message of its own); eVisitor's messages, already in
 * Croatian, are shown as they came.
 */
const OWN_MESSAGES: Record<string, TranslationKey> = {
  "eVisitor no longer accepts the connected account's username and password.":
    "guests.evisitorMessage.credentials",
  "The eVisitor account is temporarily locked after failed sign-ins.":
    "guests.evisitorMessage.lockedOut",
  "eVisitor refused the account's API key.": "guests.evisitorMessage.apiKey",
  "The eVisitor account may not register guests in this property.":
    "guests.evisitorMessage.forbidden",
  "eVisitor did not answer. Try the registration again later.":
    "guests.evisitorMessage.unavailable",
  "eVisitor did not answer. Prijavko will send the registration again by itself.":
    "guests.evisitorMessage.retrying",
};

export function registrationMessage(t: Translate, message: string): string {
  const key = OWN_MESSAGES[message];
  return key ? t(key) : message;
}
