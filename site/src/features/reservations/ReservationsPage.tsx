import { useTranslation } from "../../i18n/use-translation.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import { buttonClass } from "../../ui/button-styles.ts";
import { AppFrame } from "../../shell/AppFrame.tsx";
import { ReservationList } from "./ReservationList.tsx";

/** /app/rezervacije (spec section 2): the host's reservations, by property and unit. */
export default function ReservationsPage() {
  return (
    <AppFrame titleKey="nav.reservations">
      <Reservations />
    </AppFrame>
  );
}

function Reservations() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("nav.reservations")}</h1>
        <a href={ROUTES.reservationImport} className={buttonClass("secondary", "sm")}>
          {t("reservations.import")}
        </a>
      </div>
      <p className="mt-2 max-w-3xl text-lg text-fg-muted">{t("reservations.intro")}</p>
      <ReservationList />
    </div>
  );
}
