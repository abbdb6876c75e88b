import { useId } from "react";
import { PurchaseRequestStatus } from "@shared/enums.ts";
import type { PurchaseRequest } from "@shared/schemas/purchase-request.ts";
import { listPurchaseRequests } from "../../lib/api/subscriptions.ts";
import { eurosText } from "../../lib/billing/money.ts";
import { paymentPageUrl } from "../../lib/billing/payment-link.ts";
import { formatDate, formatDateTime } from "../../lib/format/date-time.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import type { Translate } from "../../i18n/translate.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { buttonClass } from "../../ui/button-styles.ts";
import { Icon } from "../../ui/Icon.tsx";
import { ListShell } from "../../shell/ListShell.tsx";
import { ResponsiveTable } from "../../ui/ResponsiveTable.tsx";
import { usePagedList } from "../../ui/use-paged-list.ts";
import { PackageAndLength } from "../shared-purchases/PackageAndLength.tsx";
import { PurchaseStatusChip } from "../shared-purchases/PurchaseStatusChip.tsx";

const PAGE_SIZE = 5;
const CELL = "px-2.5 py-3 align-middle first:pl-4 last:pr-4";
const HEAD = "px-2.5 py-3 font-semibold first:pl-4 last:pr-4";

/**
 * The host's purchase requests (spec section 2), newest first: what, reference, amount, status,
 * when, and the way to the payment instructions while one waits for payment.
 */
export function MyPurchaseRequests() {
  const { t, lang } = useTranslation();
  const titleId = useId();
  const list = usePagedList({
    load: ({ pageNumber, signal }) =>
      listPurchaseRequests({ pageNumber, pageSize: PAGE_SIZE, mine: true }, signal),
  });

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="text-xl font-bold">{t("purchase.mine.title")}</h2>
      <p className="mt-1 text-fg-muted">{t("purchase.mine.intro")}</p>
      <div className="mt-4 space-y-4">
        <ListShell t={t} lang={lang} list={list} pageSize={PAGE_SIZE} loadingClassName="py-8">
          {(page) => (
            <ResponsiveTable
              items={page.items}
              keyOf={(request) => request.id}
              caption={t("purchase.mine.title")}
              minWidth="min-w-[44rem]"
              columnCount={6}
              columns={
                <>
                  <th scope="col" className={HEAD}>{t("purchase.package")}</th>
                  <th scope="col" className={HEAD}>{t("purchase.reference")}</th>
                  <th scope="col" className={`${HEAD} text-right`}>{t("purchase.amount")}</th>
                  <th scope="col" className={HEAD}>{t("purchase.status")}</th>
                  <th scope="col" className={HEAD}>{t("purchase.created")}</th>
                  <th scope="col" className={`${HEAD} text-right`}>
                    <span className="sr-only">{t("purchase.actions")}</span>
                  </th>
                </>
              }
              row={(request) => (
                <>
                  <th scope="row" className={`${CELL} font-normal`}>
                    <PackageAndLength t={t} lang={lang} request={request} />
                  </th>
                  <td className={`${CELL} font-mono text-sm whitespace-nowrap`}>
                    {request.referenceCode}
                  </td>
                  <td className={`${CELL} text-right font-semibold whitespace-nowrap tabular-nums`}>
                    {eurosText(request.price, lang)}
                  </td>
                  <td className={CELL}>
                    <PurchaseStatusChip t={t} status={request.status} />
                  </td>
                  <td className={`${CELL} whitespace-nowrap`}>
                    <time dateTime={request.created} title={formatDateTime(request.created, lang)}>
                      {formatDate(request.created, lang)}
                    </time>
                  </td>
                  <td className={`${CELL} text-right`}>
                    <PayLink t={t} request={request} />
                  </td>
                </>
              )}
              card={(request) => (
                <>
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <PackageAndLength t={t} lang={lang} request={request} />
                    <PurchaseStatusChip t={t} status={request.status} />
                  </div>
                  <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
                    <div>
                      <dt className="text-fg-muted">{t("purchase.reference")}</dt>
                      <dd className="font-mono">{request.referenceCode}</dd>
                    </div>
                    <div>
                      <dt className="text-fg-muted">{t("purchase.amount")}</dt>
                      <dd className="font-semibold tabular-nums">
                        {eurosText(request.price, lang)}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-fg-muted">{t("purchase.created")}</dt>
                      <dd>
                        <time dateTime={request.created}>{formatDate(request.created, lang)}</time>
                      </dd>
                    </div>
                  </dl>
                  {request.status === PurchaseRequestStatus.Pending && (
                    <div className="mt-3 border-t border-border pt-3">
                      <PayLink t={t} request={request} />
                    </div>
                  )}
                </>
              )}
              emptyText={t("purchase.mine.empty")}
            />
          )}
        </ListShell>
      </div>
    </section>
  );
}

/** While a request waits for its payment: the way to its payment instructions. */
function PayLink({ t, request }: { t: Translate; request: PurchaseRequest }) {
  if (request.status !== PurchaseRequestStatus.Pending) return null;
  return (
    <a
      href={paymentPageUrl(request.id)}
      onClick={markNavigation}
      className={`${buttonClass("secondary", "sm")} whitespace-nowrap`}
    >
      <Icon name="qr" className="size-4" />
      {t("purchase.howToPay")}
      <span className="sr-only">{` ${request.referenceCode}`}</span>
    </a>
  );
}
