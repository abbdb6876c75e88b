import type { PurchaseRequest } from "@shared/schemas/purchase-request.ts";
import { eurosText } from "../../lib/billing/money.ts";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural } from "../../i18n/translate.ts";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { BreakableEmail } from "../../ui/BreakableEmail.tsx";

interface MarkPaidDialogProps {
  t: Translate;
  lang: Locale;
  open: boolean;
  /** The request asked about; kept while the dialog fades out. */
  request: PurchaseRequest | undefined;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before a request is marked as paid: whether the money has arrived, with what to compare
 * against the bank statement (who, what, how much, which reference), and what follows.
 */
export function MarkPaidDialog(
  { t, lang, open, request, busy, onConfirm, onClose }: MarkPaidDialogProps,
) {
  return (
    <ConfirmDialog
      t={t}
      open={open}
      title={t("adminPurchases.markPaid.title")}
      confirmLabel={t("adminPurchases.markPaid.confirm")}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p className="font-semibold text-fg">{t("adminPurchases.markPaid.question")}</p>
      {request && (
        <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-xl border border-border bg-surface-muted/50 px-4 py-3 text-[0.9375rem]">
          <dt>{t("adminPurchases.user")}</dt>
          <dd className="font-semibold text-fg">
            <BreakableEmail email={request.userEmail} />
          </dd>
          <dt>{t("purchase.package")}</dt>
          <dd className="font-semibold text-fg">
            {t("purchase.packageName", { name: request.packageName })}
          </dd>
          <dt>{t("adminPurchases.length")}</dt>
          <dd className="font-semibold text-fg">
            {translatePlural(lang, "plans.months", request.subscriptionLength)}
          </dd>
          <dt>{t("purchase.amount")}</dt>
          <dd className="font-semibold text-fg tabular-nums">{eurosText(request.price, lang)}</dd>
          <dt>{t("purchase.reference")}</dt>
          <dd className="font-mono font-semibold text-fg">{request.referenceCode}</dd>
        </dl>
      )}
      <p className="mt-3 text-sm">{t("adminPurchases.markPaid.text")}</p>
    </ConfirmDialog>
  );
}
