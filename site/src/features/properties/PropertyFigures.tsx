/** A property at a glance: its figures (units, capacity, occupancy) and its settings as chips. */
import { useId } from "react";
import type { Property, PropertyOccupancy } from "@shared/schemas/property.ts";
import { formatNumber } from "../../lib/format/date-time.ts";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural } from "../../i18n/translate.ts";
import type { IconName } from "../../icons/shapes.ts";
import { Icon } from "../../ui/Icon.tsx";

/** Units, capacity, and how full the property is over the coming nights. */
export function PropertyFigures(
  { t, lang, property }: { t: Translate; lang: Locale; property: Property },
) {
  const units = property.accommodationUnits;
  const capacities = units.map((unit) => unit.capacity).filter((value) => value !== null);
  const capacity = capacities.length > 0
    ? capacities.reduce((sum, value) => sum + value, 0)
    : property.maxNumberOfGuests;
  return (
    <dl className="mt-5 grid grid-cols-2 gap-2 text-center @sm:grid-cols-3 @xl:max-w-xl">
      <Figure
        label={t("properties.units")}
        value={translatePlural(lang, "properties.unitCount", units.length)}
      />
      <Figure
        label={t("properties.capacity")}
        value={capacity === null
          ? t("properties.notSet")
          : translatePlural(lang, "properties.guests", capacity)}
      />
      <OccupancyFigure t={t} lang={lang} occupancy={property.occupancy ?? null} />
    </dl>
  );
}

/**
 * The share of booked nights over the coming days (the API counts units × days from today), as
 * a figure, the nights behind it, and a meter.
 */
function OccupancyFigure(
  { t, lang, occupancy }: { t: Translate; lang: Locale; occupancy: PropertyOccupancy | null },
) {
  const labelId = useId();
  if (!occupancy) {
    return (
      <Figure
        label={t("properties.occupancy")}
        value={t("properties.occupancyNoUnits")}
        muted
        className="col-span-2 @sm:col-span-1"
      />
    );
  }
  const percent = t("properties.occupancyValue", {
    percent: formatNumber(occupancy.percent, lang),
  });
  const nights = t("properties.occupancyNights", {
    booked: formatNumber(occupancy.bookedNights, lang),
    total: formatNumber(occupancy.unitNights, lang),
    days: occupancy.days,
  });
  return (
    <div className="col-span-2 flex flex-col rounded-2xl bg-surface-muted/70 px-3 py-3 break-words @sm:col-span-1">
      <dt id={labelId} className="order-2 mt-0.5 text-xs font-semibold text-fg-muted">
        {t("properties.occupancy")}
      </dt>
      <dd className="order-1 font-bold">{percent}</dd>
      <dd className="order-3 mt-2">
        <span
          role="meter"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={occupancy.percent}
          aria-valuetext={`${percent} (${nights})`}
          className="mx-auto block h-1.5 w-full max-w-32 overflow-hidden rounded-full bg-border"
        >
          <span
            className="block h-full rounded-full bg-primary"
            style={{ width: `${occupancy.percent}%` }}
          />
        </span>
        <span className="mt-1 block text-xs text-fg-muted">{nights}</span>
      </dd>
    </div>
  );
}

function Figure(
  { label, value, muted = false, className = "" }: {
    label: string;
    value: string;
    muted?: boolean;
    className?: string;
  },
) {
  return (
    <div
      className={`flex flex-col-reverse justify-end rounded-2xl bg-surface-muted/70 px-2 py-3 break-words ${className}`}
    >
      <dt className="mt-0.5 text-xs font-semibold text-fg-muted">{label}</dt>
      <dd className={muted ? "text-sm font-medium text-fg-muted" : "font-bold"}>{value}</dd>
    </div>
  );
}

export function SettingsSummary({ t, property }: { t: Translate; property: Property }) {
  const chips: { icon: IconName; text: string }[] = [];
  if (property.automaticCheckOut) {
    chips.push({ icon: "logOut", text: t("properties.autoCheckOutOn") });
  }
  if (property.automaticCheckIn) chips.push({ icon: "check", text: t("properties.autoCheckInOn") });
  if (property.defaultCheckInTime) {
    chips.push({
      icon: "calendar",
      text: t("properties.checkInFrom", { time: property.defaultCheckInTime }),
    });
  }
  if (property.defaultCheckOutTime) {
    chips.push({
      icon: "calendar",
      text: t("properties.checkOutBy", { time: property.defaultCheckOutTime }),
    });
  }
  if (property.wifiDetails) {
    chips.push({
      icon: "wifi",
      text: t("properties.wifiNamed", { name: property.wifiDetails.ssid }),
    });
  }
  if (chips.length === 0) return null;
  return (
    <ul className="mt-4 flex flex-wrap gap-1.5">
      {chips.map((chip) => (
        <li
          key={chip.text}
          className="inline-flex max-w-full items-center gap-1.5 rounded-full bg-info-soft px-2.5 py-1 text-sm font-medium text-info-soft-fg"
        >
          <Icon name={chip.icon} className="size-4 shrink-0" />
          <span className="truncate">{chip.text}</span>
        </li>
      ))}
    </ul>
  );
}
