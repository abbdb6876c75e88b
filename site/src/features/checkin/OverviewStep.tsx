import type { Ref } from "react";
import type { PublicReservation } from "./checkin-api.ts";
import { EnteredGuests } from "./EnteredGuests.tsx";
import { formatDay } from "./format.ts";
import { useTranslator } from "./i18n-context.ts";
import { Notice } from "./Notice.tsx";
import { ReservationCard } from "./ReservationCard.tsx";
import { roomOf } from "./use-checkin-flow.ts";
import { WifiCard } from "./WifiCard.tsx";

/** The check-in's first step: the stay, its WiFi once the host allows, and who is in already. */
export function OverviewStep(
  { headingRef: heading, reservation }: {
    headingRef: Ref<HTMLHeadingElement>;
    reservation: PublicReservation;
  },
) {
  const { t, plural, lang } = useTranslator();
  const wifi = reservation.accommodationUnit?.wifiDetails;
  const capacity = reservation.accommodationUnit?.capacity ?? null;
  const room = roomOf(reservation);
  return (
    <div className="space-y-5">
      <div>
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
          {t("overview.heading")}
        </h1>
        <p className="mt-1 text-fg-muted">{t("overview.intro")}</p>
      </div>
      <ReservationCard reservation={reservation} />
      <div aria-live="polite" className="space-y-5 empty:hidden">
        {reservation.awaitingHost
          ? <Notice tone="info">{t("overview.awaitingHost")}</Notice>
          : wifi?.ssid
          ? <WifiCard wifi={wifi} />
          : null}
      </div>
      {reservation.status === "Pending" && (
        <Notice tone="info">
          {t("overview.beforeArrival", { date: formatDay(reservation.startDate, lang) })}
        </Notice>
      )}
      <EnteredGuests guests={reservation.guests} />
      {room > 0
        ? (
          capacity !== null && (
            <p className="text-fg-muted">
              {plural("overview.room", room, { capacity })}
            </p>
          )
        )
        : <Notice tone="warning">{t("overview.full")}</Notice>}
    </div>
  );
}
