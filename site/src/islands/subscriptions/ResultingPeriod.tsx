import type { PurchasePeriod } from "@shared/schemas/purchase-request.ts";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural } from "../../i18n/translate.ts";
import { formatDate } from "../../lib/format/date-time.ts";

/**
 * What a purchase does to the host's plan (docs/product.md "Plans and billing"): from when to
 * when the package runs and, when another package is in force, what its time left becomes.
 */
export function ResultingPeriod(
  { t, lang, period, className = "" }: {
    t: Translate;
    lang: Locale;
    period: PurchasePeriod;
    className?: string;
  },
) {
  const date = (iso: string) => formatDate(iso, lang);
  const days = (count: number) => translatePlural(lang, "plans.days", count);
  const { carriedOver } = period;
  const dates = {
    name: period.packageName,
    start: date(period.startDateUtc),
    end: date(period.endDateUtc),
    paidFrom: date(period.paidFromUtc),
  };
  const text = period.kind === "convert" && carriedOver
    ? t(carriedOver.isTrial ? "plans.resulting.convertTrial" : "plans.resulting.convert", {
      ...dates,
      current: carriedOver.packageName,
      remaining: days(carriedOver.remainingDays),
      currentEnd: date(carriedOver.currentEndDateUtc),
      converted: days(carriedOver.convertedDays),
    })
    : t(period.kind === "extend" ? "plans.resulting.extend" : "plans.resulting.new", dates);
  return (
    <div
      data-testid="resulting-period"
      className={`rounded-2xl border border-border p-3.5 text-[0.9375rem] ${className}`}
    >
      <p className="font-semibold">{t("plans.resulting.title")}</p>
      <p className="mt-1">{text}</p>
      <p className="mt-1 text-sm text-fg-muted">
        {period.kind === "convert" && `${t("plans.resulting.valueNote")} `}
        {t("plans.resulting.note")}
      </p>
    </div>
  );
}
