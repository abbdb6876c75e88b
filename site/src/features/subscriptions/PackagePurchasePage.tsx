import { useEffect, useId, useState } from "react";
import { inLanguage } from "@shared/app-routes.ts";
import type { SubscriptionPackage } from "@shared/schemas/subscription-package.ts";
import { ApiError } from "../../lib/api/api-error.ts";
import type { CurrentSubscription } from "@shared/schemas/current-subscription.ts";
import {
  createPurchaseRequest,
  listPackages,
  peekCurrentSubscription,
} from "../../lib/api/subscriptions.ts";
import { paymentPageUrl } from "../../lib/billing/payment-link.ts";
import { markNavigation, navigateTo } from "../../lib/navigation/follow-link.ts";
import { packagePageUrl, ROUTES } from "../../lib/navigation/routes.ts";
import { loginUrl, registerUrl } from "../../lib/session/return-url.ts";
import { readStoredUser } from "../../lib/session/stored-session.ts";
import { isLocale, type Locale } from "../../i18n/locales.ts";
import { localePath } from "../../i18n/paths.ts";
import { pageTitle } from "../../i18n/page-title.ts";
import { type Translate, translator } from "../../i18n/translate.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import { FormNotice } from "../../ui/forms/FormNotice.tsx";
import { Button } from "../../ui/Button.tsx";
import { buttonClass, TEXT_LINK } from "../../ui/button-styles.ts";
import { Icon } from "../../ui/Icon.tsx";
import { LoadFailedNotice } from "../../ui/LoadFailedNotice.tsx";
import { LoadingState } from "../../ui/LoadingState.tsx";
import { packageDescription, packageTagline } from "../../lib/billing/plan-features.ts";
import { OrderConfirmDialog } from "./OrderConfirmDialog.tsx";
import { PeriodChoice } from "./PeriodChoice.tsx";
import { PlanFeatures } from "./PlanFeatures.tsx";
import { periodPrices, PriceBreakdown } from "./PriceBreakdown.tsx";
import { expectedPeriod } from "./resulting-period.ts";
import { ResultingPeriod } from "./ResultingPeriod.tsx";

/** The query parameter holding the months chosen, so a shared or returned-to link keeps them. */
const MONTHS_PARAM = "mjeseci";

/** The package's id from /paket/{packageId} or /en/paket/{packageId}. */
function packageIdFromAddress(): string | undefined {
  const match = /\/paket\/([^/]+)\/?$/.exec(location.pathname);
  return match ? decodeURIComponent(match[1]) : undefined;
}

function monthsFromAddress(): number | undefined {
  const months = Number(new URLSearchParams(location.search).get(MONTHS_PARAM));
  return Number.isInteger(months) && months > 0 ? months : undefined;
}

type Load =
  | { status: "loading" }
  | { status: "failed"; error: unknown }
  | { status: "loaded"; packages: SubscriptionPackage[] };

/**
 * /paket/{packageId} (spec section 2): the public purchase page of one package: who it is for,
 * the period with its discount, base, discounted and final price, what it includes, and the way
 * on: ordering (signed in) or registering with the first 3 months free and coming back here.
 */
export default function PackagePurchasePage({ lang }: { lang: Locale }) {
  const t = translator(lang);
  const [packageId] = useState(packageIdFromAddress);
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: "loading" });
    listPackages(controller.signal)
      .then((packages) => setLoad({ status: "loaded", packages }))
      .catch((error) => {
        if (!controller.signal.aborted) setLoad({ status: "failed", error });
      });
    return () => controller.abort();
  }, [attempt]);

  const pkg = load.status === "loaded"
    ? load.packages.find((item) => item.id === packageId)
    : undefined;

  useEffect(() => {
    if (!pkg) return;
    document.title = pageTitle(lang, t("packagePage.title", { name: pkg.name }));
    linkPackageInHead(pkg.id);
    linkLanguageSwitches(pkg.id, monthsFromAddress());
  }, [pkg, lang]);

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 md:py-14">
      {load.status === "loading" && <LoadingState t={t} />}
      {load.status === "failed" && (
        <LoadFailedNotice
          t={t}
          error={load.error}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      )}
      {load.status === "loaded" && !pkg && <UnknownPackage t={t} lang={lang} />}
      {load.status === "loaded" && pkg && (
        <Purchase
          t={t}
          lang={lang}
          pkg={pkg}
          packages={load.packages}
          others={load.packages.filter((p) => p !== pkg)}
        />
      )}
    </div>
  );
}

/**
 * The shell is built once for every package, so its head names no address; once the package is
 * known, the page names its canonical address and its other language, as every public page does.
 */
function linkPackageInHead(packageId: string) {
  const head = document.head;
  const link = (rel: string, href: string, hreflang?: string) => {
    const selector = hreflang
      ? `link[rel="${rel}"][hreflang="${hreflang}"]`
      : `link[rel="${rel}"]:not([hreflang])`;
    const element = head.querySelector<HTMLLinkElement>(selector) ??
      head.appendChild(Object.assign(document.createElement("link"), { rel }));
    element.href = new URL(href, location.origin).href;
    if (hreflang) element.hreflang = hreflang;
  };
  link("canonical", `${location.pathname}`);
  link("alternate", packageLink("hr", packageId), "hr");
  link("alternate", packageLink("en", packageId), "en");
  link("alternate", packageLink("hr", packageId), "x-default");
}

/** Points the header's and footer's language switches at this package in each language. */
function linkLanguageSwitches(packageId: string, months?: number) {
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[hreflang]")) {
    if (isLocale(link.hreflang)) link.href = packageLink(link.hreflang, packageId, months);
  }
}

function UnknownPackage({ t, lang }: { t: Translate; lang: Locale }) {
  return (
    <div role="alert" className="mx-auto max-w-xl text-center">
      <h1 className="text-3xl font-bold tracking-tight">{t("packagePage.notFound.title")}</h1>
      <p className="mt-3 text-lg text-fg-muted">{t("packagePage.notFound.text")}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {["basic", "pro", "premium"].map((id) => (
          <a
            key={id}
            href={packageLink(lang, id)}
            onClick={markNavigation}
            className={buttonClass("secondary")}
          >
            {t("purchase.packageName", { name: id[0].toUpperCase() + id.slice(1) })}
          </a>
        ))}
      </div>
    </div>
  );
}

/** A package's page in the page's language (English pages carry the /en prefix). */
function packageLink(lang: Locale, packageId: string, months?: number): string {
  const path = packagePageUrl(packageId, months);
  return lang === "hr" ? path : `${localePath(lang)}${path.slice(1)}`;
}

function Purchase(
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
