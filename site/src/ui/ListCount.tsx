import type { Translate } from "../i18n/translate.ts";
import { Spinner } from "./Spinner.tsx";

interface ListCountProps {
  t: Translate;
  /** Shows "Loading…" with a spinner (while another page of the list is read). */
  isLoading: boolean;
  /** "3 reservations", once the list has loaded. */
  count?: string;
}

/** Above a list: how many it holds, and whether a newer page is on its way; read out politely. */
export function ListCount({ t, isLoading, count }: ListCountProps) {
  return (
    <p aria-live="polite" className="flex min-h-6 items-center gap-2 text-sm text-fg-muted">
      {isLoading && (
        <>
          <Spinner />
          {t("app.loading")}
        </>
      )}
      {count}
    </p>
  );
}
