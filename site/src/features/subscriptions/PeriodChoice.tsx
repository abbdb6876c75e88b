import { useId } from "react";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural } from "../../i18n/translate.ts";

interface PeriodChoiceProps {
  t: Translate;
  lang: Locale;
  /** The lengths on offer (months) with their discount. */
  periods: { length: number; discountPercent: number }[];
  value: number;
  onChange: (months: number) => void;
}

/**
 * The period in months (spec section 2's purchase step) as a segmented control of native radio
 * buttons, each with its discount: Tab reaches the group once, the arrow keys choose.
 */
export function PeriodChoice({ t, lang, periods, value, onChange }: PeriodChoiceProps) {
  const name = useId();
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{t("plans.period")}</legend>
      <div className="mt-1.5 flex gap-1 rounded-xl border border-border-strong/40 bg-surface-muted p-1">
        {periods.map((period) => (
          <label
            key={period.length}
            className="flex min-w-0 flex-1 cursor-pointer flex-col items-center justify-center rounded-lg px-1 py-1.5 text-balance min-[360px]:px-2 text-center text-sm font-semibold text-fg-muted transition-colors hover:text-fg has-checked:bg-surface has-checked:text-primary has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-ring"
          >
            <input
              type="radio"
              name={name}
              value={period.length}
              checked={value === period.length}
              onChange={() => onChange(period.length)}
              className="sr-only"
            />
            <span>
              {translatePlural(lang, "plans.months", period.length)}
            </span>
            <span
              className={`text-xs ${
                period.discountPercent > 0 ? "text-success-soft-fg" : "text-fg-muted"
              }`}
            >
              {period.discountPercent > 0
                ? t("plans.discount", { percent: period.discountPercent })
                : t("plans.noDiscount")}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
