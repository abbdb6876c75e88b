import type { Translate } from "../../i18n/translate.ts";
import { Button } from "../ui/Button.tsx";
import { Icon } from "../ui/Icon.tsx";

interface NoReservationsProps {
  t: Translate;
  /** Only the chosen property or unit has none (the selectors stay above). */
  scoped: boolean;
  onCreate: () => void;
}

/** No reservation yet: where they come from, and the way to enter one by hand. */
export function NoReservations({ t, scoped, onCreate }: NoReservationsProps) {
  return (
    <section
      aria-labelledby="no-reservations"
      className="rounded-3xl border border-dashed border-border-strong/50 bg-surface px-6 py-12 text-center shadow-xs sm:px-12"
    >
      <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-primary-soft text-primary-soft-fg">
        <Icon name="clipboard" className="size-7" />
      </span>
      <h2 id="no-reservations" className="mt-5 text-xl font-bold">
        {t(scoped ? "reservations.emptyScopedTitle" : "reservations.emptyTitle")}
      </h2>
      <p className="mx-auto mt-2 max-w-xl text-fg-muted">{t("reservations.emptyText")}</p>
      <Button className="mt-6" onClick={onCreate}>
        <Icon name="plus" className="size-5" />
        {t("reservations.create")}
      </Button>
    </section>
  );
}
