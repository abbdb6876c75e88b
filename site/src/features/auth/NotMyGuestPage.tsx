import { disownGuestByLink } from "../../lib/api/guests.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { Button } from "../../ui/Button.tsx";
import { buttonClass } from "../../ui/button-styles.ts";
import { AuthCard } from "./AuthCard.tsx";
import { AuthFrame } from "./AuthFrame.tsx";
import { linkFailureText } from "./link-parameters.ts";
import { useLinkTokenAction } from "./use-link-token-action.ts";

/**
 * /app/nije-moj-gost#{token}: the single-use "not my guest" link of a new guest's e-mail (issue
 * 20). The token is in the fragment, which the browser never sends, so no log holds it.
 */
export default function NotMyGuestPage() {
  return (
    <AuthFrame titleKey="notMyGuest.title" descriptionKey="notMyGuest.description">
      <NotMyGuest />
    </AuthFrame>
  );
}

/** Asks first, then removes the guest. */
function NotMyGuest() {
  const { t } = useTranslation();
  const { state, confirm } = useLinkTokenAction(async (token) =>
    (await disownGuestByLink(token)).outcome
  );

  if (state.status === "asking" || state.status === "working") {
    return (
      <AuthCard icon="shield" title={t("notMyGuest.heading")} intro={t("notMyGuest.intro")}>
        <Button
          className="w-full"
          variant="danger"
          busy={state.status === "working"}
          onClick={confirm}
        >
          {t("notMyGuest.submit")}
        </Button>
      </AuthCard>
    );
  }
  const toGuests = (
    <a href={ROUTES.guests} onClick={markNavigation} className={`${buttonClass("primary")} w-full`}>
      {t("notMyGuest.toGuests")}
    </a>
  );
  if (state.status === "done") {
    const removed = state.result === "removed";
    return (
      <div role="status">
        <AuthCard
          icon="shieldCheck"
          tone="success"
          title={t(removed ? "notMyGuest.removedTitle" : "notMyGuest.cancellingTitle")}
          intro={t(removed ? "notMyGuest.removedText" : "notMyGuest.cancellingText")}
        >
          {toGuests}
        </AuthCard>
      </div>
    );
  }
  return (
    <div role="alert">
      <AuthCard
        icon="mailX"
        tone="error"
        title={t("notMyGuest.failedTitle")}
        intro={linkFailureText(t, state.error)}
      >
        {toGuests}
      </AuthCard>
    </div>
  );
}
