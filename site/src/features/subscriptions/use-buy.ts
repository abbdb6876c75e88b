import { useState } from "react";
import { createPurchaseRequest } from "../../lib/api/subscriptions.ts";
import { paymentPageUrl } from "../../lib/billing/payment-link.ts";
import { navigateTo } from "../../lib/navigation/follow-link.ts";
import { notify } from "../../lib/state/snackbars.ts";
import type { Translate } from "../../i18n/translate.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import type { OrderChoice } from "./OrderConfirmDialog.tsx";

/**
 * Buying: `ask` opens the order's confirmation (OrderConfirmDialog shows `choice`); `confirm`
 * orders the package for the months chosen (the same pending order comes back for the same
 * choice) and opens its payment page. `buying` names the package on its way.
 */
export function useBuy(t: Translate) {
  const [choice, setChoice] = useState<OrderChoice>();
  const [buying, setBuying] = useState<string>();

  async function confirm() {
    if (!choice) return;
    setBuying(choice.pkg.id);
    try {
      const order = await createPurchaseRequest(choice.pkg.id, choice.months);
      navigateTo(paymentPageUrl(order.purchaseRequestId));
      // The button keeps spinning until the payment page shows.
    } catch (error) {
      setBuying(undefined);
      setChoice(undefined);
      notify(t("plans.buyFailed", { reason: describeApiError(t, error) }), { color: "error" });
    }
  }

  return {
    choice,
    buying,
    ask: (next: OrderChoice) => setChoice(next),
    cancel: () => buying === undefined && setChoice(undefined),
    confirm,
  };
}
