import type { Statistics } from "@shared/schemas/statistics.ts";
import type { IconName } from "../../icons/shapes.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate, TranslationKey } from "../../i18n/translate.ts";
import { formatNumber } from "../../lib/format/date-time.ts";
import { Icon } from "../../ui/Icon.tsx";

type Counted =
  | "totalGuests"
  | "guestsCurrentlyHosting"
  | "totalReservations"
  | "reservationsCurrentlyHosting";

const WIDGETS: { key: Counted; icon: IconName; tint: string }[] = [
  { key: "totalGuests", icon: "users", tint: "bg-primary-soft text-primary-soft-fg" },
  { key: "guestsCurrentlyHosting", icon: "home", tint: "bg-success-soft text-success-soft-fg" },
  { key: "totalReservations", icon: "clipboard", tint: "bg-info-soft text-info-soft-fg" },
  {
    key: "reservationsCurrentlyHosting",
    icon: "calendar",
    tint: "bg-accent-soft text-accent-soft-fg",
  },
];

interface StatWidgetsProps {
  t: Translate;
  lang: Locale;
  /** Undefined while loading: the cards show their outline. */
  statistics?: Statistics;
}

/**
 * The dashboard's four widgets (spec section 2): total guests, guests staying now, total
 * reservations, active reservations. A list of terms and values, so each number is read with its
 * name.
 */
export function StatWidgets({ t, lang, statistics }: StatWidgetsProps) {
  return (
    <dl
      aria-busy={!statistics || undefined}
      className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
    >
      {WIDGETS.map(({ key, icon, tint }) => (
        <Widget
          key={key}
          label={t(`dashboard.widget.${key}` as TranslationKey)}
          hint={t(`dashboard.widget.${key}Hint` as TranslationKey)}
          icon={icon}
          tint={tint}
          value={statistics ? formatNumber(statistics[key], lang) : undefined}
          testId={key}
        />
      ))}
    </dl>
  );
}

function Widget(
  { label, hint, icon, tint, value, testId }: {
    label: string;
    hint: string;
    icon: IconName;
    tint: string;
    value?: string;
    testId: string;
  },
) {
  // The number leads (same height in every card of a row); the label comes first for screen
  // readers, so it is moved below the number visually only.
  return (
    <div
      data-testid={`widget-${testId}`}
      className="relative flex flex-col rounded-2xl border border-border bg-surface p-4 shadow-xs sm:p-5"
    >
      <dt className="order-2 mt-1 pr-1 text-sm font-semibold text-fg">
        {/* Inside the term: a description list's group holds only dt and dd (axe dlitem). */}
        <span
          aria-hidden="true"
          className={`absolute top-4 right-4 grid size-9 place-items-center rounded-xl sm:top-5 sm:right-5 ${tint}`}
        >
          <Icon name={icon} className="size-5" />
        </span>
        {label}
      </dt>
      <dd className="order-1 flex h-9 items-center pr-11 text-3xl font-bold tracking-tight tabular-nums">
        {value ?? (
          <span className="inline-block h-8 w-16 rounded-lg bg-surface-muted motion-safe:animate-pulse" />
        )}
      </dd>
      <dd className="order-3 mt-0.5 text-xs text-fg-muted">{hint}</dd>
    </div>
  );
}
