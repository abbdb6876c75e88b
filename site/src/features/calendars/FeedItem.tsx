import type { ReactNode } from "react";
import type { CalendarFeed, CalendarSyncRun } from "@shared/schemas/calendar.ts";
import { formatCalendarDate } from "../../lib/format/calendar-date.ts";
import { formatDateTime } from "../../lib/format/date-time.ts";
import { formatRelativeTime } from "../../lib/format/relative-time.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate } from "../../i18n/translate.ts";
import { withElements } from "../../i18n/with-elements.ts";
import { Icon } from "../../ui/Icon.tsx";
import { feedHealthOf, feedNameOf } from "../../lib/calendars/feed-health.ts";

interface FeedItemProps {
  t: Translate;
  lang: Locale;
  feed: CalendarFeed;
}

/** A moment as "3 minutes ago", with the exact time for those who hover or read it out. */
function Moment({ iso, lang }: { iso: string; lang: Locale }) {
  const exact = formatDateTime(iso, lang);
  return (
    <time dateTime={iso} title={exact}>
      {formatRelativeTime(iso, lang)}
      <span className="sr-only">{` (${exact})`}</span>
    </time>
  );
}

/**
 * One imported calendar of a unit: where it comes from, whether it works (and if not, why and
 * what to do), when it was last fetched, and what the last sync changed, conflicts included.
 */
export function FeedItem({ t, lang, feed }: FeedItemProps) {
  const health = feedHealthOf(feed);
  const name = feedNameOf(feed);
  return (
    <li className="rounded-2xl border border-border bg-bg/60 p-3.5 sm:p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 items-start gap-2.5">
          <Icon name="link" className="mt-0.5 size-5 shrink-0 text-fg-muted" />
          <div className="min-w-0">
            <p className="font-semibold break-words">{name}</p>
            <p className="truncate text-sm text-fg-muted" title={feed.url}>
              {t("calendars.feed.imported")}
            </p>
          </div>
        </div>
        <HealthChip t={t} lang={lang} feed={feed} />
      </div>

      {health.state === "failing" && feed.lastError && (
        <div
          role="note"
          className="mt-3 rounded-xl border border-error/30 bg-error-soft px-3.5 py-2.5 text-sm text-error-soft-fg"
        >
          <p className="font-semibold">
            {t(`calendars.feedError.${feed.lastError}`)}
            {feed.lastError === "http-error" && feed.lastStatus !== null &&
              ` (HTTP ${feed.lastStatus})`}
          </p>
          <p className="mt-1">{t(`calendars.feedFix.${feed.lastError}`)}</p>
          {feed.lastSuccessAt === null && <p className="mt-1">{t("calendars.feed.nothingYet")}</p>}
          {feed.lastSuccessAt !== null && <p className="mt-1">{t("calendars.feed.keptStays")}</p>}
        </div>
      )}
      {health.state === "pending" && (
        <p className="mt-3 text-sm text-fg-muted">{t("calendars.feed.pendingText")}</p>
      )}

      {feed.lastFetchAt !== null && (
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
          <Fact label={t("calendars.feed.lastFetch")}>
            <Moment iso={feed.lastFetchAt} lang={lang} />
          </Fact>
          <Fact label={t("calendars.feed.lastSuccess")}>
            {feed.lastSuccessAt ? <Moment iso={feed.lastSuccessAt} lang={lang} /> : t(
              "calendars.feed.never",
            )}
          </Fact>
          <Fact label={t("calendars.feed.events")}>
            {feed.eventCount === null ? "–" : String(feed.eventCount)}
          </Fact>
        </dl>
      )}

      {feed.lastRun && feed.lastRun.error === null && (
        <LastRun t={t} lang={lang} run={feed.lastRun} />
      )}
    </li>
  );
}

function HealthChip({ t, lang, feed }: FeedItemProps) {
  const health = feedHealthOf(feed);
  if (health.state === "pending") {
    return (
      <span className="inline-flex items-center gap-1.5 rounded-full bg-secondary-soft px-2.5 py-1 text-sm font-semibold text-secondary-soft-fg">
        <Icon name="history" className="size-4" />
        {t("calendars.feed.pending")}
      </span>
    );
  }
  if (health.state === "ok") {
    return (
      <span className="inline-flex items-center gap-1.5 rounded-full bg-success-soft px-2.5 py-1 text-sm font-semibold text-success-soft-fg">
        <Icon name="checkCircle" className="size-4" />
        {t("calendars.feed.ok")}
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-error-soft px-2.5 py-1 text-sm font-semibold text-error-soft-fg">
      <Icon name="alertCircle" className="size-4" />
      <span>
        {withElements(t("calendars.feed.failingSince", { since: "{since}" }), {
          since: <time dateTime={health.since}>{formatDateTime(health.since, lang)}</time>,
        })}
      </span>
    </span>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-1.5 sm:flex-col sm:gap-0">
      <dt className="text-fg-muted">{label}:</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/** What the last sync did (spec section 4): added, updated, removed, and what it could not add. */
function LastRun({ t, lang, run }: { t: Translate; lang: Locale; run: CalendarSyncRun }) {
  const moved = run.conflicts.filter((c) => c.registered).length;
  const counts = [
    t("calendars.outcome.added", { count: run.added }),
    t("calendars.outcome.updated", { count: run.updated }),
    t("calendars.outcome.removed", { count: run.removed }),
    t("calendars.outcome.conflicts", { count: run.conflicts.length - moved }),
    // Stays with registered guests the platform moved are no double bookings: counted apart.
    ...(moved > 0 ? [t("calendars.outcome.moved", { count: moved })] : []),
  ];
  return (
    <div className="mt-3 text-sm">
      <p>
        <span className="text-fg-muted">
          {withElements(t("calendars.feed.lastRun", { when: "{when}" }), {
            when: <Moment iso={run.finishedAt} lang={lang} />,
          })}
        </span>{" "}
        <span className="font-medium">{counts.join(" · ")}</span>
      </p>
      <Conflicts
        t={t}
        lang={lang}
        conflicts={run.conflicts.filter((c) => !c.registered)}
        title={t("calendars.conflict.title")}
        todo={t("calendars.conflict.todo")}
      />
      <Conflicts
        t={t}
        lang={lang}
        conflicts={run.conflicts.filter((c) => c.registered)}
        title={t("calendars.conflict.registeredTitle")}
        todo={t("calendars.conflict.registeredTodo")}
      />
    </div>
  );
}

/**
 * What a sync could not apply, one kind to a box: nights already taken (`with` that stay), or
 * (`registered`) a new arrival for a stay whose guests are registered with eVisitor.
 */
function Conflicts(
  { t, lang, conflicts, title, todo }: {
    t: Translate;
    lang: Locale;
    conflicts: CalendarSyncRun["conflicts"];
    title: string;
    todo: string;
  },
) {
  if (conflicts.length === 0) return null;
  return (
    <div className="mt-2 rounded-xl border border-warning/40 bg-warning-soft px-3.5 py-2.5 text-warning-soft-fg">
      <p className="flex items-start gap-2 font-semibold">
        <Icon name="alertCircle" className="mt-px size-4 shrink-0" />
        {title}
      </p>
      <ul className="mt-1.5 list-disc space-y-1 pl-9">
        {conflicts.map((conflict) => (
          <li key={`${conflict.start}-${conflict.end}-${conflict.summary}`}>
            <span className="font-semibold">
              {formatCalendarDate(conflict.start, lang)} – {formatCalendarDate(conflict.end, lang)}
            </span>
            {conflict.summary && ` · „${conflict.summary}”`}
            {conflict.withCode &&
              ` · ${
                t(
                  conflict.registered ? "calendars.conflict.registered" : "calendars.conflict.with",
                  {
                    code: conflict.withCode,
                  },
                )
              }`}
          </li>
        ))}
      </ul>
      <p className="mt-1.5">{todo}</p>
    </div>
  );
}
