import { useState } from "react";
import { approveStayGuestsByLink } from "../../lib/api/guests.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { Button } from "../../ui/Button.tsx";
import { buttonClass } from "../../ui/button-styles.ts";
import { AuthCard } from "./AuthCard.tsx";
import { AuthFrame } from "./AuthFrame.tsx";
import { linkFailureText } from "./link-parameters.ts";

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

type State =
  | { status: "asking" }
  | { status: "approving" }
  | { status: "done"; approved: number }
  | { status: "failed"; error?: unknown };

/** Reads the token once and drops it from the address (a shared screen, the history). */
function tokenOfAddress(): string | undefined {
  const token = decodeURIComponent(location.hash.slice(1));
  if (token) history.replaceState(history.state, "", location.pathname);
  return token || undefined;
}

/** Asks first (mail scanners open links; the link works once), then approves the guests. */
function ApproveGuests() {
  const { t } = useTranslation();
  const [token] = useState(tokenOfAddress);
  const [state, setState] = useState<State>(() =>
    token ? { status: "asking" } : { status: "failed" }
  );

  async function approve() {
    if (!token) return;
    setState({ status: "approving" });
    try {
      const { approved } = await approveStayGuestsByLink(token);
      setState({ status: "done", approved });
    } catch (error) {
      setState({ status: "failed", error });
    }
  }

  if (state.status === "asking" || state.status === "approving") {
    return (
      <AuthCard icon="shield" title={t("approveGuests.heading")} intro={t("approveGuests.intro")}>
        <Button className="w-full" busy={state.status === "approving"} onClick={approve}>
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
          intro={t(state.approved > 0 ? "approveGuests.doneText" : "approveGuests.noneText")}
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
