import { useRef } from "react";
import type { StayRequestDecision } from "@shared/schemas/stay-request.ts";
import { answerStayRequestByLink } from "../../lib/api/stay-requests.ts";
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
 * /app/zahtjev-boravka#{token}: the single-use "confirm or decline" link of a walk-in's stay
 * request (issue 20 item 5). The token is in the fragment, which the browser never sends.
 */
export default function AnswerStayRequestPage() {
  return (
    <AuthFrame titleKey="answerStayRequest.title" descriptionKey="answerStayRequest.description">
      <AnswerStayRequest />
    </AuthFrame>
  );
}

/** Asks first (mail scanners open links), then confirms or declines. */
function AnswerStayRequest() {
  const { t } = useTranslation();
  const decision = useRef<StayRequestDecision>("confirm");
  const { state, confirm } = useLinkTokenAction(async (token) =>
    (await answerStayRequestByLink(token, decision.current)).state
  );
  const choose = (chosen: StayRequestDecision) => {
    decision.current = chosen;
    void confirm();
  };

  if (state.status === "asking" || state.status === "working") {
    const working = state.status === "working";
    return (
      <AuthCard
        icon="shield"
        title={t("answerStayRequest.heading")}
        intro={t("answerStayRequest.intro")}
      >
        <div className="flex flex-col gap-3">
          <Button
            className="w-full"
            busy={working && decision.current === "confirm"}
            disabled={working}
            onClick={() => choose("confirm")}
          >
            {t("answerStayRequest.confirm")}
          </Button>
          <Button
            className="w-full"
            variant="dangerSecondary"
            busy={working && decision.current === "decline"}
            disabled={working}
            onClick={() => choose("decline")}
          >
            {t("answerStayRequest.decline")}
          </Button>
        </div>
      </AuthCard>
    );
  }
  const toDashboard = (
    <a
      href={ROUTES.dashboard}
      onClick={markNavigation}
      className={`${buttonClass("primary")} w-full`}
    >
      {t("nav.dashboard")}
    </a>
  );
  if (state.status === "done") {
    const confirmed = state.result === "Confirmed";
    return (
      <div role="status">
        <AuthCard
          icon="shieldCheck"
          tone="success"
          title={t(
            confirmed ? "answerStayRequest.confirmedTitle" : "answerStayRequest.declinedTitle",
          )}
          intro={t(
            confirmed ? "answerStayRequest.confirmedText" : "answerStayRequest.declinedText",
          )}
        >
          {toDashboard}
        </AuthCard>
      </div>
    );
  }
  return (
    <div role="alert">
      <AuthCard
        icon="mailX"
        tone="error"
        title={t("answerStayRequest.failedTitle")}
        intro={linkFailureText(t, state.error)}
      >
        {toDashboard}
      </AuthCard>
    </div>
  );
}
