import type { UnitCalendar } from "@shared/schemas/calendar.ts";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural } from "../../i18n/translate.ts";
import { stayPageUrl } from "../../lib/navigation/routes.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import { FormNotice } from "../../ui/forms/FormNotice.tsx";
import { Button } from "../../ui/Button.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import type { SyncState } from "./use-calendar-sync.ts";

interface SyncNoticeProps {
  t: Translate;
  lang: Locale;
  state: SyncState;
  units: UnitCalendar[];
  onDismiss: () => void;
  /** Spacing around the notice while it shows (the live region itself is always there). */
  className?: string;
}

/**
 * Where "sync now" stands, in a live region: busy while the worker fetches, then the outcome of
 * spec section 4 (added, conflicting and not added, removed), or why nothing happened.
 */
export function SyncNotice(
  { t, lang, state, units, onDismiss, className = "" }: SyncNoticeProps,
) {
  return (
    <div aria-live="polite">
      {state.status !== "idle" && <div className={className}>{body()}</div>}
    </div>
  );

  function body() {
    const unitName = "unitCode" in state && state.unitCode
      ? units.find((unit) => unit.accommodationUnitCode === state.unitCode)
        ?.accommodationUnitName
      : undefined;
    const scope = unitName ?? t("calendars.sync.allUnits");
    const close = (
      <Button variant="secondary" size="sm" onClick={onDismiss}>
        {t("shell.close")}
      </Button>
    );

    switch (state.status) {
      case "syncing":
        return (
          <p
            role="status"
            className="flex items-center gap-3 rounded-xl border border-primary/30 bg-primary-soft px-4 py-3 font-semibold text-primary-soft-fg"
          >
            <Spinner className="size-5" />
            {t("calendars.sync.busy", { scope })}
          </p>
        );
      case "done": {
        const { outcome } = state;
        return (
          <FormNotice
            tone={outcome.failed > 0 || outcome.conflicts > 0 || outcome.moved.length > 0
              ? "warning"
              : "success"}
            action={close}
          >
            {t("calendars.sync.done", { scope })}{" "}
            <span className="font-normal">
              {t("calendars.sync.outcome", {
                added: outcome.added,
                conflicts: outcome.conflicts,
                removed: outcome.removed,
              })}
              {outcome.updated > 0 && ` ${t("calendars.sync.updated", { count: outcome.updated })}`}
              {outcome.conflicts > 0 && ` ${t("calendars.conflict.todo")}`}
              {outcome.moved.length > 0 && (
                <>
                  {" "}
                  {translatePlural(lang, "calendars.sync.moved", outcome.moved.length)}{" "}
                  {outcome.moved.map((stay, index) => (
                    <span key={stay.code}>
                      {index > 0 && ", "}
                      <a href={stayPageUrl(stay)} className="font-semibold underline">
                        {t("calendars.sync.movedStay", { code: stay.code })}
                      </a>
                    </span>
                  ))}
                  .
                </>
              )}
              {outcome.failed > 0 &&
                ` ${t("calendars.sync.someFailed", { count: outcome.failed })}`}
            </span>
          </FormNotice>
        );
      }
      case "nothingToSync":
        return <FormNotice tone="info" action={close}>{t("calendars.sync.nothing")}</FormNotice>;
      case "slow":
        return <FormNotice tone="info" action={close}>{t("calendars.sync.slow")}</FormNotice>;
      case "failed":
        return (
          <FormNotice tone="error" action={close}>
            {t("calendars.sync.failed", { reason: describeApiError(t, state.error) })}
          </FormNotice>
        );
    }
  }
}
