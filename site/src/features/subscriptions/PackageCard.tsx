import { useId } from "react";
import type { PurchasePeriod } from "@shared/schemas/purchase-request.ts";
import type { SubscriptionPackage } from "@shared/schemas/subscription-package.ts";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural } from "../../i18n/translate.ts";
import { eurosText } from "../../lib/billing/money.ts";
import { Button } from "../../ui/Button.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { packageTagline } from "../../lib/billing/plan-features.ts";
import { PlanFeatures } from "./PlanFeatures.tsx";
import { periodPrices, PriceBreakdown } from "./PriceBreakdown.tsx";
import { ResultingPeriod } from "./ResultingPeriod.tsx";

interface PackageCardProps {
  t: Translate;
  lang: Locale;
  pkg: SubscriptionPackage;
  /** Months chosen above the cards. */
  months: number;
  /** The host's package now: the button extends it. */
  isCurrent: boolean;
  /** Pro stands out as the one most hosts need. */
  isHighlighted: boolean;
  busy: boolean;
  disabled: boolean;
  onBuy: (pkg: SubscriptionPackage, months: number) => void;
  /** What buying it for the months chosen gives, worked out for the host's plan now. */
  resultingPeriod?: PurchasePeriod;
}

/** One package on sale: who it is for, price for the period chosen, what it includes, buy. */
export function PackageCard(
  {
    t,
    lang,
    pkg,
    months,
    isCurrent,
    isHighlighted,
    busy,
    disabled,
    onBuy,
    resultingPeriod,
  }: PackageCardProps,
) {
  const titleId = useId();
  const period = pkg.availablePeriods.find((item) => item.length === months);
  const tagline = packageTagline(t, pkg.id);
  return (
    <section
      aria-labelledby={titleId}
      className={`flex flex-col rounded-3xl border bg-surface p-5 shadow-xs sm:p-6 ${
        isHighlighted ? "border-primary ring-1 ring-primary" : "border-border"
      }`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-xl font-bold">{pkg.name}</h3>
        {isCurrent
          ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-success-soft px-2.5 py-0.5 text-sm font-semibold text-success-soft-fg">
              <Icon name="check" className="size-4" />
              {t("plans.yourPlan")}
            </span>
          )
          : isHighlighted && (
            <span className="rounded-full bg-primary-soft px-2.5 py-0.5 text-sm font-semibold text-primary-soft-fg">
              {t("plans.popular")}
            </span>
          )}
      </div>
      {tagline && <p className="mt-1 text-fg-muted">{tagline}</p>}

      {period
        ? (
          <>
            <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
              <span className="text-3xl font-bold tracking-tight tabular-nums">
                {eurosText(period.price, lang)}
              </span>
              <span className="text-fg-muted">{t("plans.perMonth")}</span>
              {period.discountPercent > 0 && (
                <s className="text-fg-muted tabular-nums">
                  <span className="sr-only">{t("plans.insteadOf")}</span>
                  {eurosText(pkg.basePrice, lang)}
                </s>
              )}
            </p>
            <PriceBreakdown
              t={t}
              lang={lang}
              prices={periodPrices(pkg, period)}
              className="mt-4 rounded-2xl bg-surface-muted/60 p-3.5"
            />
            {resultingPeriod && (
              <ResultingPeriod t={t} lang={lang} period={resultingPeriod} className="mt-3" />
            )}
          </>
        )
        : (
          <p className="mt-4 text-fg-muted">
            {t("plans.periodUnavailable", {
              period: translatePlural(lang, "plans.months", months),
            })}
          </p>
        )}

      <PlanFeatures
        t={t}
        lang={lang}
        policy={pkg.policy}
        label={t("plans.includedIn", { name: pkg.name })}
        className="mt-5 mb-6 flex-1 text-[0.9375rem]"
      />

      <Button
        variant={isHighlighted || isCurrent ? "primary" : "secondary"}
        busy={busy}
        disabled={disabled || !period}
        onClick={() => onBuy(pkg, months)}
        className="w-full"
      >
        {t(isCurrent ? "plans.extend" : "plans.buy", {
          name: pkg.name,
          period: translatePlural(lang, "plans.months", months),
        })}
      </Button>
    </section>
  );
}
