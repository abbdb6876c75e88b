/*
 * The guests page's content as one piece: the filters, the list, its actions and the six dialogs
 * they open all share the chosen property, the paged list and the guests' busy marks; split apart,
 * each part would take a dozen props. What stands alone lives beside it: the table
 * (GuestTable, GuestRowActions), the check-out watch (use-check-out-watch.ts) and each dialog.
 */
import { useEffect, useMemo, useState } from "react";
import { GuestForm } from "@shared/schemas/guest.ts";
import type { GuestListItem } from "@shared/schemas/guest-list.ts";
import type { Property } from "@shared/schemas/property.ts";
import { roleMay } from "@shared/property-rights.ts";
import {
  approveStayGuests,
  checkInGuests,
  checkOutGuests,
  getGuestDetails,
  type GuestSortField,
  listGuests,
  sendGuestsAgain,
  undoCheckOuts,
} from "../../lib/api/guests.ts";
import { ApiError } from "../../lib/api/api-error.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { translatePlural } from "../../i18n/translate.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import { SelectField } from "../../ui/forms/SelectField.tsx";
import { Button } from "../../ui/Button.tsx";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { RemoveGuestDialog } from "../shared-guests/RemoveGuestDialog.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { ListCount } from "../../ui/ListCount.tsx";
import { LoadFailedNotice } from "../../ui/LoadFailedNotice.tsx";
import { LoadingState } from "../../ui/LoadingState.tsx";
import { SearchField } from "../../ui/SearchField.tsx";
import { usePagedList } from "../../ui/use-paged-list.ts";
import { useShown } from "../../ui/use-shown.ts";
import { ListShell } from "../../shell/ListShell.tsx";
import { usePropertyChoices } from "../../lib/state/use-property-choices.ts";
import { DueNowSummary } from "./DueNowSummary.tsx";
import { guestFormInput, valuesOfGuest } from "./guest-form-values.ts";
import { GuestFormDialog, type GuestFormTarget } from "./GuestFormDialog.tsx";
import {
  CancelRegistrationDialog,
  type CancelTarget,
} from "../shared-guests/CancelRegistrationDialog.tsx";
import { TaxCategoryDialog, type TaxCategoryTarget } from "./TaxCategoryDialog.tsx";
import { type GuestStatusChoice, GuestStatusFilter } from "./GuestStatusFilter.tsx";
import { GuestTable } from "./GuestTable.tsx";
import { readPropertyId, writePropertyId } from "../../lib/navigation/guests-page-query.ts";
import { ProofOfResidenceDialog } from "./ProofOfResidenceDialog.tsx";
import { useNow } from "../../lib/state/use-now.ts";
import { useCheckOutWatch } from "./use-check-out-watch.ts";

const PAGE_SIZE = 20;
/** While eVisitor is being written to, the list is read again this often. */
const POLL_MS = 2_000;

/**
 * The guests page's content. A property must be chosen (spec section 2): the one in the address,
 * else the first; without any property, the way to add them.
 */
export function GuestList() {
  const { t } = useTranslation();
  const { load, retry } = usePropertyChoices();

  if (load.status === "loading") return <LoadingState t={t} className="mt-8" />;
  if (load.status === "failed") {
    return (
      <div className="mt-8">
        <LoadFailedNotice t={t} error={load.error} onRetry={retry} />
      </div>
    );
  }
  if (load.properties.length === 0) {
    return (
      <EmptyState
        className="mt-8"
        icon="home"
        title={t("guests.noPropertiesTitle")}
        text={t("guests.noPropertiesText")}
        action={{ label: t("guests.noPropertiesAction"), icon: "home", href: ROUTES.properties }}
      />
    );
  }
  return <Guests properties={load.properties} />;
}

function Guests({ properties }: { properties: Property[] }) {
  const { t, lang } = useTranslation();
  const [propertyId, setPropertyId] = useState(() => {
    const asked = readPropertyId();
    return properties.some((property) => property.id === asked) ? asked : properties[0].id;
  });
  const property = properties.find((item) => item.id === propertyId) ?? properties[0];
  const [status, setStatus] = useState<GuestStatusChoice>("All");
  const [sortBy, setSortBy] = useState<GuestSortField>("arrival");
  const list = usePagedList({
    load: ({ pageNumber, searchTerm, signal }) =>
      listGuests({
        propertyId,
        pageNumber,
        pageSize: PAGE_SIZE,
        sortBy,
        searchValue: searchTerm,
        status: status === "All" ? undefined : status,
      }, signal),
    deps: [propertyId, status, sortBy],
    onFailed: (error) =>
      notify(t("guests.toast.loadFailed", { reason: describeApiError(t, error) }), {
        color: "error",
      }),
  });
  const { page, load, isLoading } = list;
  const now = useNow();
  const details = useShown<GuestListItem>();
  const editor = useShown<GuestFormTarget>();
  const checkOut = useShown<GuestListItem>();
  const removal = useShown<GuestListItem>();
  const [isCheckingOut, setCheckingOut] = useState(false);
  const cancellation = useShown<CancelTarget>();
  const category = useShown<TaxCategoryTarget>();
  const undo = useShown<GuestListItem>();
  const [isUndoing, setUndoing] = useState(false);
  const [busy, setBusy] = useState<Map<string, "edit" | "register" | "approve">>(new Map());

  useEffect(() => writePropertyId(propertyId), [propertyId]);

  // The summary follows the list: read again whenever a guest's status or registration moved.
  const signature = useMemo(
    () =>
      page?.items.map((guest) => `${guest.id}:${guest.status}:${guest.registrationState}`).join(
        ",",
      ) ?? "",
    [page],
  );
  const [version, setVersion] = useState(0);
  useEffect(() => setVersion((n) => n + 1), [signature]);

  const { pending, expect: expectCheckOut } = useCheckOutWatch(t, page);

  // While eVisitor is being written to (a registration queued, a check-out asked for), the page
  // is read again every two seconds, quietly, until the worker is done.
  const waiting = pending.size > 0 ||
    (page?.items.some((guest) =>
      guest.registrationState === "queued" ||
      (guest.cancelRequestedAt && guest.status === "CheckedIn") ||
      (guest.undoCheckOutRequestedAt && guest.status === "CheckedOut")
    ) ?? false);
  useEffect(() => {
    if (!waiting) return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      list.refresh(controller.signal).catch(() => {/* the next tick tries again */});
    }, POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [waiting, propertyId, status, sortBy, list.pageNumber, list.searchTerm]);

  function markBusy(id: string, what?: "edit" | "register" | "approve") {
    setBusy((current) => {
      const next = new Map(current);
      if (what) next.set(id, what);
      else next.delete(id);
      return next;
    });
  }

  function chooseProperty(id: string) {
    setPropertyId(id);
    list.setPageNumber(1);
  }

  function chooseStatus(next: GuestStatusChoice) {
    setStatus(next);
    list.setPageNumber(1);
  }

  async function openEdit(guest: GuestListItem) {
    markBusy(guest.id, "edit");
    try {
      const stored = await getGuestDetails(guest.externalId, propertyId);
      editor.show({ mode: "edit", item: guest, guest: stored });
    } catch (error) {
      notify(t("guests.toast.detailsFailed", { reason: describeApiError(t, error) }), {
        color: "error",
      });
    } finally {
      markBusy(guest.id);
    }
  }

  /**
   * Approves the one guest the host sees waiting (or declined on the e-mailed page): this guest
   * and no other of the stay (issue 32).
   */
  async function approve(guest: GuestListItem) {
    markBusy(guest.id, "approve");
    try {
      const { approved } = await approveStayGuests(guest.reservationCode, [guest.id]);
      notify(
        t(approved > 0 ? "guests.toast.approved" : "guests.toast.approveNone", {
          name: guest.surnameAndName,
        }),
        { color: approved > 0 ? "success" : "info" },
      );
      list.reload();
    } catch (error) {
      notify(t("guests.toast.approveFailed", { reason: describeApiError(t, error) }), {
        color: "error",
      });
    } finally {
      markBusy(guest.id);
    }
  }

  /**
   * Sends the guest as stored to eVisitor again; what its rules refuse opens the form. Without
   * the right to read documents (reception) the server sends the stored record itself.
   */
  async function register(guest: GuestListItem) {
    // Held because no category fits the age by itself: the host's choice goes with it.
    if (guest.registrationFailure?.code === "payment-category-choice") {
      category.show({
        id: guest.id,
        name: guest.surnameAndName,
        reservationCode: guest.reservationCode,
      });
      return;
    }
    markBusy(guest.id, "register");
    let stored;
    try {
      if (!roleMay(property.role ?? "Owner", "documents")) {
        await sendGuestsAgain([guest.id]);
        notify(t("guests.toast.sent", { name: guest.surnameAndName }), { color: "success" });
        list.reload();
        return;
      }
      stored = await getGuestDetails(guest.externalId, propertyId);
      const parsed = GuestForm.safeParse(guestFormInput(valuesOfGuest(stored)));
      if (!parsed.success) {
        notify(t("guests.toast.fixFirst", { name: guest.surnameAndName }), { color: "warning" });
        editor.show({ mode: "edit", item: guest, guest: stored });
        return;
      }
      await checkInGuests([{
        id: guest.id,
        reservationCode: guest.reservationCode,
        guest: parsed.data,
      }]);
      notify(t("guests.toast.sent", { name: guest.surnameAndName }), { color: "success" });
      list.reload();
    } catch (error) {
      if (stored && error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        notify(t("guests.toast.fixFirst", { name: guest.surnameAndName }), { color: "warning" });
        editor.show({ mode: "edit", item: guest, guest: stored, failure: error });
      } else {
        notify(t("guests.toast.sendFailed", { reason: describeApiError(t, error) }), {
          color: "error",
        });
      }
    } finally {
      markBusy(guest.id);
    }
  }

  async function confirmCheckOut() {
    const guest = checkOut.value;
    if (!guest) return;
    setCheckingOut(true);
    try {
      await checkOutGuests([guest.id]);
      expectCheckOut(guest);
      notify(t("guests.toast.checkOutSent", { name: guest.surnameAndName }), { color: "info" });
    } catch (error) {
      notify(t("guests.toast.checkOutFailed", { reason: describeApiError(t, error) }), {
        color: "error",
      });
    } finally {
      setCheckingOut(false);
      checkOut.hide();
    }
  }

  async function confirmUndo() {
    const guest = undo.value;
    if (!guest) return;
    setUndoing(true);
    try {
      await undoCheckOuts([guest.id]);
      notify(t("guests.toast.undoSent", { name: guest.surnameAndName }), { color: "info" });
      list.reload();
    } catch (error) {
      notify(t("guests.toast.undoFailed", { reason: describeApiError(t, error) }), {
        color: "error",
      });
    } finally {
      setUndoing(false);
      undo.hide();
    }
  }

  /** The reservations page with the guest's unit chosen (its stay is among the unit's). */
  function stayLink(guest: GuestListItem): string {
    const unit = property.accommodationUnits.find((item) =>
      item.name === guest.accommodationUnitName
    );
    const query = new URLSearchParams({ propertyId: property.id });
    if (unit) query.set("unit", unit.code);
    return `${ROUTES.reservations}?${query}`;
  }

  const hasNone = page !== undefined && page.totalCount === 0 && list.searchTerm === "" &&
    list.search === "" && status === "All";

  return (
    <div className="mt-8 space-y-5">
      <div className="space-y-4 rounded-2xl border border-border bg-surface p-4 shadow-xs sm:p-5">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <SelectField
            name="propertyFilter"
            label={t("guests.property")}
            value={propertyId}
            onChange={(event) => chooseProperty(event.target.value)}
            options={properties.map((item) => ({ value: item.id, label: item.name }))}
          />
          <SelectField
            name="sortBy"
            label={t("guests.sort")}
            value={sortBy}
            onChange={(event) => {
              setSortBy(event.target.value as GuestSortField);
              list.setPageNumber(1);
            }}
            options={[
              { value: "arrival", label: t("guests.sort.arrival") },
              { value: "name", label: t("guests.sort.name") },
              { value: "created", label: t("guests.sort.created") },
            ]}
          />
          <div className="sm:col-span-2 lg:col-span-1 [&>div]:sm:max-w-none">
            <SearchField
              label={t("guests.search")}
              placeholder={t("guests.searchPlaceholder")}
              value={list.search}
              onChange={list.setSearch}
            />
          </div>
        </div>
        <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
          <GuestStatusFilter t={t} value={status} onChange={chooseStatus} />
          <div className="flex flex-wrap items-center justify-between gap-3 lg:justify-end">
            <ListCount
              t={t}
              isLoading={isLoading && page !== undefined}
              count={load.status === "loaded"
                ? translatePlural(lang, "guests.count", load.page.totalCount)
                : undefined}
            />
            <Button onClick={() => editor.show({ mode: "add" })}>
              <Icon name="plus" className="size-5" />
              {t("guests.add")}
            </Button>
          </div>
        </div>
      </div>

      {!hasNone && (
        <DueNowSummary t={t} lang={lang} propertyId={propertyId} version={version} now={now} />
      )}

      <ListShell
        t={t}
        lang={lang}
        list={list}
        pageSize={PAGE_SIZE}
        isEmpty={hasNone}
        empty={
          <EmptyState
            icon="users"
            title={t("guests.emptyTitle", { property: property.name })}
            text={t("guests.emptyText")}
            action={{
              label: t("guests.emptyAction"),
              icon: "clipboard",
              href: `${ROUTES.reservations}?propertyId=${encodeURIComponent(property.id)}`,
            }}
          />
        }
      >
        {(page) => (
          <GuestTable
            t={t}
            lang={lang}
            guests={page.items}
            stayLink={stayLink}
            checkingOut={new Set(pending.keys())}
            busy={busy}
            now={now}
            emptyText={t("guests.noMatches")}
            onDetails={details.show}
            documents={roleMay(property.role ?? "Owner", "documents")}
            onEdit={openEdit}
            onCheckOut={checkOut.show}
            onRegister={register}
            onApprove={approve}
            onRemove={removal.show}
            onCancel={(guest) =>
              cancellation.show({ guests: [{ id: guest.id, name: guest.surnameAndName }] })}
            onUndoCheckOut={undo.show}
          />
        )}
      </ListShell>

      {details.value && (
        <ProofOfResidenceDialog
          key={`details-${details.key}`}
          t={t}
          lang={lang}
          open={details.open}
          guest={details.value}
          onClose={details.hide}
        />
      )}

      {editor.value && (
        <GuestFormDialog
          key={`editor-${editor.key}`}
          open={editor.open}
          target={editor.value}
          propertyId={propertyId}
          onClose={editor.hide}
          onSaved={() => {
            editor.hide();
            list.reload();
          }}
        />
      )}

      {cancellation.value && (
        <CancelRegistrationDialog
          key={`cancel-${cancellation.key}`}
          t={t}
          open={cancellation.open}
          target={cancellation.value}
          onClose={cancellation.hide}
          onQueued={() => list.reload()}
        />
      )}

      {category.value && (
        <TaxCategoryDialog
          key={`category-${category.key}`}
          t={t}
          open={category.open}
          target={category.value}
          onClose={category.hide}
          onQueued={() => list.reload()}
        />
      )}

      <RemoveGuestDialog
        t={t}
        open={removal.open}
        guest={removal.value &&
          { id: removal.value.id, name: removal.value.surnameAndName }}
        onClose={removal.hide}
        onRemoved={() => list.reload()}
      />

      <ConfirmDialog
        t={t}
        open={undo.open}
        title={t("guests.undo.title")}
        confirmLabel={t("guests.undo.confirm")}
        busy={isUndoing}
        onConfirm={confirmUndo}
        onClose={undo.hide}
      >
        <p>
          {undo.value
            ? t("guests.undo.text", {
              name: undo.value.surnameAndName,
              unit: undo.value.accommodationUnitName,
            })
            : ""}
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        t={t}
        open={checkOut.open}
        title={t("guests.checkOutTitle")}
        confirmLabel={t("guests.checkOutConfirm")}
        busy={isCheckingOut}
        onConfirm={confirmCheckOut}
        onClose={checkOut.hide}
      >
        <p>
          {checkOut.value
            ? t("guests.checkOutText", {
              name: checkOut.value.surnameAndName,
              unit: checkOut.value.accommodationUnitName,
            })
            : ""}
        </p>
      </ConfirmDialog>
    </div>
  );
}
