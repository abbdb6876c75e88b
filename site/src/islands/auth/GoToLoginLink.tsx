import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import type { Translate } from "../../i18n/translate.ts";
import { buttonClass } from "../ui/button-styles.ts";

/** "Go to login", the way on from a finished step (registered, confirmed, password reset). */
export function GoToLoginLink({ t }: { t: Translate }) {
  return (
    <a href={ROUTES.login} onClick={markNavigation} className={`${buttonClass("primary")} w-full`}>
      {t("auth.goToLogin")}
    </a>
  );
}
