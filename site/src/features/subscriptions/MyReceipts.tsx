import { useId, useState } from "react";
import type { Receipt } from "@shared/schemas/receipt.ts";
import { getReceiptPdf, listReceipts } from "../../lib/api/subscriptions.ts";
import { eurosText } from "../../lib/billing/money.ts";
import { saveBlob } from "../../lib/files/save-blob.ts";
import { formatDate } from "../../lib/format/date-time.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { type Translate, translatePlural } from "../../i18n/translate.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import { Button } from "../../ui/Button.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { ListShell } from "../../shell/ListShell.tsx";
import { ResponsiveTable } from "../../ui/ResponsiveTable.tsx";
import { usePagedList } from "../../ui/use-paged-list.ts";

const PAGE_SIZE = 5;
const CELL = "px-2.5 py-3 align-middle first:pl-4 last:pr-4";
const HEAD = "px-2.5 py-3 font-semibold first:pl-4 last:pr-4";

/** The host's receipts (spec section 2), newest first, each downloadable as a PDF. */
export function MyReceipts() {
  const { t, lang } = useTranslation();
  const titleId = useId();
  const list = usePagedList({
    load: ({ pageNumber, signal }) => listReceipts({ pageNumber, pageSize: PAGE_SIZE }, signal),
  });
  const [downloading, setDownloading] = useState<string>();

  async function download(receipt: Receipt) {
    setDownloading(receipt.id);
    try {
      saveBlob(await getReceiptPdf(receipt.id), `racun-${receipt.number}.pdf`);
    } catch (error) {
      notify(t("receipts.downloadFailed", { reason: describeApiError(t, error) }), {
        color: "error",
      });
    } finally {
      setDownloading(undefined);
    }
  }

  const downloadButton = (receipt: Receipt) => (
    <DownloadButton
      t={t}
      receipt={receipt}
      busy={downloading === receipt.id}
      onDownload={download}
    />
  );

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="text-xl font-bold">{t("receipts.title")}</h2>
      <p className="mt-1 text-fg-muted">{t("receipts.intro")}</p>
      <div className="mt-4 space-y-4">
        <ListShell t={t} lang={lang} list={list} pageSize={PAGE_SIZE} loadingClassName="py-8">
          {(page) => (
            <ResponsiveTable
              items={page.items}
              keyOf={(receipt) => receipt.id}
              caption={t("receipts.title")}
              minWidth="min-w-[38rem]"
              columnCount={5}
              columns={
                <>
                  <th scope="col" className={HEAD}>{t("receipts.number")}</th>
                  <th scope="col" className={HEAD}>{t("purchase.package")}</th>
                  <th scope="col" className={`${HEAD} text-right`}>{t("purchase.amount")}</th>
                  <th scope="col" className={HEAD}>{t("receipts.date")}</th>
                  <th scope="col" className={`${HEAD} text-right`}>
                    <span className="sr-only">{t("purchase.actions")}</span>
                  </th>
                </>
              }
              row={(receipt) => (
                <>
                  <th scope="row" className={`${CELL} font-mono text-sm font-semibold`}>
                    {receipt.number}
                  </th>
                  <td className={CELL}>
                    {t("purchase.packageName", { name: receipt.packageName })}
                    <span className="text-fg-muted">
                      {" · "}
                      {translatePlural(lang, "plans.months", receipt.subscriptionLength)}
                    </span>
                  </td>
                  <td className={`${CELL} text-right font-semibold whitespace-nowrap tabular-nums`}>
                    {eurosText(receipt.price, lang)}
                  </td>
                  <td className={`${CELL} whitespace-nowrap`}>
                    <time dateTime={receipt.created}>{formatDate(receipt.created, lang)}</time>
                  </td>
                  <td className={`${CELL} text-right`}>{downloadButton(receipt)}</td>
                </>
              )}
              card={(receipt) => (
                <>
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="font-mono font-semibold">{receipt.number}</span>
                    <span className="font-semibold tabular-nums">
                      {eurosText(receipt.price, lang)}
                    </span>
                  </div>
                  <p className="mt-1 text-sm text-fg-muted">
                    {t("purchase.packageName", { name: receipt.packageName })} ·{" "}
                    {translatePlural(lang, "plans.months", receipt.subscriptionLength)} ·{" "}
                    <time dateTime={receipt.created}>{formatDate(receipt.created, lang)}</time>
                  </p>
                  <div className="mt-3 border-t border-border pt-3">{downloadButton(receipt)}</div>
                </>
              )}
              emptyText={t("receipts.empty")}
            />
          )}
        </ListShell>
      </div>
    </section>
  );
}

function DownloadButton(
  { t, receipt, busy, onDownload }: {
    t: Translate;
    receipt: Receipt;
    busy: boolean;
    onDownload: (receipt: Receipt) => void;
  },
) {
  return (
    <Button variant="secondary" size="sm" busy={busy} onClick={() => onDownload(receipt)}>
      {!busy && <Icon name="download" className="size-4" />}
      {t("receipts.download")}
      <span className="sr-only">{` ${receipt.number}`}</span>
    </Button>
  );
}
