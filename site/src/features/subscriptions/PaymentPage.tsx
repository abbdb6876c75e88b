import { useEffect, useState } from "react";
import { PurchaseRequestStatus } from "@shared/enums.ts";
import type { PaymentInstructions } from "@shared/schemas/payment-instructions.ts";
import { ApiError } from "../../lib/api/api-error.ts";
import { getPaymentInstructions } from "../../lib/api/subscriptions.ts";
import { decodePaymentData } from "../../lib/billing/payment-link.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { packagePageUrl, ROUTES } from "../../lib/navigation/routes.ts";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural } from "../../i18n/translate.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { AppFrame } from "../../shell/AppFrame.tsx";
import { FormNotice } from "../../ui/forms/FormNotice.tsx";
import { buttonClass } from "../../ui/button-styles.ts";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LoadFailedNotice } from "../../ui/LoadFailedNotice.tsx";
import { LoadingState } from "../../ui/LoadingState.tsx";
import { PaymentBarcode } from "./PaymentBarcode.tsx";
import { PaymentDetails } from "./PaymentDetails.tsx";
import { previewPrices, PriceBreakdown } from "./PriceBreakdown.tsx";
import { PurchaseStatusChip } from "../shared-purchases/PurchaseStatusChip.tsx";
import { ResultingPeriod } from "./ResultingPeriod.tsx";

/**
 * /app/pretplata/placanje/{paymentDataBase64} (spec section 2): one purchase request's payment
 * by bank transfer: what was ordered and its prices, the payee, IBAN, amount, model and
 * reference, description, the HUB3 barcode to scan and the payment slip PDF.
 */
export default function PaymentPage() {
  return (
    <AppFrame titleKey="payment.title">
      <Payment />
    </AppFrame>
  );
}

/** The address's parameter: the part after /app/pretplata/placanje/. */
function requestIdFromAddress(): string | undefined {
  const prefix = `${ROUTES.payment}/`;
  const { pathname } = location;
  if (!pathname.startsWith(prefix)) return undefined;
  const parameter = decodeURIComponent(pathname.slice(prefix.length).replace(/\/$/, ""));
  return decodePaymentData(parameter)?.purchaseRequestId;
}

type Load =
  | { status: "loading" }
  | { status: "invalid" }
  | { status: "failed"; error: unknown }
  | { status: "loaded"; payment: PaymentInstructions };

function Payment() {
  const { t, lang } = useTranslation();
  const [requestId] = useState(requestIdFromAddress);
  const [load, setLoad] = useState<Load>({ status: requestId ? "loading" : "invalid" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!requestId) return;
    const controller = new AbortController();
    setLoad({ status: "loading" });
    getPaymentInstructions(requestId, controller.signal)
      .then((payment) => setLoad({ status: "loaded", payment }))
      .catch((error) => {
        if (controller.signal.aborted) return;
        const missing = error instanceof ApiError && error.status === 404;
        setLoad(missing ? { status: "invalid" } : { status: "failed", error });
      });
    return () => controller.abort();
  }, [requestId, attempt]);

  return (
    <div className="mx-auto max-w-5xl">
      <a
        href={ROUTES.subscription}
        onClick={markNavigation}
        className="inline-flex items-center gap-1.5 rounded text-sm font-semibold text-primary hover:underline mobile:min-h-11"
      >
        <Icon name="arrowLeft" className="size-4" />
        {t("payment.back")}
      </a>
      {load.status === "loading" && <LoadingState t={t} className="py-16" />}
      {load.status === "failed" && (
        <div className="mt-6">
          <LoadFailedNotice t={t} error={load.error} onRetry={() => setAttempt((n) => n + 1)} />
        </div>
      )}
      {load.status === "invalid" && (
        <div className="mt-6">
          <EmptyState
            icon="receipt"
            title={t("payment.notFound.title")}
            text={t("payment.notFound.text")}
            action={{
              label: t("payment.notFound.action"),
              icon: "card",
              href: ROUTES.subscription,
            }}
          />
        </div>
      )}
      {load.status === "loaded" && <PaymentView t={t} lang={lang} payment={load.payment} />}
    </div>
  );
}

function PaymentView(
  { t, lang, payment }: { t: Translate; lang: Locale; payment: PaymentInstructions },
) {
  const pending = payment.status === PurchaseRequestStatus.Pending;
  return (
    <>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t("payment.heading", { name: purchaseTitle(t, lang, payment) })}
        </h1>
        <PurchaseStatusChip t={t} status={payment.status} />
      </div>
      <p className="mt-2 max-w-3xl text-lg text-fg-muted">
        {t(pending ? "payment.intro" : "payment.introDone")}
      </p>

      <div className="mt-6">
        <StatusNotice t={t} payment={payment} />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[1.15fr_1fr]">
        <div className="space-y-6">
          <section
            aria-labelledby="payment-order"
            className="rounded-3xl border border-border bg-surface p-5 shadow-xs sm:p-6"
          >
            <h2 id="payment-order" className="text-lg font-bold">{t("payment.order")}</h2>
            <p className="mt-1 text-fg-muted">{purchaseTitle(t, lang, payment)}</p>
            <PriceBreakdown
              t={t}
              lang={lang}
              prices={previewPrices(payment.preview)}
              className="mt-4"
            />
            {payment.preview.resultingPeriod && (
              <ResultingPeriod
                t={t}
                lang={lang}
                period={payment.preview.resultingPeriod}
                className="mt-4"
              />
            )}
          </section>
          {pending && <PaymentDetails t={t} lang={lang} payment={payment} />}
        </div>
        {pending && <PaymentBarcode t={t} payment={payment} />}
      </div>
    </>
  );
}

/** Paid, expired or cancelled: no payment details any more, and the way on. */
function StatusNotice({ t, payment }: { t: Translate; payment: PaymentInstructions }) {
  switch (payment.status) {
    case PurchaseRequestStatus.Pending:
      return (
        <FormNotice tone="info">
          {t("payment.pendingNotice", { reference: payment.referenceCode })}
        </FormNotice>
      );
    case PurchaseRequestStatus.Paid:
    case PurchaseRequestStatus.Trial:
      return (
        <div role="status">
          <FormNotice
            tone="success"
            action={
              <a
                href={ROUTES.subscription}
                onClick={markNavigation}
                className={buttonClass("secondary", "sm")}
              >
                {t("payment.paidAction")}
              </a>
            }
          >
            {t("payment.paidNotice")}
          </FormNotice>
        </div>
      );
    default:
      return (
        <div role="alert">
          <FormNotice
            tone="warning"
            action={
              <a
                href={packagePageUrl(payment.packageId, payment.preview.length)}
                onClick={markNavigation}
                className={buttonClass("secondary", "sm")}
              >
                {t("payment.orderAgain")}
              </a>
            }
          >
            {t("payment.closedNotice")}
          </FormNotice>
        </div>
      );
  }
}

/**
 * What the order buys in the page's language ("Prijavko Pro, 12 months"); the API's
 * purchaseName is the Croatian one the bank transfer's description uses.
 */
function purchaseTitle(t: Translate, lang: Locale, payment: PaymentInstructions): string {
  return t("payment.purchaseName", {
    name: payment.packageName,
    months: payment.preview.length,
    period: translatePlural(lang, "plans.months", payment.preview.length),
  });
}
