import { PASSWORD_MIN_LENGTH } from "@shared/schemas/password.ts";
import type { Translate } from "../../i18n/translate.ts";

/** The hint under a new-password field: the rules of spec section 5 before they are broken. */
export function passwordHint(t: Translate): string {
  return t("auth.passwordHint", { length: PASSWORD_MIN_LENGTH });
}
