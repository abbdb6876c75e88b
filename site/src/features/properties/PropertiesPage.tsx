import { useTranslation } from "../../i18n/use-translation.ts";
import { AppFrame } from "../../shell/AppFrame.tsx";
import { PropertyList } from "./PropertyList.tsx";

/** /app/objekti (spec section 2): the host's properties and accommodation units. */
export default function PropertiesPage() {
  return (
    <AppFrame titleKey="nav.properties">
      <Properties />
    </AppFrame>
  );
}

function Properties() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("nav.properties")}</h1>
      <p className="mt-2 max-w-3xl text-lg text-fg-muted">{t("properties.intro")}</p>
      <PropertyList />
    </div>
  );
}
