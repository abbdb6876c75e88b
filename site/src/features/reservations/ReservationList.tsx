import { useEffect, useState } from "react";
import { ReservationFilter } from "@shared/enums.ts";
import type { Property } from "@shared/schemas/property.ts";
import type { Reservation } from "@shared/schemas/reservation.ts";
import { listReservations } from "../../lib/api/reservations.ts";
import { requestedStayCode, ROUTES } from "../../lib/navigation/routes.ts";
import {
  readUnitChoice,
  type UnitChoice,
  writeUnitChoice,
} from "../../lib/navigation/unit-choice.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { translatePlural } from "../../i18n/translate.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import { Button } from "../../ui/Button.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LoadFailedNotice } from "../../ui/LoadFailedNotice.tsx";
import { ListCount } from "../../ui/ListCount.tsx";
import { LoadingState } from "../../ui/LoadingState.tsx";
import { SearchField } from "../../ui/SearchField.tsx";
import { usePagedList } from "../../ui/use-paged-list.ts";
import { useShown } from "../../ui/use-shown.ts";
import { ListShell } from "../../shell/ListShell.tsx";
import { GuestsDialog } from "./GuestsDialog.tsx";
import { ReservationDetailsDialog } from "./ReservationDetailsDialog.tsx";
import { ReservationDeletion } from "./ReservationDeletion.tsx";
import { ReservationDialog, type ReservationDialogTarget } from "./ReservationDialog.tsx";
import { ReservationTable } from "./ReservationTable.tsx";
import { StayFilterSwitch } from "./StayFilterSwitch.tsx";
import { UnitChoiceSelects } from "./UnitChoiceSelects.tsx";
import { usePropertyChoices } from "../../lib/state/use-property-choices.ts";

const PAGE_SIZE = 20;
const GUESTS_POLL_MS = 2_000;

/**
 * The reservations page's content. The host's properties come first (the selectors and the create
 * dialog need them; without any, the way to add them); then the list.
 */
export function ReservationList() {
  const { t } = useTranslation();
  const { load, retry } = usePropertyChoices();

  if (load.status === "loading") {
    return <LoadingState t={t} className="mt-8" />;
  }
  if (load.status === "failed") {
    return (
      <div className="mt-8">
        <LoadFailedNotice t={t} error={load.error} onRetry={retry} />
      </div>
    );
  }
  if (load.properties.length === 0) {
    // Reservations belong to units of properties: without a property, the way forward is there.
    return (
      <EmptyState
        className="mt-8"
        icon="home"
        title={t("reservations.noPropertiesTitle")}
        text={t("reservations.noPropertiesText")}
        action={{
          label: t("reservations.noPropertiesAction"),
          icon: "home",
          href: ROUTES.properties,
        }}
      />
    );
  }
  return <Reservations properties={load.properties} />;
}

/** The chosen property and unit, as far as they still exist (a unit names its own property). */
function resolveChoice(choice: UnitChoice, properties: Property[]): UnitChoice {
  const owner = properties.find((property) =>
    property.accommodationUnits.some((unit) => unit.code === choice.unitCode)
  );
  if (owner) return { propertyId: owner.id, unitCode: choice.unitCode };
  const property = properties.find((item) => item.id === choice.propertyId);
  return { propertyId: property?.id ?? "", unitCode: "" };
}

/**
 * Selectors, filters and search; the table (cards on phones) with paging; and the create, edit,
 * details, guests and delete dialogs, each outcome with a snackbar (spec section 8).
 */
function Reservations({ properties }: { properties: Property[] }) {
  const { t, lang } = useTranslation();
  const [choice, setChoice] = useState(() => resolveChoice(readUnitChoice(), properties));
  const [filter, setFilter] = useState<ReservationFilter>(ReservationFilter.All);
  const list = usePagedList({
    load: ({ pageNumber, searchTerm, signal }) =>
      listReservations({
        pageNumber,
        pageSize: PAGE_SIZE,
        sortBy: "startDate",
        // What is ahead comes soonest first; what is over, most recent first.
        sortDescending: filter === ReservationFilter.Completed,
        searchValue: searchTerm,
        propertyId: choice.propertyId || undefined,
        accommodationUnitCode: choice.unitCode || undefined,
        filter,
      }, signal),
    deps: [choice.propertyId, choice.unitCode, filter],
    // A link to one stay (a calendar's note about it) opens the list on it.
    initialSearch: requestedStayCode(),
    onFailed: (error) =>
      notify(t("reservations.toast.loadFailed", { reason: describeApiError(t, error) }), {
        color: "error",
      }),
  });
  const {
    search,
    setSearch,
    searchTerm,
    setPageNumber,
    load,
    page,
    isLoading,
    reload,
    reloadAfterRemoval,
  } = list;
  const editor = useShown<ReservationDialogTarget>();
  const details = useShown<Reservation>();
  const guests = useShown<Reservation>();
  const deletion = useShown<Reservation>();

  useEffect(() => writeUnitChoice(choice), [choice]);

  function chooseUnit(next: UnitChoice) {
    setChoice(next);
    setPageNumber(1);
  }

  function chooseFilter(next: ReservationFilter) {
    setFilter(next);
    setPageNumber(1);
  }

  function openCreate() {
    editor.show({
      mode: "create",
      propertyId: choice.propertyId || undefined,
      unitCode: choice.unitCode || undefined,
    });
  }

  // The guests dialog shows the stay as last read, and while eVisitor is being written to for one
  // of its guests (a registration queued, a cancel or an undo asked for) the page is read again
  // every two seconds, quietly, so the dialog follows the worker; so too while registrations
  // cancelled before deleting a stay are on their way, so the stay can be deleted once done.
  const guestsShown = guests.value &&
    (page?.items.find((item) => item.code === guests.value!.code) ?? guests.value);
  const guestsPending = (guests.open &&
    !!guestsShown?.guests.some((guest) =>
      guest.registrationState === "queued" ||
      (guest.cancelRequestedAt && guest.status === "CheckedIn") ||
      (guest.undoCheckOutRequestedAt && guest.status === "CheckedOut")
    )) ||
    !!page?.items.some((item) =>
      item.guests.some((guest) => guest.cancelRequestedAt && guest.status === "CheckedIn")
    );
  useEffect(() => {
    if (!guestsPending) return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      list.refresh(controller.signal).catch(() => {/* the next tick tries again */});
    }, GUESTS_POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [guestsPending]);

  const isScoped = choice.propertyId !== "" || choice.unitCode !== "";
  /** Nothing to list at all (for the chosen property or unit, if one is chosen). */
  const hasNone = page !== undefined && page.totalCount === 0 && searchTerm === "" &&
    search === "" && filter === ReservationFilter.All;

  return (
    <div className="mt-8 space-y-5">
      {(!hasNone || isScoped) && (
        <div className="space-y-4 rounded-2xl border border-border bg-surface p-4 shadow-xs sm:p-5">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <UnitChoiceSelects t={t} properties={properties} value={choice} onChange={chooseUnit} />
            <div className="sm:col-span-2 lg:col-span-1 [&>div]:sm:max-w-none">
              <SearchField
                label={t("reservations.search")}
                placeholder={t("reservations.searchPlaceholder")}
                value={search}
                onChange={setSearch}
              />
            </div>
          </div>
          <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
            <StayFilterSwitch t={t} value={filter} onChange={chooseFilter} />
            <div className="flex flex-wrap items-center justify-between gap-3 lg:justify-end">
              <ListCount
                t={t}
                isLoading={isLoading && page !== undefined}
                count={load.status === "loaded"
                  ? translatePlural(lang, "reservations.count", load.page.totalCount)
                  : undefined}
              />
              <Button onClick={openCreate}>
                <Icon name="plus" className="size-5" />
                {t("reservations.create")}
              </Button>
            </div>
          </div>
        </div>
      )}

      <ListShell
        t={t}
        lang={lang}
        list={list}
        pageSize={PAGE_SIZE}
        isEmpty={hasNone}
        empty={
          <EmptyState
            icon="clipboard"
            title={t(isScoped ? "reservations.emptyScopedTitle" : "reservations.emptyTitle")}
            text={t("reservations.emptyText")}
            action={{ label: t("reservations.create"), icon: "plus", onClick: openCreate }}
          />
        }
      >
        {(page) => (
          <ReservationTable
            t={t}
            lang={lang}
            reservations={page.items}
            emptyText={t("reservations.noMatches")}
            onDetails={details.show}
            onGuests={guests.show}
            onEdit={(reservation) => editor.show({ mode: "edit", reservation })}
            onDelete={deletion.show}
          />
        )}
      </ListShell>

      {editor.value && (
        <ReservationDialog
          key={`editor-${editor.key}`}
          open={editor.open}
          target={editor.value}
          properties={properties}
          onClose={editor.hide}
          onSaved={() => {
            editor.hide();
            reload();
          }}
        />
      )}

      {details.value && (
        <ReservationDetailsDialog
          key={`details-${details.key}`}
          t={t}
          lang={lang}
          open={details.open}
          reservation={details.value}
          onShowGuests={(reservation) => {
            details.hide();
            guests.show(reservation);
          }}
          onMoved={() => {
            details.hide();
            reload();
          }}
          onClose={details.hide}
        />
      )}

      {guestsShown && (
        <GuestsDialog
          key={`guests-${guests.key}`}
          t={t}
          lang={lang}
          open={guests.open}
          reservation={guestsShown}
          onClose={guests.hide}
          onChanged={reload}
        />
      )}

      <ReservationDeletion
        t={t}
        lang={lang}
        deletion={deletion}
        onDeleted={reloadAfterRemoval}
        onQueued={reload}
      />
    </div>
  );
}
