import type { IconName } from "../../icons/shapes.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import type { Translate, TranslationKey } from "../../i18n/translate.ts";
import { Icon } from "../../ui/Icon.tsx";

interface Step {
  title: TranslationKey;
  text: TranslationKey;
  action: TranslationKey;
  href: string;
  icon: IconName;
}

/** The three steps from a new account to guests checking in by themselves. */
const STEPS: Step[] = [
  {
    title: "dashboard.step1.title",
    text: "dashboard.step1.text",
    action: "dashboard.step1.action",
    href: ROUTES.externalAccounts,
    icon: "link",
  },
  {
    title: "dashboard.step2.title",
    text: "dashboard.step2.text",
    action: "dashboard.step2.action",
    href: ROUTES.properties,
    icon: "calendar",
  },
  {
    title: "dashboard.step3.title",
    text: "dashboard.step3.text",
    action: "dashboard.step3.action",
    href: ROUTES.properties,
    icon: "qr",
  },
];

export function GettingStarted({ t }: { t: Translate }) {
  return (
    <section aria-labelledby="getting-started" className="mt-8">
      <h2 id="getting-started" className="text-lg font-semibold">
        {t("dashboard.gettingStarted")}
      </h2>
      <ol className="mt-4 grid gap-4 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li
            key={step.title}
            className="flex flex-col rounded-2xl border border-border bg-surface p-5 shadow-xs"
          >
            <div className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className="grid size-9 shrink-0 place-items-center rounded-full bg-primary text-sm font-bold text-primary-fg"
              >
                {index + 1}
              </span>
              <Icon name={step.icon} className="size-5 text-fg-muted" />
            </div>
            <h3 className="mt-4 font-semibold">
              <span className="sr-only">{t("dashboard.stepNumber", { number: index + 1 })}</span>
              {t(step.title)}
            </h3>
            <p className="mt-1.5 flex-1 text-[0.9375rem] text-fg-muted">{t(step.text)}</p>
            <a
              href={step.href}
              onClick={markNavigation}
              className="mt-4 inline-flex items-center gap-1.5 self-start rounded-lg font-semibold text-primary underline-offset-4 hover:underline mobile:min-h-11"
            >
              {t(step.action)}
              <Icon name="arrowRight" className="size-4" />
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}
