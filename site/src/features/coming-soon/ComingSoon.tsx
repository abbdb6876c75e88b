import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import type { Translate } from "../../i18n/translate.ts";
import { buttonClass } from "../../ui/button-styles.ts";
import { Icon } from "../../ui/Icon.tsx";

/**
 * "Coming soon" (spec section 2) for a feature that has a place in the menus but no page yet;
 * `name` is the feature's name.
 */
export function ComingSoon({ t, name }: { t: Translate; name: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center py-10 text-center sm:py-16">
      <span className="grid size-14 place-items-center rounded-2xl bg-accent-soft text-accent-soft-fg">
        <Icon name="sparkles" className="size-7" />
      </span>
      <p className="mt-5 text-sm font-semibold tracking-wider text-fg-muted uppercase">{name}</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight">{t("comingSoon.heading")}</h1>
      <p className="mt-3 text-lg text-fg-muted">{t("comingSoon.text")}</p>
      <a
        href={ROUTES.dashboard}
        onClick={markNavigation}
        className={`${buttonClass("primary")} mt-8`}
      >
        <Icon name="arrowLeft" className="size-5" />
        {t("comingSoon.back")}
      </a>
    </div>
  );
}
