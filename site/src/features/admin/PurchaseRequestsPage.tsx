import { useRef, useState } from "react";
import { PurchaseRequestStatus } from "@shared/enums.ts";
import type { PurchaseRequest } from "@shared/schemas/purchase-request.ts";
import type { SubscriptionChangeResult } from "@shared/schemas/subscription-admin.ts";
import { ApiError } from "../../lib/api/api-error.ts";
import {
  listPurchaseRequests,
  markAsPaid,
  type PurchaseRequestSortField,
} from "../../lib/api/subscriptions.ts";
import { formatDate } from "../../lib/format/date-time.ts";
import { notify } from "../../lib/state/snackbars.ts";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural, type TranslationKey } from "../../i18n/translate.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import { SelectField } from "../../ui/forms/SelectField.tsx";
import { AppFrame } from "../../shell/AppFrame.tsx";
import { PURCHASE_STATUSES } from "../shared-purchases/PurchaseStatusChip.tsx";
import { ListCount } from "../../ui/ListCount.tsx";
import { SearchField } from "../../ui/SearchField.tsx";
import { ListShell } from "../../shell/ListShell.tsx";
import { usePagedList } from "../../ui/use-paged-list.ts";
import { useShown } from "../../ui/use-shown.ts";
import { MarkPaidDialog } from "./MarkPaidDialog.tsx";
import { type PurchaseRequestSort, PurchaseRequestTable } from "./PurchaseRequestTable.tsx";

const PAGE_SIZE = 20;
const SUCCESS_TIMEOUT_MS = 8_000;

/** The sorts the API offers, as the phones' sort select names them. */
const SORT_FIELDS: { value: PurchaseRequestSortField; label: TranslationKey }[] = [
  { value: "created", label: "adminPurchases.sort.created" },
  { value: "status", label: "adminPurchases.sort.status" },
  { value: "price", label: "adminPurchases.sort.price" },
  { value: "email", label: "adminPurchases.sort.email" },
  { value: "packageName", label: "adminPurchases.sort.packageName" },
  { value: "length", label: "adminPurchases.sort.length" },
  { value: "referenceCode", label: "adminPurchases.sort.referenceCode" },
];

/** Newest, dearest and longest first; names and states in their order. */
const DESCENDING_FIRST = new Set<PurchaseRequestSortField>([
  "created",
  "price",
  "length",
  "referenceCode",
]);

/**
 * /admin/ponude (spec section 2): everyone's purchase requests for administrators, to confirm
 * the bank transfers that have arrived. The admin area's gate (in AppFrame) lets administrators
 * only in.
 */
export default function PurchaseRequestsPage() {
  return (
    <AppFrame titleKey="nav.purchaseRequests">
      <PurchaseRequests />
    </AppFrame>
  );
}

function PurchaseRequests() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-7xl">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        {t("nav.purchaseRequests")}
      </h1>
      <p className="mt-2 max-w-3xl text-lg text-fg-muted">{t("adminPurchases.intro")}</p>
      <PurchaseRequestList />
    </div>
  );
}

/**
 * Search (debounced), a status filter, sorting (column headers; selects on phones), pages, and
 * Mark as paid with its confirmation and outcome.
 */
function PurchaseRequestList() {
  const { t, lang } = useTranslation();
  const [sort, setSort] = useState<PurchaseRequestSort>({ by: "created", descending: true });
  const [status, setStatus] = useState<PurchaseRequestStatus>();
  const list = usePagedList({
    load: ({ pageNumber, searchTerm, signal }) =>
      listPurchaseRequests(
        {
          pageNumber,
          pageSize: PAGE_SIZE,
          searchTerm,
          sortBy: sort.by,
          sortDescending: sort.descending,
          status,
        },
        signal,
      ),
    deps: [sort, status],
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
    updateItems,
  } = list;
  const confirmation = useShown<PurchaseRequest>();
  const [markingId, setMarkingId] = useState<string>();
  // A second press before the first one re-renders the button as busy sends nothing.
  const isMarking = useRef(false);

  function sortBy(field: PurchaseRequestSortField) {
    setSort((current) =>
      current.by === field
        ? { by: field, descending: !current.descending }
        : { by: field, descending: DESCENDING_FIRST.has(field) }
    );
    setPageNumber(1);
  }

  function chooseStatus(value: string) {
    setStatus(value === "" ? undefined : Number(value) as PurchaseRequestStatus);
    setPageNumber(1);
  }

  async function confirmMarkPaid() {
    const request = confirmation.value;
    if (!request || isMarking.current) return;
    isMarking.current = true;
    setMarkingId(request.id);
    try {
      const result = await markAsPaid(request.id);
      notify(paidText(t, lang, request, result), {
        color: "success",
        timeout: SUCCESS_TIMEOUT_MS,
      });
      // The row shows its new state at once; the list is read again for the rest.
      updateItems((items) =>
        items.map((item) =>
          item.id === request.id
            ? { ...item, status: result.purchaseRequestStatus, receiptId: result.receiptId }
            : item
        )
      );
      reload();
    } catch (error) {
      notify(notPaidText(t, request, error), { color: "error" });
      // Someone else changed or removed it meanwhile: show the list as it is now.
      if (error instanceof ApiError && error.kind === "http") reload();
    } finally {
      isMarking.current = false;
      setMarkingId(undefined);
      confirmation.hide();
    }
  }

  const isFiltered = searchTerm !== "" || status !== undefined;

  return (
    <div className="mt-8 space-y-5">
      <div className="space-y-4 rounded-2xl border border-border bg-surface p-4 shadow-xs sm:p-5">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <div className="sm:col-span-2 [&>div]:sm:max-w-none">
            <SearchField
              label={t("adminPurchases.search")}
              placeholder={t("adminPurchases.searchPlaceholder")}
              value={search}
              onChange={setSearch}
            />
          </div>
          <SelectField
            name="status"
            label={t("adminPurchases.statusFilter")}
            value={status === undefined ? "" : String(status)}
            onChange={(event) => chooseStatus(event.target.value)}
            options={[
              { value: "", label: t("adminPurchases.allStatuses") },
              ...PURCHASE_STATUSES.map((item) => ({
                value: String(item.value),
                label: t(item.label),
              })),
            ]}
          />
          {/* Phones show cards without column headers: the sort is chosen here instead. */}
          <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2 desktop:hidden">
            <SelectField
              name="sortBy"
              label={t("adminPurchases.sortBy")}
              value={sort.by}
              onChange={(event) => sortBy(event.target.value as PurchaseRequestSortField)}
              options={SORT_FIELDS.map((item) => ({ value: item.value, label: t(item.label) }))}
            />
            <SelectField
              name="sortOrder"
              label={t("adminPurchases.sortOrder")}
              value={sort.descending ? "desc" : "asc"}
              onChange={(event) => {
                setSort((current) => ({ ...current, descending: event.target.value === "desc" }));
                setPageNumber(1);
              }}
              options={[
                { value: "desc", label: t("adminPurchases.sortDescending") },
                { value: "asc", label: t("adminPurchases.sortAscending") },
              ]}
            />
          </div>
        </div>
        <ListCount
          t={t}
          isLoading={isLoading && page !== undefined}
          count={load.status === "loaded"
            ? translatePlural(lang, "adminPurchases.count", load.page.totalCount)
            : undefined}
        />
      </div>

      <ListShell t={t} lang={lang} list={list} pageSize={PAGE_SIZE}>
        {(page) => (
          <PurchaseRequestTable
            t={t}
            lang={lang}
            requests={page.items}
            sort={sort}
            emptyText={isFiltered ? t("adminPurchases.noMatches") : t("adminPurchases.empty")}
            busyId={markingId}
            onSort={sortBy}
            onMarkPaid={confirmation.show}
          />
        )}
      </ListShell>

      <MarkPaidDialog
        t={t}
        lang={lang}
        open={confirmation.open}
        request={confirmation.value}
        busy={markingId !== undefined}
        onConfirm={confirmMarkPaid}
        onClose={confirmation.hide}
      />
    </div>
  );
}

/** Ends a sentence whose last word may carry its own full stop (a Croatian date: "5. stu 2026."). */
function sentence(text: string): string {
  return text.endsWith(".") ? text : `${text}.`;
}

/** "Request … is marked as paid. The subscription of … runs until …. Receipt … has been issued." */
function paidText(
  t: Translate,
  lang: Locale,
  request: PurchaseRequest,
  result: SubscriptionChangeResult,
): string {
  const parts = [t("adminPurchases.markPaid.success", { reference: request.referenceCode })];
  const end = result.subscription?.endDateUtc;
  if (end) {
    parts.push(sentence(t("adminPurchases.markPaid.activeUntil", {
      email: request.userEmail,
      date: formatDate(end, lang),
    })));
  }
  if (result.receiptNumber) {
    parts.push(t("adminPurchases.markPaid.receipt", { number: result.receiptNumber }));
  }
  return parts.join(" ");
}

/** Why a request was not marked as paid, in the page's language. */
function notPaidText(t: Translate, request: PurchaseRequest, error: unknown): string {
  const reference = request.referenceCode;
  if (error instanceof ApiError && error.code === "BadRequest") {
    // Only pending (or expired) requests can be paid: this one was cancelled or is a trial.
    return t("adminPurchases.markPaid.notPayable", { reference });
  }
  if (error instanceof ApiError && error.code === "NotFound") {
    return t("adminPurchases.markPaid.notFound", { reference });
  }
  return t("adminPurchases.markPaid.failed", { reference, reason: describeApiError(t, error) });
}
