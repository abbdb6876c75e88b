import { useState } from "react";
import { createPurchaseRequest } from "../../lib/api/subscriptions.ts";
import { paymentPageUrl } from "../../lib/billing/payment-link.ts";
import { navigateTo } from "../../lib/navigation/follow-link.ts";
import { notify } from "../../lib/state/snackbars.ts";
import type { Translate } from "../../i18n/translate.ts";
import { describeApiError } from "../../i18n/server-messages.ts";

/**
 * Buying: orders the package for the months chosen (the same pending order comes back for the
 * same choice) and opens its payment page. `buying` names the package on its way.
 */
export function useBuy(t: Translate) {
  const [buying, setBuying] = useState<string>();

  async function buy(packageId: string, months: number) {
    setBuying(packageId);
    try {
      const order = await createPurchaseRequest(packageId, months);
      navigateTo(paymentPageUrl(order.purchaseRequestId));
      // The button keeps spinning until the payment page shows.
    } catch (error) {
      setBuying(undefined);
      notify(t("plans.buyFailed", { reason: describeApiError(t, error) }), { color: "error" });
    }
  }

  return { buying, buy };
}
