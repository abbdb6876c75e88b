import { useState } from "react";
import type { PaymentInstructions } from "@shared/schemas/payment-instructions.ts";
import { getPaymentSlip } from "../../lib/api/subscriptions.ts";
import { saveBlob } from "../../lib/files/save-blob.ts";
import { notify } from "../../lib/state/snackbars.ts";
import type { Translate } from "../../i18n/translate.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import { Button } from "../../ui/Button.tsx";
import { Icon } from "../../ui/Icon.tsx";

/**
 * The HUB3 2D barcode (PDF417) that every Croatian banking app scans to fill in the transfer,
 * and the one-page payment slip PDF to print or keep. The barcode stays dark on white in the
 * dark theme too: scanners need the contrast.
 */
export function PaymentBarcode({ t, payment }: { t: Translate; payment: PaymentInstructions }) {
  const [downloading, setDownloading] = useState(false);

  async function downloadSlip() {
    setDownloading(true);
    try {
      saveBlob(
        await getPaymentSlip(payment.purchaseRequestId),
        `uplatnica-${payment.referenceCode}.pdf`,
      );
    } catch (error) {
      notify(t("payment.slipFailed", { reason: describeApiError(t, error) }), { color: "error" });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section
      aria-labelledby="payment-barcode"
      className="h-fit rounded-3xl border border-border bg-surface p-5 shadow-xs sm:p-6 lg:sticky lg:top-24"
    >
      <h2 id="payment-barcode" className="flex items-center gap-2 text-lg font-bold">
        <Icon name="qr" className="size-5 text-primary" />
        {t("payment.scanTitle")}
      </h2>
      <p className="mt-1 text-fg-muted">{t("payment.scanText")}</p>
      <div className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-border">
        <img
          src={payment.barcodePng}
          alt={t("payment.barcodeAlt", { reference: payment.referenceCode })}
          className="mx-auto h-auto w-full max-w-md [image-rendering:pixelated]"
        />
      </div>
      <Button
        variant="secondary"
        busy={downloading}
        onClick={downloadSlip}
        className="mt-5 w-full"
      >
        {!downloading && <Icon name="download" className="size-5" />}
        {t("payment.downloadSlip")}
      </Button>
      <p className="mt-3 text-sm text-fg-muted">{t("payment.afterPayment")}</p>
    </section>
  );
}
