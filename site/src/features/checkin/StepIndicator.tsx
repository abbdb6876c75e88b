import { Icon } from "./CheckinIcon.tsx";
import { useTranslator } from "./i18n-context.ts";

export const STEPS = ["overview", "guests", "summary"] as const;
export type Step = (typeof STEPS)[number];

/** Overview → Guests → Summary (spec section 2), the current one marked for screen readers. */
export function StepIndicator({ current }: { current: Step }) {
  const { t } = useTranslator();
  const at = STEPS.indexOf(current);
  return (
    <nav aria-label={t("steps.label")}>
      <ol className="grid grid-cols-3 gap-2">
        {STEPS.map((step, index) => {
          const done = index < at;
          const here = index === at;
          return (
            <li
              key={step}
              aria-current={here ? "step" : undefined}
              className="flex min-w-0 flex-col items-center gap-1.5 text-center sm:flex-row sm:gap-2 sm:text-left"
            >
              <span
                className={`grid size-8 shrink-0 place-items-center rounded-full text-sm font-bold ${
                  here
                    ? "bg-primary text-primary-fg"
                    : done
                    ? "bg-success-soft text-success-soft-fg"
                    : "border border-border-strong/50 text-fg-muted"
                }`}
              >
                {done ? <Icon name="check" className="size-4" /> : index + 1}
              </span>
              <span
                className={`min-w-0 text-xs font-semibold break-words sm:text-sm ${
                  here ? "text-fg" : "text-fg-muted"
                }`}
              >
                {t(`steps.${step}`)}
                {done && <span className="sr-only">{` ${t("steps.done")}`}</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
