import type { PurchasePeriod } from "@shared/schemas/purchase-request.ts";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural } from "../../i18n/translate.ts";
import { formatDate } from "../../lib/format/date-time.ts";

/**
 * What a purchase does to the host's plan (docs/product.md "Plans and billing"): from when to
 * when the package runs and, when another package is in force, what its time left becomes (a
 * trial's days left are kept in full).
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
  const carried = carriedOver && {
    current: carriedOver.packageName,
    remaining: days(carriedOver.remainingDays),
    currentEnd: date(carriedOver.currentEndDateUtc),
    converted: days(carriedOver.convertedDays),
    kept: days(carriedOver.keptDays),
  };
  // A trial's days left are kept in full (never converted); a paid plan's own kept trial days
  // are named beside the conversion of the rest.
  const keptAfter = !!carriedOver && !carriedOver.isTrial && carriedOver.keptDays > 0;
  const text = period.kind === "convert" && carried
    ? t(carriedOver.isTrial ? "plans.resulting.convertTrial" : "plans.resulting.convert", {
      ...dates,
      ...carried,
    }).replace(/[^.]$/, keptAfter ? "$&." : "$&") +
      (keptAfter ? ` ${t("plans.resulting.keptTrialDays", carried)}` : "")
    : period.kind === "extend" && carried && carriedOver.isTrial
    ? t("plans.resulting.extendTrial", { ...dates, ...carried })
    : t(period.kind === "extend" ? "plans.resulting.extend" : "plans.resulting.new", dates);
  const valueNote = period.kind === "convert" && !carriedOver?.isTrial;
  return (
    <div
      data-testid="resulting-period"
      className={`rounded-2xl border border-border p-3.5 text-[0.9375rem] ${className}`}
    >
      <p className="font-semibold">{t("plans.resulting.title")}</p>
      <p className="mt-1">{text}</p>
      <p className="mt-1 text-sm text-fg-muted">
        {valueNote && `${t("plans.resulting.valueNote")} `}
        {t("plans.resulting.note")}
      </p>
    </div>
  );
}
