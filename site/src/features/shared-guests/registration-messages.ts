import type {
  RegistrationFailure,
  RegistrationFailureCode,
} from "@shared/registration-failures.ts";
import { FIREWALL_BACKOFF_HOURS } from "@shared/firewall-backoff.ts";
import type { Translate, TranslationKey } from "../../i18n/translate.ts";

// Compile-time check that every registration failure has a text in the catalogue.
type FailureKey = `guests.registrationFailure.${RegistrationFailureCode}`;
const everyFailureWorded: FailureKey extends TranslationKey ? true : never = true;
void everyFailureWorded;

/**
 * What the host reads about a failed registration: the failure's code in their language, with
 * eVisitor's own message (already Croatian) as it came; `message` is the API's sentence, shown as
 * it is when no code came with it.
 */
export function registrationMessage(
  t: Translate,
  failure: RegistrationFailure | null | undefined,
  message: string,
): string {
  if (!failure) return message;
  // A firewall block is sent again only hours later (shared/firewall-backoff.ts); a page without
  // a support ID is told without the ID's brackets.
  if (failure.code === "firewall") {
    const hours = String(FIREWALL_BACKOFF_HOURS);
    return failure.detail
      ? t("guests.registrationFailure.firewall", { detail: failure.detail, hours })
      : t("guests.registrationFailure.firewallWithoutId", { hours });
  }
  return t(`guests.registrationFailure.${failure.code}`, { detail: failure.detail ?? "" });
}
