import { type ReactNode, useId } from "react";
import { useAtomValue } from "jotai";
import type { Property } from "@shared/schemas/property.ts";
import type { Statistics } from "@shared/schemas/statistics.ts";
import { getStatistics } from "../../lib/api/statistics.ts";
import { accountAtom } from "../../lib/session/session-state.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate } from "../../i18n/translate.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { AppFrame } from "../../shell/AppFrame.tsx";
import { usePropertyChoices } from "../../lib/state/use-property-choices.ts";
import { Button } from "../../ui/Button.tsx";
import { LoadFailedNotice } from "../../ui/LoadFailedNotice.tsx";
import { gettingStartedDone } from "@shared/schemas/getting-started.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { GettingStarted, STEP_COUNT, stepsDone } from "./GettingStarted.tsx";
import { useGettingStarted } from "./use-getting-started.ts";
import { MonthlyChartCard } from "./MonthlyChartCard.tsx";
import { NextUp } from "./NextUp.tsx";
import { StatWidgets } from "./StatWidgets.tsx";
import { StayRequestsCard } from "./StayRequestsCard.tsx";
import { useLoad } from "../../lib/state/use-load.ts";

/** /app/kontrolna-ploca (spec section 2): the host's start page. */
export default function DashboardPage() {
  return (
    <AppFrame titleKey="nav.dashboard">
      <Dashboard />
    </AppFrame>
  );
}

/**
 * The greeting; for a host without properties yet, the getting-started steps; otherwise the four
 * widgets, what needs the host today, and guests and reservations per month.
 */
function Dashboard() {
  const { t, lang } = useTranslation();
  const account = useAtomValue(accountAtom);
  const { load: properties, retry: retryProperties } = usePropertyChoices();
  const statistics = useLoad(getStatistics);
  const isNew = properties.status === "loaded" && properties.properties.length === 0;
  const gettingStarted = useGettingStarted();
  const steps = gettingStarted.state;
  // A host without properties sees only the steps; others see them above the day's work until
  // every one is done or they hide them (issue 32 item 6), not a member with nothing of their own.
  const stepsPending = steps !== undefined && steps.applies && !gettingStartedDone(steps);
  const showSteps = stepsPending && !steps.hidden;

  async function setStepsHidden(hidden: boolean) {
    try {
      await gettingStarted.setHidden(hidden);
    } catch (error) {
      notify(t("dashboard.gettingStarted.saveFailed", { reason: describeApiError(t, error) }), {
        color: "error",
      });
    }
  }

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
        {/* By name once the profile has one; an e-mail address is no way to greet anyone. */}
        {account?.displayName
          ? t("dashboard.welcome", { email: account.displayName })
          : t("dashboard.welcomeNoName")}
      </h1>
      <p className="mt-2 text-lg text-fg-muted">
        {isNew ? t("dashboard.intro") : t("dashboard.introToday")}
      </p>
      {!isNew && stepsPending && steps.hidden && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-2 -ml-3.5"
          busy={gettingStarted.isSaving}
          onClick={() => setStepsHidden(false)}
        >
          {t("dashboard.gettingStarted.show", { done: stepsDone(steps), total: STEP_COUNT })}
        </Button>
      )}

      {/* A guest at the door waits for an answer: before everything else (issue 20). */}
      {!isNew && <StayRequestsCard t={t} lang={lang} />}

      {!isNew && showSteps && (
        <GettingStarted
          t={t}
          steps={steps}
          onHide={() => setStepsHidden(true)}
          isHiding={gettingStarted.isSaving}
        />
      )}

      {isNew ? <GettingStarted t={t} steps={steps} /> : (
        <>
          <Section title={t("dashboard.overview")}>
            {statistics.load.status === "failed"
              ? (
                <LoadFailedNotice
                  t={t}
                  error={statistics.load.error}
                  onRetry={statistics.retry}
                />
              )
              : (
                <StatWidgets
                  t={t}
                  lang={lang}
                  statistics={statistics.load.status === "loaded"
                    ? statistics.load.data
                    : undefined}
                />
              )}
          </Section>

          <Section title={t("dashboard.next.heading")}>
            {properties.status === "failed"
              ? <LoadFailedNotice t={t} error={properties.error} onRetry={retryProperties} />
              : (
                <NextUp
                  t={t}
                  lang={lang}
                  properties={properties.status === "loaded" ? properties.properties : NONE}
                  ready={properties.status === "loaded"}
                />
              )}
          </Section>

          {statistics.load.status !== "failed" && (
            <Section title={t("dashboard.charts")}>
              <Charts
                t={t}
                lang={lang}
                statistics={statistics.load.status === "loaded" ? statistics.load.data : undefined}
              />
            </Section>
          )}
        </>
      )}
    </div>
  );
}

const NONE: Property[] = [];

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Charts(
  { t, lang, statistics }: { t: Translate; lang: Locale; statistics?: Statistics },
) {
  if (!statistics) {
    return (
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2" aria-busy="true">
        {[0, 1].map((index) => (
          <div
            key={index}
            className="h-80 rounded-2xl border border-border bg-surface p-5 shadow-xs"
          >
            <span className="block h-5 w-40 rounded bg-surface-muted motion-safe:animate-pulse" />
          </div>
        ))}
      </div>
    );
  }
  // One column that may be narrower than a chart's canvas (300 px until Chart.js measures its
  // box): without minmax(0, 1fr) the canvas widened the column past a 320 px phone.
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <MonthlyChartCard
        t={t}
        lang={lang}
        title={t("dashboard.chart.guests")}
        valueLabel={t("dashboard.chart.guestsColumn")}
        series={statistics.guestsPerMonth}
      />
      <MonthlyChartCard
        t={t}
        lang={lang}
        title={t("dashboard.chart.reservations")}
        valueLabel={t("dashboard.chart.reservationsColumn")}
        series={statistics.reservationsPerMonth}
      />
    </div>
  );
}
