import type { Translate } from "../i18n/translate.ts";
import { Spinner } from "./Spinner.tsx";

/**
 * "Loading…" in the place of content that is not there yet (a page's list, its calendars),
 * announced as a status.
 */
export function LoadingState({ t, className = "" }: { t: Translate; className?: string }) {
  return (
    <p
      role="status"
      className={`flex items-center justify-center gap-3 py-16 text-lg font-semibold text-fg-muted ${className}`}
    >
      <Spinner className="size-6 text-primary" />
      {t("app.loading")}
    </p>
  );
}
