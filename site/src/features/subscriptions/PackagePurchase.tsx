/** One package on its public page: what it gives, the period and its price, and the way to order. */
import { useEffect, useId, useState } from "react";
import { inLanguage } from "@shared/app-routes.ts";
import type { SubscriptionPackage } from "@shared/schemas/subscription-package.ts";
import { ApiError } from "../../lib/api/api-error.ts";
import type { CurrentSubscription } from "@shared/schemas/current-subscription.ts";
import { createPurchaseRequest, peekCurrentSubscription } from "../../lib/api/subscriptions.ts";
import { paymentPageUrl } from "../../lib/billing/payment-link.ts";
import { markNavigation, navigateTo } from "../../lib/navigation/follow-link.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import { loginUrl, registerUrl } from "../../lib/session/return-url.ts";
import { readStoredUser } from "../../lib/session/stored-session.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate } from "../../i18n/translate.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import { FormNotice } from "../../ui/forms/FormNotice.tsx";
import { Button } from "../../ui/Button.tsx";
import { buttonClass, TEXT_LINK } from "../../ui/button-styles.ts";
import { Icon } from "../../ui/Icon.tsx";
import { packageDescription, packageTagline } from "../../lib/billing/plan-features.ts";
import { OrderConfirmDialog } from "./OrderConfirmDialog.tsx";
import { PeriodChoice } from "./PeriodChoice.tsx";
import { PlanFeatures } from "./PlanFeatures.tsx";
import { periodPrices, PriceBreakdown } from "./PriceBreakdown.tsx";
import { expectedPeriod } from "./resulting-period.ts";
import { ResultingPeriod } from "./ResultingPeriod.tsx";
import { linkLanguageSwitches, monthsFromAddress, packageLink } from "./package-address.ts";

export function Purchase(
  { t, lang, pkg, packages, others }: {
    t: Translate;
    lang: Locale;
    pkg: SubscriptionPackage;
    packages: SubscriptionPackage[];
    others: SubscriptionPackage[];
  },
) {
  const titleId = useId();
  const periods = pkg.availablePeriods;
  const [months, setMonths] = useState(() => {
    const asked = monthsFromAddress();
    return periods.some((p) => p.length === asked) ? asked! : periods.at(-1)?.length ?? 1;
  });
  const period = periods.find((item) => item.length === months);
  const [ordering, setOrdering] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [signedIn] = useState(() => readStoredUser() !== undefined);
  // The host's plan, to show what the purchase gives; undefined until known (or signed out).
  const [current, setCurrent] = useState<CurrentSubscription | null>();
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    // Without it the page still works; the payment page shows the API's own preview.
    peekCurrentSubscription(controller.signal).then(setCurrent, () => {});
    return () => controller.abort();
  }, [signedIn]);
  const resultingPeriod = current !== undefined && period
    ? expectedPeriod(current, packages, pkg, months)
    : undefined;
  const here = packageLink(lang, pkg.id, months);

  function choose(length: number) {
    setMonths(length);
    setFailure(undefined);
    // Keep the choice in the address, so returning after registration restores it.
    history.replaceState(null, "", packageLink(lang, pkg.id, length));
    linkLanguageSwitches(pkg.id, length);
  }

  async function order() {
    setOrdering(true);
    setFailure(undefined);
    try {
      const result = await createPurchaseRequest(pkg.id, months);
      navigateTo(paymentPageUrl(result.purchaseRequestId));
    } catch (error) {
      setOrdering(false);
      setConfirming(false);
      if (error instanceof ApiError && error.status === 401) {
        navigateTo(inLanguage(loginUrl(here, { expired: true }), lang));
        return;
      }
      setFailure(t("plans.buyFailed", { reason: describeApiError(t, error) }));
    }
  }

  return (
    <>
      <p className="text-sm font-semibold tracking-wide text-primary uppercase">
        {t("packagePage.eyebrow")}
      </p>
      <div className="mt-2 grid grid-cols-1 gap-8 lg:grid-cols-[1fr_1.05fr] lg:gap-12">
        <div>
          <h1 id={titleId} className="text-4xl font-bold tracking-tight">
            {t("purchase.packageName", { name: pkg.name })}
          </h1>
          {packageTagline(t, pkg.id) && (
            <p className="mt-2 text-xl text-fg-muted">{packageTagline(t, pkg.id)}</p>
          )}
          <p className="mt-4 leading-relaxed text-fg-muted">{packageDescription(t, lang, pkg)}</p>
          <h2 className="mt-8 text-lg font-bold">{t("packagePage.includes")}</h2>
          <PlanFeatures
            t={t}
            lang={lang}
            policy={pkg.policy}
            label={t("plans.includedIn", { name: pkg.name })}
            className="mt-3"
          />
          {others.length > 0 && (
            <p className="mt-8 text-fg-muted">
              {t("packagePage.compare")} {others.map((other, index) => (
                <span key={other.id}>
                  {index > 0 && ", "}
                  <a
                    href={packageLink(lang, other.id, months)}
                    onClick={markNavigation}
                    className={TEXT_LINK}
                  >
                    {other.name}
                  </a>
                </span>
              ))}
            </p>
          )}
        </div>

        <section
          aria-labelledby={`${titleId}-order`}
          className="h-fit rounded-3xl border border-border bg-surface p-5 shadow-sm sm:p-7"
        >
          <h2 id={`${titleId}-order`} className="text-xl font-bold">
            {t("packagePage.orderTitle")}
          </h2>
          {periods.length > 1 && (
            <div className="mt-4">
              <PeriodChoice t={t} lang={lang} periods={periods} value={months} onChange={choose} />
            </div>
          )}
          {period && (
            <PriceBreakdown
              t={t}
              lang={lang}
              prices={periodPrices(pkg, period)}
              className="mt-5 rounded-2xl bg-surface-muted/60 p-4"
            />
          )}
          {resultingPeriod && (
            <ResultingPeriod t={t} lang={lang} period={resultingPeriod} className="mt-4" />
          )}
          <div aria-live="polite" className="empty:hidden mt-4">
            {failure && <FormNotice tone="error">{failure}</FormNotice>}
          </div>
          <div className="mt-5 space-y-3">
            {signedIn
              ? (
                <Button
                  busy={ordering}
                  disabled={!period}
                  onClick={() => setConfirming(true)}
                  className="w-full"
                >
                  <Icon name="card" className="size-5" />
                  {t("packagePage.order")}
                </Button>
              )
              : (
                <>
                  <a
                    href={inLanguage(registerUrl(here), lang)}
                    onClick={markNavigation}
                    className={`${buttonClass()} w-full`}
                  >
                    <Icon name="rocket" className="size-5" />
                    {t("packagePage.register")}
                  </a>
                  <p className="text-center text-sm text-fg-muted">
                    {t("packagePage.haveAccount")}{" "}
                    <a
                      href={inLanguage(loginUrl(here), lang)}
                      onClick={markNavigation}
                      className={TEXT_LINK}
                    >
                      {t("packagePage.logIn")}
                    </a>
                  </p>
                </>
              )}
          </div>
          <p className="mt-5 flex items-start gap-2 text-sm text-fg-muted">
            <Icon name="info" className="mt-px size-4 shrink-0" />
            {t(signedIn ? "plans.bankTransferNote" : "packagePage.trialNote")}
          </p>
          {signedIn && (
            <p className="mt-3 text-sm">
              <a href={ROUTES.subscription} onClick={markNavigation} className={TEXT_LINK}>
                {t("packagePage.mySubscription")}
              </a>
            </p>
          )}
          <OrderConfirmDialog
            t={t}
            lang={lang}
            choice={confirming ? { pkg, months } : undefined}
            busy={ordering}
            onConfirm={order}
            onClose={() => setConfirming(false)}
          />
        </section>
      </div>
    </>
  );
}
