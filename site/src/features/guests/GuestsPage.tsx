import { useTranslation } from "../../i18n/use-translation.ts";
import { AppFrame } from "../../shell/AppFrame.tsx";
import { GuestList } from "./GuestList.tsx";

/** /app/gosti (spec section 2): the guests of one property, with their eVisitor registration. */
export default function GuestsPage() {
  return (
    <AppFrame titleKey="nav.guests">
      <Guests />
    </AppFrame>
  );
}

function Guests() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("nav.guests")}</h1>
      <p className="mt-2 max-w-3xl text-lg text-fg-muted">{t("guests.intro")}</p>
      <GuestList />
    </div>
  );
}
