import { PurchaseRequestStatus } from "@shared/enums.ts";
import type { PurchaseRequest } from "@shared/schemas/purchase-request.ts";
import type { PurchaseRequestSortField } from "../../lib/api/subscriptions.ts";
import { eurosText } from "../../lib/billing/money.ts";
import { formatDate, formatDateTime } from "../../lib/format/date-time.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate, TranslationKey } from "../../i18n/translate.ts";
import { Button } from "../../ui/Button.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { SortableHeader } from "../../ui/SortableHeader.tsx";
import { PackageAndLength } from "../shared-purchases/PackageAndLength.tsx";
import { ResponsiveTable } from "../../ui/ResponsiveTable.tsx";
import { PurchaseStatusChip } from "../shared-purchases/PurchaseStatusChip.tsx";
import { BreakableEmail } from "../../ui/BreakableEmail.tsx";

export interface PurchaseRequestSort {
  by: PurchaseRequestSortField;
  descending: boolean;
}

interface PurchaseRequestTableProps {
  t: Translate;
  lang: Locale;
  requests: PurchaseRequest[];
  sort: PurchaseRequestSort;
  /** Said when the page has none. */
  emptyText: string;
  /** The request being marked as paid right now, if any. */
  busyId?: string;
  onSort: (field: PurchaseRequestSortField) => void;
  onMarkPaid: (request: PurchaseRequest) => void;
}

const CELL = "px-2 py-3 align-middle first:pl-4 last:pr-4";
const HEAD = "px-2 py-3 font-semibold first:pl-4 last:pr-4";

/**
 * Everyone's purchase requests: id, package with its length, user, reference, price, status and
 * when ordered. Mark as paid stands under the status of those waiting for their payment (a column
 * of its own would not fit beside the sidebar). A table on wider screens (sorted on its column
 * headers), a list of cards on phones.
 */
export function PurchaseRequestTable(props: PurchaseRequestTableProps) {
  const { t, lang, requests, sort, emptyText, onSort } = props;
  const header = (field: PurchaseRequestSortField, label: TranslationKey, alignEnd = false) => (
    <SortableHeader
      t={t}
      field={field}
      label={label}
      sort={sort}
      onSort={onSort}
      className={`px-0.5 py-1.5 first:pl-2 ${alignEnd ? "text-right" : ""}`}
      buttonPadding="px-1.5"
    />
  );
  return (
    <ResponsiveTable
      items={requests}
      keyOf={(request) => request.id}
      caption={t("nav.purchaseRequests")}
      minWidth="min-w-[54rem]"
      columnCount={7}
      columns={
        <>
          <th scope="col" className={HEAD}>{t("adminPurchases.id")}</th>
          {header("packageName", "purchase.package")}
          {header("email", "adminPurchases.email")}
          {header("referenceCode", "purchase.reference")}
          {header("price", "purchase.amount", true)}
          {header("status", "purchase.status")}
          {header("created", "purchase.created")}
        </>
      }
      row={(request) => (
        <>
          <td className={CELL}>
            <span
              title={request.id}
              className="block max-w-16 truncate font-mono text-xs text-fg-muted"
            >
              {request.id}
            </span>
          </td>
          <td className={CELL}>
            <PackageAndLength t={t} lang={lang} request={request} />
          </td>
          <td className={`${CELL} max-w-52`}>
            <BreakableEmail email={request.userEmail} />
          </td>
          <th scope="row" className={`${CELL} font-mono text-sm font-normal whitespace-nowrap`}>
            {request.referenceCode}
          </th>
          <td className={`${CELL} text-right font-semibold whitespace-nowrap tabular-nums`}>
            {eurosText(request.price, lang)}
          </td>
          <td className={CELL}>
            {/* The way on from "awaiting payment" stands under it. */}
            <div className="flex flex-col items-start gap-2">
              <Status t={t} lang={lang} request={request} />
              <MarkPaidButton {...props} request={request} />
            </div>
          </td>
          <td className={`${CELL} whitespace-nowrap`}>
            <time dateTime={request.created} title={formatDateTime(request.created, lang)}>
              {formatDate(request.created, lang)}
            </time>
          </td>
        </>
      )}
      card={(request) => (
        <>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <PackageAndLength t={t} lang={lang} request={request} />
            <Status t={t} lang={lang} request={request} />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
            <div className="col-span-2 min-w-0">
              <dt className="text-fg-muted">{t("adminPurchases.user")}</dt>
              <dd className="font-semibold">
                <BreakableEmail email={request.userEmail} />
              </dd>
            </div>
            <div>
              <dt className="text-fg-muted">{t("purchase.reference")}</dt>
              <dd className="font-mono">{request.referenceCode}</dd>
            </div>
            <div>
              <dt className="text-fg-muted">{t("purchase.amount")}</dt>
              <dd className="font-semibold tabular-nums">{eurosText(request.price, lang)}</dd>
            </div>
            <div>
              <dt className="text-fg-muted">{t("purchase.created")}</dt>
              <dd>
                <time dateTime={request.created}>{formatDateTime(request.created, lang)}</time>
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-fg-muted">{t("adminPurchases.id")}</dt>
              <dd title={request.id} className="truncate font-mono text-xs leading-5">
                {request.id}
              </dd>
            </div>
          </dl>
          {request.status === PurchaseRequestStatus.Pending && (
            <div className="mt-3 border-t border-border pt-3">
              <MarkPaidButton {...props} request={request} />
            </div>
          )}
        </>
      )}
      emptyText={emptyText}
    />
  );
}

/** The status chip, and once paid, when the payment was confirmed. */
function Status({ t, lang, request }: { t: Translate; lang: Locale; request: PurchaseRequest }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <PurchaseStatusChip t={t} status={request.status} />
      {request.status === PurchaseRequestStatus.Paid && request.paidAt && (
        <time
          dateTime={request.paidAt}
          title={formatDateTime(request.paidAt, lang)}
          className="text-xs whitespace-nowrap text-fg-muted"
        >
          {t("adminPurchases.paidAt", { date: formatDate(request.paidAt, lang) })}
        </time>
      )}
    </span>
  );
}

/**
 * Mark as paid, for a request waiting for its payment; the reference (for screen readers) tells
 * the rows' buttons apart.
 */
function MarkPaidButton(
  { t, request, busyId, onMarkPaid }: PurchaseRequestTableProps & { request: PurchaseRequest },
) {
  if (request.status !== PurchaseRequestStatus.Pending) return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      className="whitespace-nowrap"
      busy={busyId === request.id}
      disabled={busyId !== undefined}
      onClick={() => onMarkPaid(request)}
    >
      {busyId !== request.id && <Icon name="checkCircle" className="size-4" />}
      {t("adminPurchases.markPaid")}
      <span className="sr-only">{` ${request.referenceCode}`}</span>
    </Button>
  );
}
