import { lazy, Suspense, useId, useState } from "react";
import type { MonthlyCount } from "@shared/schemas/statistics.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate } from "../../i18n/translate.ts";
import { formatNumber } from "../../lib/format/date-time.ts";
import { Icon } from "../../ui/Icon.tsx";
import { formatMonth } from "../../lib/format/month-labels.ts";

const MonthlyBarChart = lazy(() => import("./MonthlyBarChart.tsx"));

interface MonthlyChartCardProps {
  t: Translate;
  lang: Locale;
  title: string;
  /** The table's column for the counts ("Gosti"). */
  valueLabel: string;
  series: MonthlyCount[];
}

/** Where the chart stands while its library loads. */
export function ChartSkeleton() {
  return (
    <div aria-hidden="true" className="flex h-full items-end gap-2 px-2 pb-6">
      {[40, 65, 30, 80, 55, 70, 45, 90, 60, 35, 75, 50].map((height, index) => (
        <span
          key={index}
          style={{ height: `${height}%` }}
          className="flex-1 rounded-md bg-surface-muted motion-safe:animate-pulse"
        />
      ))}
    </div>
  );
}

/**
 * One chart of the dashboard with its text alternative: the same numbers as a table, read by
 * screen readers under the chart and shown instead of it with "Show as table".
 */
export function MonthlyChartCard({ t, lang, title, valueLabel, series }: MonthlyChartCardProps) {
  const headingId = useId();
  const [asTable, setAsTable] = useState(false);
  const total = series.reduce((sum, point) => sum + point.count, 0);
  const busiest = series.reduce<MonthlyCount | undefined>(
    (best, point) => (!best || point.count > best.count ? point : best),
    undefined,
  );
  const summary = total === 0 || !busiest
    ? t("dashboard.chart.summaryEmpty")
    : t("dashboard.chart.summary", {
      total: formatNumber(total, lang),
      month: formatMonth(busiest.month, lang, "long"),
      max: formatNumber(busiest.count, lang),
    });

  // Hidden for the eyes by a wrapper: a table with `sr-only` itself still grows to its rows (a
  // table's height is never smaller than its content), which left a band under the page.
  const table = (
    <table className="w-full text-sm">
      <caption className="sr-only">{`${title}, ${t("dashboard.chart.period")}`}</caption>
      <thead>
        <tr className="border-b border-border text-left text-fg-muted">
          <th scope="col" className="py-1.5 font-semibold">{t("dashboard.chart.month")}</th>
          <th scope="col" className="py-1.5 text-right font-semibold">{valueLabel}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border/70">
        {[...series].reverse().map((point) => (
          <tr key={point.month}>
            <th scope="row" className="py-1.5 text-left font-medium">
              {formatMonth(point.month, lang, "long")}
            </th>
            <td className="py-1.5 text-right tabular-nums">{formatNumber(point.count, lang)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );

  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col rounded-2xl border border-border bg-surface p-5 shadow-xs"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div>
          <h3 id={headingId} className="font-semibold">{title}</h3>
          <p className="text-sm text-fg-muted">{t("dashboard.chart.period")}</p>
        </div>
        <button
          type="button"
          aria-pressed={asTable}
          onClick={() => setAsTable((shown) => !shown)}
          className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-semibold text-primary hover:bg-primary-soft mobile:min-h-11"
        >
          <Icon name={asTable ? "barChart" : "table"} className="size-4" />
          {asTable ? t("dashboard.chart.showChart") : t("dashboard.chart.showTable")}
        </button>
      </div>
      {asTable ? <div className="mt-3">{table}</div> : (
        <>
          <div className="relative mt-4 h-56 sm:h-64">
            <Suspense fallback={<ChartSkeleton />}>
              <MonthlyBarChart
                lang={lang}
                series={series}
                valueLabel={valueLabel}
                summary={summary}
              />
            </Suspense>
            {total === 0 && (
              <p className="pointer-events-none absolute inset-x-0 top-1/3 text-center text-sm font-medium text-fg-muted">
                {t("dashboard.chart.empty")}
              </p>
            )}
          </div>
          <div className="sr-only">{table}</div>
        </>
      )}
    </section>
  );
}
