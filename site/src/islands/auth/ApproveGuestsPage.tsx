import { approveStayGuestsByLink } from "../../lib/api/guests.ts";
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
 * /app/odobri-goste#{token}: the single-use "approve the guests" link of a held guest's e-mail
 * (issue 20: automatic check-in off). The token is in the fragment, which the browser never
 * sends, so no log holds it.
 */
export default function ApproveGuestsPage() {
  return (
    <AuthFrame titleKey="approveGuests.title" descriptionKey="approveGuests.description">
      <ApproveGuests />
    </AuthFrame>
  );
}

/** Asks first, then approves the guests. */
function ApproveGuests() {
  const { t } = useTranslation();
  const { state, confirm } = useLinkTokenAction(async (token) =>
    (await approveStayGuestsByLink(token)).approved
  );

  if (state.status === "asking" || state.status === "working") {
    return (
      <AuthCard icon="shield" title={t("approveGuests.heading")} intro={t("approveGuests.intro")}>
        <Button className="w-full" busy={state.status === "working"} onClick={confirm}>
          {t("approveGuests.submit")}
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
    return (
      <div role="status">
        <AuthCard
          icon="shieldCheck"
          tone="success"
          title={t("approveGuests.doneTitle")}
          intro={t(state.result > 0 ? "approveGuests.doneText" : "approveGuests.noneText")}
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
        title={t("approveGuests.failedTitle")}
        intro={linkFailureText(t, state.error)}
      >
        {toGuests}
      </AuthCard>
    </div>
  );
}
