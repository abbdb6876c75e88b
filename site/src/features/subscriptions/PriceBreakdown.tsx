import type { PurchasePreview } from "@shared/schemas/purchase-request.ts";
import type {
  SubscriptionPackage,
  SubscriptionPeriod,
} from "@shared/schemas/subscription-package.ts";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural } from "../../i18n/translate.ts";
import { eurosText } from "../../lib/billing/money.ts";

/** The prices of one purchase, in euros (two decimals) as the API gives them. */
export interface Prices {
  months: number;
  /** Per month without the discount. */
  baseMonthly: number;
  /** Per month after the discount. */
  monthly: number;
  discountPercent: number;
  /** Base price × months. */
  baseTotal: number;
  discount: number;
  /** What is paid. */
  total: number;
}

const cents = (euros: number) => Math.round(euros * 100);

/** A package's period as prices: the base total is what the period saves plus what it costs. */
export function periodPrices(pkg: SubscriptionPackage, period: SubscriptionPeriod): Prices {
  return {
    months: period.length,
    baseMonthly: pkg.basePrice,
    monthly: period.price,
    discountPercent: period.discountPercent,
    baseTotal: (cents(period.totalPrice) + cents(period.totalDiscount)) / 100,
    discount: period.totalDiscount,
    total: period.totalPrice,
  };
}

/**
 * An order's preview as prices. The total is the discounted monthly price times the months
 * exactly (shared/billing/money.ts), so the monthly price is recovered by division in cents.
 */
export function previewPrices(preview: PurchasePreview): Prices {
  return {
    months: preview.length,
    baseMonthly: preview.price,
    monthly: cents(preview.finalPrice) / preview.length / 100,
    discountPercent: preview.discountPercent,
    baseTotal: preview.totalPrice,
    discount: preview.discountAmount,
    total: preview.finalPrice,
  };
}

interface PriceBreakdownProps {
  t: Translate;
  lang: Locale;
  prices: Prices;
  className?: string;
}

/**
 * The purchase step's prices (spec section 2): per month, the base price for the period, the
 * discount with its percent, and the final price.
 */
export function PriceBreakdown({ t, lang, prices, className = "" }: PriceBreakdownProps) {
  const money = (amount: number) => eurosText(amount, lang);
  return (
    <dl className={`space-y-1.5 text-[0.9375rem] ${className}`}>
      <Row label={t("plans.pricePerMonth")} value={money(prices.monthly)} />
      <Row
        label={t("plans.basePrice", {
          period: translatePlural(lang, "plans.months", prices.months),
          monthly: money(prices.baseMonthly),
        })}
        value={money(prices.baseTotal)}
      />
      {prices.discount > 0 && (
        <Row
          label={t("plans.discountRow", { percent: prices.discountPercent })}
          value={`− ${money(prices.discount)}`}
          className="text-success-soft-fg"
        />
      )}
      <div className="flex items-baseline justify-between gap-3 border-t border-border pt-2 font-bold">
        <dt>{t("plans.finalPrice")}</dt>
        <dd className="text-lg whitespace-nowrap tabular-nums">{money(prices.total)}</dd>
      </div>
    </dl>
  );
}

function Row(
  { label, value, className = "text-fg-muted" }: {
    label: string;
    value: string;
    className?: string;
  },
) {
  return (
    <div className={`flex items-baseline justify-between gap-3 ${className}`}>
      <dt>{label}</dt>
      <dd className="font-semibold whitespace-nowrap text-fg tabular-nums">{value}</dd>
    </div>
  );
}
