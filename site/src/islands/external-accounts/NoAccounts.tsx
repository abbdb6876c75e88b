import type { Translate } from "../../i18n/translate.ts";
import { Button } from "../ui/Button.tsx";
import { Icon } from "../ui/Icon.tsx";

/** No account connected yet: what connecting does, and the way to do it. */
export function NoAccounts({ t, onCreate }: { t: Translate; onCreate: () => void }) {
  return (
    <section
      aria-labelledby="no-accounts"
      className="rounded-3xl border border-dashed border-border-strong/50 bg-surface px-6 py-12 text-center shadow-xs sm:px-12"
    >
      <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-primary-soft text-primary-soft-fg">
        <Icon name="link" className="size-7" />
      </span>
      <h2 id="no-accounts" className="mt-5 text-xl font-bold">
        {t("externalAccounts.emptyTitle")}
      </h2>
      <p className="mx-auto mt-2 max-w-xl text-fg-muted">{t("externalAccounts.emptyText")}</p>
      <Button className="mt-6" onClick={onCreate}>
        <Icon name="plus" className="size-5" />
        {t("externalAccounts.create")}
      </Button>
    </section>
  );
}
