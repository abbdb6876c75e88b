import { useEffect, useId, useState } from "react";
import type { CurrentSubscription } from "@shared/schemas/current-subscription.ts";
import type { SubscriptionPackage } from "@shared/schemas/subscription-package.ts";
import { getCurrentSubscription, listPackages } from "../../lib/api/subscriptions.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate } from "../../i18n/translate.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { AppFrame } from "../../shell/AppFrame.tsx";
import { LoadFailedNotice } from "../../ui/LoadFailedNotice.tsx";
import { LoadingState } from "../../ui/LoadingState.tsx";
import { CurrentPlan } from "./CurrentPlan.tsx";
import { MyPurchaseRequests } from "./MyPurchaseRequests.tsx";
import { MyReceipts } from "./MyReceipts.tsx";
import { PackageCard } from "./PackageCard.tsx";
import { PeriodChoice } from "./PeriodChoice.tsx";
import { expectedPeriod } from "./resulting-period.ts";
import { useBuy } from "./use-buy.ts";
import { OrderConfirmDialog } from "./OrderConfirmDialog.tsx";

/** /app/pretplata (spec section 2): the host's plan, the packages on sale, requests, receipts. */
export default function SubscriptionsPage() {
  return (
    <AppFrame titleKey="nav.subscription">
      <Subscriptions />
    </AppFrame>
  );
}

type Load =
  | { status: "loading" }
  | { status: "failed"; error: unknown }
  | { status: "loaded"; current: CurrentSubscription | null; packages: SubscriptionPackage[] };

function Subscriptions() {
  const { t, lang } = useTranslation();
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: "loading" });
    Promise.all([getCurrentSubscription(controller.signal), listPackages(controller.signal)])
      .then(([current, packages]) => setLoad({ status: "loaded", current, packages }))
      .catch((error) => {
        if (!controller.signal.aborted) setLoad({ status: "failed", error });
      });
    return () => controller.abort();
  }, [attempt]);

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("nav.subscription")}</h1>
      <p className="mt-2 max-w-3xl text-lg text-fg-muted">{t("plans.intro")}</p>

      <div className="mt-8 space-y-12">
        {load.status === "loading" && <LoadingState t={t} />}
        {load.status === "failed" && (
          <LoadFailedNotice
            t={t}
            error={load.error}
            onRetry={() => setAttempt((n) => n + 1)}
          />
        )}
        {load.status === "loaded" && (
          <>
            <CurrentPlan t={t} lang={lang} subscription={load.current} />
            <Packages t={t} lang={lang} packages={load.packages} current={load.current} />
          </>
        )}
        <MyPurchaseRequests />
        <MyReceipts />
      </div>
    </div>
  );
}

/** The lengths any package is sold for, shortest first. */
function lengthsOf(packages: SubscriptionPackage[]) {
  const best = new Map<number, number>();
  for (const period of packages.flatMap((pkg) => pkg.availablePeriods)) {
    best.set(period.length, Math.max(best.get(period.length) ?? 0, period.discountPercent));
  }
  return [...best].sort(([a], [b]) => a - b).map(([length, discountPercent]) => ({
    length,
    discountPercent,
  }));
}

function Packages({ t, lang, packages, current }: {
  t: Translate;
  lang: Locale;
  packages: SubscriptionPackage[];
  current: CurrentSubscription | null;
}) {
  const titleId = useId();
  const periods = lengthsOf(packages);
  // The longest period first, as the public package page offers it (its discount is the largest).
  const [months, setMonths] = useState(periods.at(-1)?.length ?? 1);
  const { choice, buying, ask, cancel, confirm } = useBuy(t);
  const currentId = current && !current.isTrial ? current.packageId : undefined;

  return (
    <section aria-labelledby={titleId}>
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h2 id={titleId} className="text-xl font-bold">{t("plans.packagesTitle")}</h2>
          <p className="mt-1 max-w-2xl text-fg-muted">{t("plans.packagesIntro")}</p>
        </div>
        {periods.length > 1 && (
          <div className="md:w-96">
            <PeriodChoice t={t} lang={lang} periods={periods} value={months} onChange={setMonths} />
          </div>
        )}
      </div>
      <div className="mt-5 grid gap-5 lg:grid-cols-3">
        {packages.map((pkg) => (
          <PackageCard
            key={pkg.id}
            t={t}
            lang={lang}
            pkg={pkg}
            months={months}
            isCurrent={pkg.id === currentId}
            isHighlighted={pkg.id === "pro"}
            busy={buying === pkg.id}
            disabled={buying !== undefined}
            onBuy={(chosen, length) => ask({ pkg: chosen, months: length })}
            resultingPeriod={pkg.availablePeriods.some((p) => p.length === months)
              ? expectedPeriod(current, packages, pkg, months)
              : undefined}
          />
        ))}
      </div>
      <p className="mt-4 text-sm text-fg-muted">{t("plans.bankTransferNote")}</p>
      <OrderConfirmDialog
        t={t}
        lang={lang}
        choice={choice}
        busy={buying !== undefined}
        onConfirm={confirm}
        onClose={cancel}
      />
    </section>
  );
}
