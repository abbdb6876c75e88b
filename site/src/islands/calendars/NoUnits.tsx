import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import type { Translate } from "../../i18n/translate.ts";
import { buttonClass } from "../ui/button-styles.ts";
import { Icon } from "../ui/Icon.tsx";

/** No unit yet: calendars belong to units, which come with properties. */
export function NoUnits({ t }: { t: Translate }) {
  return (
    <section
      aria-labelledby="no-units"
      className="mt-8 rounded-3xl border border-dashed border-border-strong/50 bg-surface px-6 py-12 text-center shadow-xs sm:px-12"
    >
      <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-primary-soft text-primary-soft-fg">
        <Icon name="calendar" className="size-7" />
      </span>
      <h2 id="no-units" className="mt-5 text-xl font-bold">{t("calendars.emptyTitle")}</h2>
      <p className="mx-auto mt-2 max-w-xl text-fg-muted">{t("calendars.emptyText")}</p>
      <a href={ROUTES.properties} onClick={markNavigation} className={`${buttonClass()} mt-6`}>
        <Icon name="home" className="size-5" />
        {t("calendars.emptyAction")}
      </a>
    </section>
  );
}
