import { useId } from "react";
import type { UnitCalendar } from "@shared/schemas/calendar.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate } from "../../i18n/translate.ts";
import { withElements } from "../../i18n/with-elements.ts";
import { Button } from "../../ui/Button.tsx";
import { TEXT_LINK } from "../../ui/button-styles.ts";
import { Icon } from "../../ui/Icon.tsx";
import { ExportLink } from "./ExportLink.tsx";
import { FeedItem } from "./FeedItem.tsx";

interface UnitFeedsProps {
  t: Translate;
  lang: Locale;
  unit: UnitCalendar;
  /** A sync of this unit is under way. */
  isSyncing: boolean;
  /** Another sync is under way: one at a time. */
  syncDisabled: boolean;
  onSync: (unit: UnitCalendar) => void;
  onExportChanged: (unit: UnitCalendar, exportUrl: string | null) => void;
}

/** One unit's calendars: the feeds it imports, "sync now", and the feed it exports. */
export function UnitFeeds(props: UnitFeedsProps) {
  const { t, lang, unit, isSyncing, syncDisabled } = props;
  const headingId = useId();
  const name = unit.accommodationUnitName;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-3xl border border-border bg-surface p-4 shadow-xs sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-2.5">
          <Icon name="door" className="mt-0.5 size-5 shrink-0 text-fg-muted" />
          <div className="min-w-0">
            <h3 id={headingId} className="font-bold break-words">{name}</h3>
            <p className="text-sm break-words text-fg-muted">{unit.propertyName}</p>
          </div>
        </div>
        {unit.feeds.length > 0 && (
          <Button
            variant="secondary"
            size="sm"
            busy={isSyncing}
            disabled={syncDisabled}
            onClick={() => props.onSync(unit)}
          >
            {!isSyncing && <Icon name="sync" className="size-4" />}
            {isSyncing ? t("calendars.sync.syncing") : t("calendars.sync.unit")}
            <span className="sr-only">{` ${name}`}</span>
          </Button>
        )}
      </div>

      {unit.feeds.length > 0
        ? (
          <ul className="mt-3 space-y-2.5" aria-label={t("calendars.feeds", { name })}>
            {unit.feeds.map((feed) => <FeedItem key={feed.id} t={t} lang={lang} feed={feed} />)}
          </ul>
        )
        : (
          <p className="mt-3 rounded-2xl border border-dashed border-border-strong/50 px-3.5 py-3 text-sm text-fg-muted">
            {withElements(t("calendars.noFeeds", { link: "{link}" }), {
              link: (
                <a href={ROUTES.properties} onClick={markNavigation} className={TEXT_LINK}>
                  {t("calendars.noFeedsLink")}
                </a>
              ),
            })}
          </p>
        )}

      <ExportLink
        t={t}
        unit={unit}
        onChanged={(exportUrl) => props.onExportChanged(unit, exportUrl)}
      />
    </article>
  );
}
