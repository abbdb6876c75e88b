import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { loginUrl, rememberedReturnUrl } from "../../lib/session/return-url.ts";
import type { Translate } from "../../i18n/translate.ts";
import { buttonClass } from "../../ui/button-styles.ts";

/**
 * "Go to login", the way on from a finished step (registered, confirmed, password reset); it keeps
 * the page to return to after signing in (given, or remembered at registration).
 */
export function GoToLoginLink({ t, returnTo }: { t: Translate; returnTo?: string }) {
  return (
    <a
      href={loginUrl(returnTo ?? rememberedReturnUrl())}
      onClick={markNavigation}
      className={`${buttonClass("primary")} w-full`}
    >
      {t("auth.goToLogin")}
    </a>
  );
}
