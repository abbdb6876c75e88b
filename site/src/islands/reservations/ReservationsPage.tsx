import { useTranslation } from "../../i18n/use-translation.ts";
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
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("nav.reservations")}</h1>
      <p className="mt-2 max-w-3xl text-lg text-fg-muted">{t("reservations.intro")}</p>
      <ReservationList />
    </div>
  );
}
