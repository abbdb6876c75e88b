import type { Ref } from "react";
import type { PublicGuest } from "@shared/schemas/guest.ts";
import { Icon } from "./CheckinIcon.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import type { PublicReservation } from "./checkin-api.ts";
import { EnteredGuests } from "./EnteredGuests.tsx";
import { formatDay } from "./format.ts";
import { useTranslator } from "./i18n-context.ts";
import { ReservationCard } from "./ReservationCard.tsx";
import { StatusPanel } from "./StatusPanel.tsx";
import { WifiCard } from "./WifiCard.tsx";

/** After "Start checkin": the guests are saved and eVisitor is registering them. */
export function ProcessingView(
  { headingRef, slow }: { headingRef: Ref<HTMLHeadingElement>; slow: boolean },
) {
  const { t } = useTranslator();
  return (
    <div role="status">
      <StatusPanel
        headingRef={headingRef}
        icon="sync"
        busy
        tone="info"
        title={t("processing.heading")}
      >
        <p className="font-semibold text-fg">{t("processing.registering")}</p>
        {slow && <p>{t("processing.slow")}</p>}
      </StatusPanel>
    </div>
  );
}

/**
 * "delayed": eVisitor did not answer, and the registration is sent again by itself later; "host":
 * the host confirms the guests first (automatic check-in off).
 */
export type Outcome = "registered" | "waiting" | "host" | "delayed" | "failed";

interface OutcomeViewProps {
  headingRef: Ref<HTMLHeadingElement>;
  outcome: Outcome;
  reservation: PublicReservation;
  /** The guests this phone checked in. */
  mine: PublicGuest[];
  /** Room left for more guests after these. */
  canAddMore: boolean;
  onAddMore: () => void;
  onRefresh: () => void;
  refreshing: boolean;
}

/** Reads the stay again, for a guest waiting on eVisitor's answer. */
function CheckAgainButton(
  { onRefresh, refreshing }: { onRefresh: () => void; refreshing: boolean },
) {
  const { t } = useTranslator();
  return (
    <button
      type="button"
      onClick={onRefresh}
      disabled={refreshing}
      className="inline-flex min-h-11 items-center gap-2 rounded-xl border border-border-strong/50 bg-surface px-5 font-semibold hover:bg-surface-muted disabled:opacity-60"
    >
      {refreshing ? <Spinner /> : <Icon name="sync" className="size-5" />}
      {t("failure.checkAgain")}
    </button>
  );
}

/**
 * Success (registered, or waiting for the arrival day), sent to the host (who confirms the guests
 * first: no WiFi or house information until then, the page asks again meanwhile), a delay
 * (eVisitor not answering; sent again by itself) or eVisitor's refusal.
 */
export function OutcomeView(props: OutcomeViewProps) {
  const { t, plural, lang } = useTranslator();
  const { outcome, reservation, mine } = props;
  const wifi = reservation.accommodationUnit?.wifiDetails;
  const failed = mine.filter((g) => g.registrationState === "failed");

  return (
    <div className="space-y-5">
      {outcome === "failed"
        ? (
          <StatusPanel
            headingRef={props.headingRef}
            icon="alertCircle"
            tone="error"
            title={t("failure.heading")}
            actions={<CheckAgainButton onRefresh={props.onRefresh} refreshing={props.refreshing} />}
          >
            <p>{plural("failure.text", failed.length)}</p>
            <ul className="space-y-2 text-left">
              {failed.map((guest) => (
                <li
                  key={guest.id}
                  className="rounded-xl bg-error-soft px-4 py-3 text-error-soft-fg"
                >
                  <p className="font-bold">
                    {guest.name === null ? guest.initials : `${guest.name} ${guest.surname ?? ""}`}
                  </p>
                  <p className="text-sm">
                    {t("failure.evisitorSays")} „{guest.registrationError ?? t("failure.noReason")}”
                  </p>
                </li>
              ))}
            </ul>
            <p className="font-semibold text-fg">{t("failure.hostNotified")}</p>
          </StatusPanel>
        )
        : outcome === "delayed"
        ? (
          <StatusPanel
            headingRef={props.headingRef}
            icon="history"
            tone="info"
            title={t("delayed.heading")}
            actions={<CheckAgainButton onRefresh={props.onRefresh} refreshing={props.refreshing} />}
          >
            <p>{t("delayed.text")}</p>
          </StatusPanel>
        )
        : (
          <StatusPanel
            headingRef={props.headingRef}
            icon="checkCircle"
            tone="success"
            title={outcome === "host"
              ? t("success.hostHeading")
              : outcome === "waiting"
              ? t("success.waitingHeading")
              : t("success.heading")}
          >
            <p>
              {outcome === "host"
                ? t("success.host")
                : outcome === "waiting"
                ? t("success.waiting", { date: formatDay(reservation.startDate, lang) })
                : plural("success.registered", mine.length)}
            </p>
            {outcome === "host" && <p>{t("success.hostHouse")}</p>}
          </StatusPanel>
        )}

      <ReservationCard reservation={reservation} />
      {wifi && wifi.ssid && <WifiCard wifi={wifi} />}
      <EnteredGuests guests={reservation.guests} />
      {props.canAddMore && (
        <button
          type="button"
          onClick={props.onAddMore}
          className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-xl border border-border-strong/50 bg-surface px-5 font-semibold hover:bg-surface-muted"
        >
          <Icon name="plus" className="size-5" />
          {t("success.addMore")}
        </button>
      )}
    </div>
  );
}
