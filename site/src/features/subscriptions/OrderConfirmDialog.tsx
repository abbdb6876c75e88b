import type { SubscriptionPackage } from "@shared/schemas/subscription-package.ts";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural } from "../../i18n/translate.ts";
import { eurosText } from "../../lib/billing/money.ts";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";

/** A package and the months chosen, waiting for the host to confirm the order. */
export interface OrderChoice {
  pkg: SubscriptionPackage;
  months: number;
}

/**
 * Asks before ordering: which package, for how long, what is paid and how, and that the payment
 * details also come by e-mail. Cancel orders nothing.
 */
export function OrderConfirmDialog(
  { t, lang, choice, busy, onConfirm, onClose }: {
    t: Translate;
    lang: Locale;
    choice: OrderChoice | undefined;
    busy: boolean;
    onConfirm: () => void;
    onClose: () => void;
  },
) {
  const period = choice?.pkg.availablePeriods.find((p) => p.length === choice.months);
  return (
    <ConfirmDialog
      t={t}
      open={choice !== undefined}
      title={t("order.confirmTitle", { name: choice?.pkg.name ?? "" })}
      confirmLabel={t("order.confirm")}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {choice && period && (
        <div className="space-y-2">
          <p>
            {t("order.confirmText", {
              name: choice.pkg.name,
              period: translatePlural(lang, "plans.months", choice.months),
              amount: eurosText(period.totalPrice, lang),
            })}
          </p>
          <p>{t("order.confirmEmail")}</p>
        </div>
      )}
    </ConfirmDialog>
  );
}
