import type { SubscriptionPolicy } from "@shared/schemas/subscription-package.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate } from "../../i18n/translate.ts";
import { Icon } from "../../ui/Icon.tsx";
import { planFeatures } from "../../lib/billing/plan-features.ts";

interface PlanFeaturesProps {
  t: Translate;
  lang: Locale;
  policy: SubscriptionPolicy;
  /** Names the list for screen readers ("Included in Pro"). */
  label: string;
  className?: string;
}

/** What a plan includes, as a checked list. */
export function PlanFeatures({ t, lang, policy, label, className = "" }: PlanFeaturesProps) {
  return (
    <ul aria-label={label} className={`space-y-2 ${className}`}>
      {planFeatures(t, lang, policy).map((feature) => (
        <li key={feature} className="flex items-start gap-2.5">
          <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-success-soft text-success-soft-fg">
            <Icon name="check" className="size-3.5" />
          </span>
          <span>{feature}</span>
        </li>
      ))}
    </ul>
  );
}
