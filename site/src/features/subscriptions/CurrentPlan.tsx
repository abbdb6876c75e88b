import { useId } from "react";
import type { CurrentSubscription } from "@shared/schemas/current-subscription.ts";
import { SubscriptionStatus } from "@shared/enums.ts";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural } from "../../i18n/translate.ts";
import { formatDate } from "../../lib/format/date-time.ts";
import { FormNotice } from "../../ui/forms/FormNotice.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { PlanFeatures } from "./PlanFeatures.tsx";

/** Days left at which the page starts warning that the plan ends. */
export const WARN_DAYS = 7;

interface CurrentPlanProps {
  t: Translate;
  lang: Locale;
  subscription: CurrentSubscription | null;
}

/**
 * The host's package now (spec section 2): its name, trial or not, valid until, days remaining
 * (a warning from a week before the end, an alert once over), and what it includes.
 */
export function CurrentPlan({ t, lang, subscription }: CurrentPlanProps) {
  const titleId = useId();
  const headingId = useId();
  if (!subscription) {
    return (
      <section
        aria-labelledby={titleId}
        className="rounded-3xl border border-border bg-surface p-5 shadow-xs sm:p-6"
      >
        <h2 id={titleId} className="text-lg font-bold">{t("plans.current.noneTitle")}</h2>
        <p className="mt-1 text-fg-muted">{t("plans.current.noneText")}</p>
      </section>
    );
  }
  const ending = subscription.isActive && subscription.daysRemaining <= WARN_DAYS;
  const until = formatDate(subscription.endDateUtc, lang);
  return (
    // Named "Your plan Pro", not "Pro" alone: the package's own card further down is "Pro".
    <section
      aria-labelledby={`${headingId} ${titleId}`}
      className="rounded-3xl border border-border bg-surface p-5 shadow-xs sm:p-6"
    >
      <div className="flex flex-col gap-6 lg:flex-row lg:gap-10">
        <div className="lg:w-1/2">
          <p id={headingId} className="text-sm font-semibold text-fg-muted">
            {t("plans.current.heading")}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <h2 id={titleId} className="text-2xl font-bold tracking-tight">
              {subscription.packageName}
            </h2>
            {subscription.isTrial && (
              <span className="inline-flex items-center gap-1 rounded-full bg-info-soft px-2.5 py-0.5 text-sm font-semibold text-info-soft-fg">
                <Icon name="sparkles" className="size-4" />
                {t("plans.current.trial")}
              </span>
            )}
            <StatusChip t={t} subscription={subscription} />
          </div>

          <dl className="mt-5 grid grid-cols-2 gap-3">
            <div className="rounded-2xl bg-surface-muted/60 px-4 py-3">
              <dt className="text-sm text-fg-muted">
                {t(subscription.isActive ? "plans.current.validUntil" : "plans.current.endedOn")}
              </dt>
              <dd className="mt-0.5 text-lg font-bold">
                <time dateTime={subscription.endDateUtc}>{until}</time>
              </dd>
            </div>
            <div
              className={`rounded-2xl px-4 py-3 ${
                !subscription.isActive
                  ? "bg-error-soft text-error-soft-fg"
                  : ending
                  ? "bg-warning-soft text-warning-soft-fg"
                  : "bg-surface-muted/60"
              }`}
            >
              <dt className={`text-sm ${ending || !subscription.isActive ? "" : "text-fg-muted"}`}>
                {t("plans.current.daysRemaining")}
              </dt>
              <dd className="mt-0.5 text-lg font-bold tabular-nums">
                {subscription.daysRemaining}
              </dd>
            </div>
          </dl>

          {ending && (
            <div role="status" className="mt-4">
              <FormNotice tone="warning">
                {translatePlural(lang, "plans.current.endingSoon", subscription.daysRemaining, {
                  date: until,
                })}
              </FormNotice>
            </div>
          )}
          {!subscription.isActive && (
            <div role="alert" className="mt-4">
              <FormNotice tone="error">
                {t(subscription.isTrial ? "plans.current.trialOver" : "plans.current.over", {
                  date: until,
                })}
              </FormNotice>
            </div>
          )}
        </div>

        <div className="lg:w-1/2">
          <h3 className="text-sm font-semibold text-fg-muted">{t("plans.current.includes")}</h3>
          <PlanFeatures
            t={t}
            lang={lang}
            policy={subscription.policy}
            label={t("plans.includedIn", { name: subscription.packageName })}
            className="mt-3 text-[0.9375rem]"
          />
        </div>
      </div>
    </section>
  );
}

function StatusChip({ t, subscription }: { t: Translate; subscription: CurrentSubscription }) {
  if (subscription.isActive) {
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-success-soft px-2.5 py-0.5 text-sm font-semibold text-success-soft-fg">
        <Icon name="checkCircle" className="size-4" />
        {t("plans.current.active")}
      </span>
    );
  }
  const cancelled = subscription.status === SubscriptionStatus.Cancelled;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-error-soft px-2.5 py-0.5 text-sm font-semibold text-error-soft-fg">
      <Icon name="alertCircle" className="size-4" />
      {t(cancelled ? "plans.current.cancelled" : "plans.current.expired")}
    </span>
  );
}
