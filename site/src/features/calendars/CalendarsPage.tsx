import { useEffect, useState } from "react";
import type { UnitCalendar } from "@shared/schemas/calendar.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import {
  readUnitChoice,
  type UnitChoice,
  writeUnitChoice,
} from "../../lib/navigation/unit-choice.ts";
import { translatePlural } from "../../i18n/translate.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { AppFrame } from "../../shell/AppFrame.tsx";
import { Button } from "../../ui/Button.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LoadFailedNotice } from "../../ui/LoadFailedNotice.tsx";
import { LoadingState } from "../../ui/LoadingState.tsx";
import { useShown } from "../../ui/use-shown.ts";
import { CalendarFilters } from "./CalendarFilters.tsx";
import type { StayEventProps } from "./stay-events.ts";
import { StayCalendar } from "./StayCalendar.tsx";
import { StayDialog } from "./StayDialog.tsx";
import { SyncNotice } from "./SyncNotice.tsx";
import { UnitFeeds } from "./UnitFeeds.tsx";
import { useCalendarStays, type VisibleDays } from "./use-calendar-stays.ts";
import { useCalendarSync } from "./use-calendar-sync.ts";
import { useFirstFetchWatch } from "./use-first-fetch-watch.ts";
import { useUnitCalendars } from "./use-unit-calendars.ts";

/** /app/kalendari (spec section 2): every unit's stays in a month, and its calendar links. */
export default function CalendarsPage() {
  return (
    <AppFrame titleKey="nav.calendars">
      <Calendars />
    </AppFrame>
  );
}

/** A filter naming a property or unit the host does not have shows everything instead. */
function knownFilter(filter: UnitChoice, units: UnitCalendar[]): UnitChoice {
  const unit = units.find((item) => item.accommodationUnitCode === filter.unitCode);
  if (unit) return { propertyId: unit.propertyId, unitCode: unit.accommodationUnitCode };
  const hasProperty = units.some((item) => item.propertyId === filter.propertyId);
  return { propertyId: hasProperty ? filter.propertyId : "", unitCode: "" };
}

function Calendars() {
  const { t, lang } = useTranslation();
  const { load, retry, replace, update } = useUnitCalendars();
  const units = load.status === "loaded" ? load.units : undefined;
  const [requested, setRequested] = useState<UnitChoice>(readUnitChoice);
  const filter = units ? knownFilter(requested, units) : requested;
  const [days, setDays] = useState<VisibleDays>();
  const [staysVersion, setStaysVersion] = useState(0);
  const stays = useCalendarStays(units?.length ? days : undefined, filter, staysVersion);
  const sync = useCalendarSync({
    units,
    onUnits: replace,
    onFinished: () => setStaysVersion((n) => n + 1),
  });
  useFirstFetchWatch({
    units,
    paused: sync.state.status === "syncing",
    onUnits: replace,
    onFetched: () => setStaysVersion((n) => n + 1),
  });
  const opened = useShown<StayEventProps>();

  useEffect(() => {
    if (units) writeUnitChoice(filter);
  }, [units !== undefined, filter.propertyId, filter.unitCode]);

  const isSyncing = sync.state.status === "syncing";
  const syncingUnit = isSyncing && "unitCode" in sync.state ? sync.state.unitCode : undefined;
  const noticeUnit = "unitCode" in sync.state ? sync.state.unitCode : undefined;
  const hasFeeds = units?.some((unit) => unit.feeds.length > 0) ?? false;
  const unitsShown = (units ?? []).filter((unit) =>
    (!filter.propertyId || unit.propertyId === filter.propertyId) &&
    (!filter.unitCode || unit.accommodationUnitCode === filter.unitCode)
  );
  // Reception sees a shared property's stays, not its calendar links (the owner's and co-hosts').
  const linksShown = unitsShown.filter((unit) => unit.canManage);
  const linksElsewhere = unitsShown.length - linksShown.length;
  /** The outcome shows where the sync was asked for: at the top for all, in a unit's card. */
  const noticeFor = (unitCode: string | undefined, className: string) => (
    <SyncNotice
      t={t}
      lang={lang}
      className={className}
      state={noticeUnit === unitCode ? sync.state : { status: "idle" }}
      units={units ?? []}
      onDismiss={sync.dismiss}
    />
  );

  function exportChanged(unit: UnitCalendar, exportUrl: string | null) {
    update((current) =>
      current.map((item) =>
        item.accommodationUnitId === unit.accommodationUnitId ? { ...item, exportUrl } : item
      )
    );
  }

  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("nav.calendars")}</h1>
          <p className="mt-2 max-w-3xl text-lg text-fg-muted">{t("calendars.intro")}</p>
        </div>
        {hasFeeds && (
          <Button
            className="shrink-0"
            busy={isSyncing && syncingUnit === undefined}
            disabled={isSyncing}
            onClick={() => sync.start()}
          >
            {!(isSyncing && syncingUnit === undefined) && <Icon name="sync" className="size-5" />}
            {isSyncing && syncingUnit === undefined
              ? t("calendars.sync.syncing")
              : t("calendars.sync.all")}
          </Button>
        )}
      </div>

      {load.status === "loading" && <LoadingState t={t} />}

      {load.status === "failed" && (
        <div className="mt-8">
          <LoadFailedNotice t={t} error={load.error} onRetry={retry} />
        </div>
      )}

      {/* Calendars belong to units, which come with properties. */}
      {units && units.length === 0 && (
        <EmptyState
          className="mt-8"
          icon="calendar"
          title={t("calendars.emptyTitle")}
          text={t("calendars.emptyText")}
          action={{ label: t("calendars.emptyAction"), icon: "home", href: ROUTES.properties }}
        />
      )}

      {units && units.length > 0 && (
        <div className="mt-6">
          <CalendarFilters t={t} units={units} filter={filter} onChange={setRequested} />
          {noticeFor(undefined, "mt-6")}
          <div className="mt-6">
            <StayCalendar
              t={t}
              lang={lang}
              stays={stays.stays}
              isLoading={stays.load.status === "loading"}
              error={stays.load.status === "failed" ? stays.load.error : undefined}
              onRetry={stays.retry}
              onDaysChange={setDays}
              onOpen={opened.show}
            />
          </div>

          <section aria-labelledby="unit-feeds-title" className="mt-8">
            <h2 id="unit-feeds-title" className="text-xl font-bold">
              {t("calendars.linksTitle")}
            </h2>
            <p className="mt-1 max-w-3xl text-fg-muted">{t("calendars.linksIntro")}</p>
            {linksElsewhere > 0 && (
              <p className="mt-4 flex max-w-3xl items-start gap-3 rounded-xl border border-border bg-surface p-4">
                <Icon name="users" className="mt-0.5 size-5 shrink-0 text-fg-muted" />
                {translatePlural(lang, "calendars.linksManagedElsewhere", linksElsewhere)}
              </p>
            )}
            <div
              className={`mt-4 grid items-start gap-4 ${
                linksShown.length > 1 ? "xl:grid-cols-2" : ""
              }`}
            >
              {linksShown.map((unit) => (
                <div key={unit.accommodationUnitId}>
                  {noticeFor(unit.accommodationUnitCode, "mb-3")}
                  <UnitFeeds
                    t={t}
                    lang={lang}
                    unit={unit}
                    isSyncing={syncingUnit === unit.accommodationUnitCode}
                    syncDisabled={isSyncing}
                    onSync={(chosen) => sync.start(chosen.accommodationUnitCode)}
                    onExportChanged={exportChanged}
                  />
                </div>
              ))}
            </div>
          </section>
        </div>
      )}

      {opened.value && (
        <StayDialog
          t={t}
          lang={lang}
          open={opened.open}
          event={opened.value}
          propertyName={units?.find((unit) =>
            unit.accommodationUnitId === opened.value?.stay.accommodationUnitId
          )?.propertyName}
          onClose={opened.hide}
        />
      )}
    </div>
  );
}
