import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import type { Translate } from "../../i18n/translate.ts";
import { buttonClass } from "../ui/button-styles.ts";
import { Icon } from "../ui/Icon.tsx";

/** Reservations belong to units of properties: without a property, the way forward is there. */
export function NoPropertiesYet({ t }: { t: Translate }) {
  return (
    <section
      aria-labelledby="no-properties-yet"
      className="rounded-3xl border border-dashed border-border-strong/50 bg-surface px-6 py-12 text-center shadow-xs sm:px-12"
    >
      <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-primary-soft text-primary-soft-fg">
        <Icon name="home" className="size-7" />
      </span>
      <h2 id="no-properties-yet" className="mt-5 text-xl font-bold">
        {t("reservations.noPropertiesTitle")}
      </h2>
      <p className="mx-auto mt-2 max-w-xl text-fg-muted">{t("reservations.noPropertiesText")}</p>
      <a href={ROUTES.properties} onClick={markNavigation} className={`${buttonClass()} mt-6`}>
        <Icon name="home" className="size-5" />
        {t("reservations.noPropertiesAction")}
      </a>
    </section>
  );
}
