import type { GettingStarted as Steps } from "@shared/schemas/getting-started.ts";
import type { IconName } from "../../icons/shapes.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import type { Translate, TranslationKey } from "../../i18n/translate.ts";
import { Button } from "../../ui/Button.tsx";
import { Icon } from "../../ui/Icon.tsx";

interface Step {
  title: TranslationKey;
  text: TranslationKey;
  action: TranslationKey;
  href: string;
  icon: IconName;
  done: (steps: Steps) => boolean;
}

/** The three steps from a new account to guests checking in by themselves. */
const STEPS: Step[] = [
  {
    title: "dashboard.step1.title",
    text: "dashboard.step1.text",
    action: "dashboard.step1.action",
    href: ROUTES.externalAccounts,
    icon: "link",
    done: (steps) => steps.eVisitorConnected,
  },
  {
    title: "dashboard.step2.title",
    text: "dashboard.step2.text",
    action: "dashboard.step2.action",
    href: ROUTES.calendars,
    icon: "calendar",
    done: (steps) => steps.calendarLinked,
  },
  {
    title: "dashboard.step3.title",
    text: "dashboard.step3.text",
    action: "dashboard.step3.action",
    href: ROUTES.properties,
    icon: "qr",
    done: (steps) => steps.qrPrinted,
  },
];

/** How many of the steps are done. */
export const stepsDone = (steps: Steps) => STEPS.filter((step) => step.done(steps)).length;
export const STEP_COUNT = STEPS.length;

interface GettingStartedProps {
  t: Translate;
  /** Undefined while (or when it could not be) read: every step shows as to do. */
  steps?: Steps;
  /** Hides the steps (offered once they are read); undefined: no hide button. */
  onHide?: () => void;
  isHiding?: boolean;
}

/**
 * The first steps, each marked done once the host has done it (issue 32 item 6: they used to
 * vanish once eVisitor was connected, the calendar link and the QR codes never done), until all
 * are or the host hides them.
 */
export function GettingStarted({ t, steps, onHide, isHiding = false }: GettingStartedProps) {
  const done = steps ? stepsDone(steps) : 0;
  return (
    <section aria-labelledby="getting-started" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="flex flex-wrap items-baseline gap-x-3">
          <h2 id="getting-started" className="text-lg font-semibold">
            {t("dashboard.gettingStarted")}
          </h2>
          {steps && (
            <p className="text-sm text-fg-muted">
              {t("dashboard.gettingStarted.progress", { done, total: STEP_COUNT })}
            </p>
          )}
        </div>
        {onHide && (
          <Button
            variant="ghost"
            size="sm"
            busy={isHiding}
            onClick={onHide}
            aria-label={t("dashboard.gettingStarted.hideLabel")}
          >
            {!isHiding && <Icon name="close" className="size-4" />}
            {t("dashboard.gettingStarted.hide")}
          </Button>
        )}
      </div>
      <ol className="mt-4 grid gap-4 md:grid-cols-3">
        {STEPS.map((step, index) => {
          const isDone = steps ? step.done(steps) : false;
          return (
            <li
              key={step.title}
              className={`flex flex-col rounded-2xl border p-5 shadow-xs ${
                isDone ? "border-success/40 bg-success-soft" : "border-border bg-surface"
              }`}
            >
              <div className="flex items-center gap-3">
                {isDone
                  ? (
                    <span
                      aria-hidden="true"
                      className="grid size-9 shrink-0 place-items-center rounded-full bg-success text-success-fg"
                    >
                      <Icon name="check" className="size-5" />
                    </span>
                  )
                  : (
                    <span
                      aria-hidden="true"
                      className="grid size-9 shrink-0 place-items-center rounded-full bg-primary text-sm font-bold text-primary-fg"
                    >
                      {index + 1}
                    </span>
                  )}
                <Icon name={step.icon} className="size-5 text-fg-muted" />
              </div>
              <h3 className="mt-4 font-semibold">
                <span className="sr-only">{t("dashboard.stepNumber", { number: index + 1 })}</span>
                {t(step.title)}
                {isDone && (
                  <span className="ml-2 text-sm font-medium text-success-soft-fg">
                    {t("dashboard.step.done")}
                  </span>
                )}
              </h3>
              {/* A step done needs no explaining: a line, so the ones to do stand out. */}
              {!isDone && (
                <p className="mt-1.5 flex-1 text-[0.9375rem] text-fg-muted">{t(step.text)}</p>
              )}
              {!isDone && (
                <a
                  href={step.href}
                  onClick={markNavigation}
                  className="mt-4 inline-flex items-center gap-1.5 self-start rounded-lg font-semibold text-primary underline-offset-4 hover:underline mobile:min-h-11"
                >
                  {t(step.action)}
                  <Icon name="arrowRight" className="size-4" />
                </a>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
