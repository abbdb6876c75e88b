import { formatDate } from "../lib/format/date-time.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { Icon } from "../ui/Icon.tsx";
import { CancelDeletionButton } from "./CancelDeletionButton.tsx";

/**
 * While the account waits to be erased, every page says when and offers to keep it (signing in
 * during the grace period shows it at once).
 */
export function DeletionBanner({ dueAt }: { dueAt: string }) {
  const { t, lang } = useTranslation();
  return (
    <div
      role="region"
      aria-label={t("privacy.delete.region")}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 bg-error-soft px-3 py-2 text-error-soft-fg sm:px-5"
    >
      <p className="flex min-w-0 flex-1 items-center gap-2 text-sm font-semibold">
        <Icon name="alertTriangle" className="size-5 shrink-0" />
        <span className="min-w-0">
          {t("privacy.delete.banner", { date: formatDate(dueAt, lang) })}
        </span>
      </p>
      <CancelDeletionButton size="sm" />
    </div>
  );
}
