import { DOOR_OPENS_EVENING_BEFORE } from "@shared/door-window.ts";
import { Spinner } from "../../ui/Spinner.tsx";
import type { LoadFailure } from "./checkin-errors.ts";
import { useTranslator } from "./i18n-context.ts";
import { StatusPanel } from "./StatusPanel.tsx";
import { useFocusedHeading } from "./use-focused-heading.ts";

/** The states that stand in for the check-in before it can start: loading, failed, closed. */

export function LoadingPanel() {
  const { t } = useTranslator();
  return (
    <div role="status" className="grid place-items-center py-24">
      <p className="flex items-center gap-3 text-lg font-semibold text-fg-muted">
        <Spinner className="size-6 text-primary" />
        {t("load.loading")}
      </p>
    </div>
  );
}

function RetryButton({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslator();
  return (
    <button
      type="button"
      onClick={onRetry}
      className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-primary px-5 font-semibold text-primary-fg shadow-sm hover:bg-primary-hover"
    >
      {t("actions.retry")}
    </button>
  );
}

const FAILURE_ICONS = {
  unknownCode: "search",
  notFound: "search",
  noStayToday: "calendar",
  forbidden: "lock",
  server: "alertCircle",
  offline: "wifi",
  generic: "alertCircle",
} as const;

/**
 * Spec section 8: not found, forbidden, server error, offline, generic, each with retry; issue 20:
 * a code that does not exist, apart from a unit with no stay admitted now, neither with a retry
 * that cannot help (the host's contact below is the way on).
 */
export function LoadFailed(
  { failure, onRetry, onWalkIn }: {
    failure: LoadFailure;
    onRetry: () => void;
    /** Offered at a door with no stay today: ask the host for one. */
    onWalkIn?: () => void;
  },
) {
  const { t } = useTranslator();
  const heading = useFocusedHeading(failure, { atOnce: true });
  const final = failure === "unknownCode" || failure === "noStayToday";
  return (
    <StatusPanel
      headingRef={heading}
      icon={FAILURE_ICONS[failure]}
      tone={final || failure === "notFound" ? "neutral" : "error"}
      title={t(`load.${failure}.title`)}
      actions={onWalkIn
        ? (
          <button
            type="button"
            onClick={onWalkIn}
            className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-primary px-5 font-semibold text-primary-fg shadow-sm hover:bg-primary-hover"
          >
            {t("walkin.offer.button")}
          </button>
        )
        : final
        ? undefined
        : <RetryButton onRetry={onRetry} />}
    >
      <p>{t(`load.${failure}.text`)}</p>
      {failure === "noStayToday" && (
        <p>{t("load.noStayToday.window", { time: DOOR_OPENS_EVENING_BEFORE })}</p>
      )}
      {onWalkIn && <p>{t("walkin.offer.text")}</p>}
    </StatusPanel>
  );
}

/** Completed, expired, cancelled, or a status this page does not know (spec section 4). */
export function ClosedStay({ status, onRetry }: { status: string; onRetry: () => void }) {
  const { t } = useTranslator();
  const heading = useFocusedHeading(status, { atOnce: true });
  if (status === "Completed" || status === "Expired" || status === "Canceled") {
    const key = status === "Completed"
      ? "completed"
      : status === "Expired"
      ? "expired"
      : "canceled";
    return (
      <StatusPanel
        headingRef={heading}
        icon={status === "Completed" ? "checkCircle" : status === "Expired" ? "history" : "close"}
        tone={status === "Completed" ? "success" : status === "Expired" ? "neutral" : "warning"}
        title={t(`load.${key}.title`)}
      >
        <p>{t(`load.${key}.text`)}</p>
      </StatusPanel>
    );
  }
  return (
    <StatusPanel
      headingRef={heading}
      icon="helpCircle"
      tone="warning"
      title={t("load.unknownStatus.title")}
      actions={<RetryButton onRetry={onRetry} />}
    >
      <p>{t("load.unknownStatus.askHost")}</p>
    </StatusPanel>
  );
}
