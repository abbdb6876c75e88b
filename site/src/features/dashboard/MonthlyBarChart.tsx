import { useEffect, useState } from "react";
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  LinearScale,
  Tooltip,
} from "chart.js";
import { Bar } from "react-chartjs-2";
import type { MonthlyCount } from "@shared/schemas/statistics.ts";
import type { Locale } from "../../i18n/locales.ts";
import { formatNumber } from "../../lib/format/date-time.ts";
import { axisLabels, formatMonth } from "../../lib/format/month-labels.ts";

// Only what a bar chart needs, so the chunk stays small (Chart.js is tree-shakable).
ChartJS.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

interface ThemeColors {
  bar: string;
  barHover: string;
  text: string;
  grid: string;
  tooltipBg: string;
  tooltipText: string;
  font: string;
}

/** The site's colour tokens as they are now; Chart.js draws on a canvas and needs the values. */
function readColors(): ThemeColors {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string) => style.getPropertyValue(name).trim();
  return {
    bar: token("--c-primary"),
    barHover: token("--c-primary-hover"),
    text: token("--c-fg-muted"),
    grid: token("--c-border"),
    tooltipBg: token("--c-fg"),
    tooltipText: token("--c-bg"),
    font: getComputedStyle(document.body).fontFamily,
  };
}

/** The colours, read again whenever the theme switches (`data-theme` on <html>). */
function useThemeColors(): ThemeColors {
  const [colors, setColors] = useState(readColors);
  useEffect(() => {
    const observer = new MutationObserver(() => setColors(readColors()));
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ["data-theme"],
    });
    return () => observer.disconnect();
  }, []);
  return colors;
}

interface MonthlyBarChartProps {
  lang: Locale;
  series: MonthlyCount[];
  /** What a bar counts, for the tooltip ("Gosti"). */
  valueLabel: string;
  /** What the chart shows, read out instead of the canvas. */
  summary: string;
}

/**
 * A bar per month (Chart.js through react-chartjs-2), coloured from the light or dark theme,
 * whole numbers only, no animation for people who asked for less motion. Loaded lazily: only the
 * dashboard pays for it.
 */
export default function MonthlyBarChart(
  { lang, series, valueLabel, summary }: MonthlyBarChartProps,
) {
  const colors = useThemeColors();
  const months = series.map((point) => point.month);
  const reduceMotion = matchMedia("(prefers-reduced-motion: reduce)").matches;
  const max = Math.max(0, ...series.map((point) => point.count));
  const options: ChartOptions<"bar"> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: reduceMotion ? false : { duration: 400 },
    locale: lang === "hr" ? "hr-HR" : "en-GB",
    font: { family: colors.font },
    layout: { padding: { top: 4 } },
    scales: {
      x: {
        grid: { display: false },
        border: { color: colors.grid },
        ticks: { color: colors.text, font: { family: colors.font, size: 11 }, maxRotation: 0 },
      },
      y: {
        beginAtZero: true,
        suggestedMax: max === 0 ? 4 : undefined,
        grid: { color: colors.grid },
        border: { display: false },
        ticks: {
          color: colors.text,
          precision: 0,
          font: { family: colors.font, size: 11 },
          callback: (value) => formatNumber(Number(value), lang),
        },
      },
    },
    plugins: {
      tooltip: {
        backgroundColor: colors.tooltipBg,
        titleColor: colors.tooltipText,
        bodyColor: colors.tooltipText,
        displayColors: false,
        titleFont: { family: colors.font },
        bodyFont: { family: colors.font },
        callbacks: {
          title: (items) => formatMonth(months[items[0].dataIndex], lang, "long"),
          label: (item) => `${valueLabel}: ${formatNumber(Number(item.raw), lang)}`,
        },
      },
    },
  };
  return (
    <Bar
      role="img"
      aria-label={summary}
      options={options}
      data={{
        labels: axisLabels(months, lang),
        datasets: [{
          label: valueLabel,
          data: series.map((point) => point.count),
          backgroundColor: colors.bar,
          hoverBackgroundColor: colors.barHover,
          borderRadius: 6,
          maxBarThickness: 36,
        }],
      }}
    />
  );
}
