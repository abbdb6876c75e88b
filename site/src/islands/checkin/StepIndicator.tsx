import { Icon } from "../ui/Icon.tsx";
import { useTranslator } from "./i18n-context.ts";

export const STEPS = ["overview", "guests", "summary"] as const;
export type Step = (typeof STEPS)[number];

/** Overview → Guests → Summary (spec section 2), the current one marked for screen readers. */
export function StepIndicator({ current }: { current: Step }) {
  const { t } = useTranslator();
  const at = STEPS.indexOf(current);
  return (
    <nav aria-label={t("steps.label")}>
      <ol className="flex items-center gap-2">
        {STEPS.map((step, index) => {
          const done = index < at;
          const here = index === at;
          return (
            <li
              key={step}
              aria-current={here ? "step" : undefined}
              className="flex min-w-0 flex-1 items-center gap-2"
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
                className={`truncate text-sm font-semibold ${here ? "text-fg" : "text-fg-muted"}`}
              >
                {t(`steps.${step}`)}
                {done && <span className="sr-only">{` ${t("steps.done")}`}</span>}
              </span>
              {index < STEPS.length - 1 && (
                <span
                  aria-hidden="true"
                  className="ml-auto hidden h-px flex-1 bg-border sm:block"
                />
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
