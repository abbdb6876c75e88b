import { useId } from "react";
import type { AccommodationUnit } from "@shared/schemas/accommodation-unit.ts";
import type { Property, PropertyOccupancy } from "@shared/schemas/property.ts";
import { type PropertyRight, roleMay } from "@shared/property-rights.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { propertyPageUrl } from "../../lib/navigation/routes.ts";
import { formatNumber } from "../../lib/format/date-time.ts";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural } from "../../i18n/translate.ts";
import type { IconName } from "../../icons/shapes.ts";
import { Button } from "../../ui/Button.tsx";
import { buttonClass } from "../../ui/button-styles.ts";
import { Icon } from "../../ui/Icon.tsx";
import { MoreActionsMenu } from "../../ui/MoreActionsMenu.tsx";

export interface PropertyActions {
  onAddUnit: (property: Property) => void;
  onSettings: (property: Property) => void;
  onDelete: (property: Property) => void;
  onEditUnit: (unit: AccommodationUnit) => void;
  onDeleteUnit: (unit: AccommodationUnit) => void;
  onShowQr: (unit: AccommodationUnit) => void;
  onMembers: (property: Property) => void;
}

interface PropertyCardProps extends PropertyActions {
  t: Translate;
  lang: Locale;
  property: Property;
}

/**
 * One property (spec section 2): its figures, its settings at a glance, its units with their QR
 * codes, and the property's actions (add unit, settings, team, reservations, calendar, delete).
 * A property shared with the caller names its owner and the caller's role, and offers only the
 * actions the role has (issue 22: reception has no settings, team, documents or delete).
 */
export function PropertyCard(props: PropertyCardProps) {
  const { t, lang, property } = props;
  const may = (right: PropertyRight) => roleMay(property.role ?? "Owner", right);
  const headingId = useId();
  const unitsHeadingId = useId();
  const units = property.accommodationUnits;
  const name = <span className="sr-only">{` ${property.name}`}</span>;

  return (
    <article
      aria-labelledby={headingId}
      className="@container flex flex-col rounded-3xl border border-border bg-surface p-5 shadow-xs sm:p-6"
    >
      <div className="flex items-start gap-3.5">
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary-soft text-primary-soft-fg">
          <Icon name="home" className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-lg font-bold break-words">{property.name}</h2>
          <p className="text-[0.9375rem] break-words text-fg-muted">
            {property.address || t("properties.noAddress")}
          </p>
          {property.owner && property.role && property.role !== "Owner" && (
            <p className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              <span className="inline-flex items-center gap-1.5 rounded-full bg-info-soft px-2.5 py-0.5 font-medium text-info-soft-fg">
                <Icon name="users" className="size-4 shrink-0" />
                {t("properties.yourRole", { role: t(`members.role.${property.role}`) })}
              </span>
              <span className="break-all text-fg-muted">
                {t("properties.sharedBy", {
                  owner: property.owner.name
                    ? `${property.owner.name} (${property.owner.email})`
                    : property.owner.email,
                })}
              </span>
            </p>
          )}
        </div>
      </div>

      <PropertyFigures t={t} lang={lang} property={property} />
      <SettingsSummary t={t} property={property} />

      <section aria-labelledby={unitsHeadingId} className="mt-5 flex-1">
        {/* The property's name (read only) tells one card's units from the next card's. */}
        <h3 id={unitsHeadingId} className="text-sm font-semibold text-fg-muted">
          {t("properties.units")}
          {name}
        </h3>
        {units.length === 0
          ? <p className="mt-2 text-[0.9375rem] text-fg-muted">{t("properties.noUnits")}</p>
          : (
            <ul className="mt-2 space-y-2">
              {units.map((unit) => (
                <UnitItem key={unit.id} {...props} unit={unit} canEdit={may("settings")} />
              ))}
            </ul>
          )}
      </section>

      <div className="mt-5 flex flex-wrap gap-2 border-t border-border pt-4">
        {may("settings") && (
          <Button size="sm" onClick={() => props.onAddUnit(property)}>
            <Icon name="plus" className="size-4" />
            {t("properties.addUnit")}
            {name}
          </Button>
        )}
        {may("settings") && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => props.onSettings(property)}
          >
            <Icon name="settings" className="size-4" />
            {t("properties.settings")}
            {name}
          </Button>
        )}
        {may("members") && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => props.onMembers(property)}
          >
            <Icon name="users" className="size-4" />
            {t("properties.team")}
            {name}
          </Button>
        )}
        <a
          href={propertyPageUrl("reservations", property.id)}
          onClick={markNavigation}
          className={buttonClass("secondary", "sm")}
        >
          <Icon name="clipboard" className="size-4" />
          {t("properties.reservations")}
          {name}
        </a>
        <a
          href={propertyPageUrl("calendars", property.id)}
          onClick={markNavigation}
          className={buttonClass("secondary", "sm")}
        >
          <Icon name="calendar" className="size-4" />
          {t("properties.calendar")}
          {name}
        </a>
        {/* What cannot be undone waits behind a menu (and then a confirmation), as on the units. */}
        {may("owner") && (
          <MoreActionsMenu
            className="ml-auto"
            label={t("properties.moreActions", { name: property.name })}
            actions={[{
              label: t("properties.delete"),
              icon: "trash",
              danger: true,
              onSelect: () => props.onDelete(property),
            }]}
          />
        )}
      </div>
    </article>
  );
}

/** Units, capacity, and how full the property is over the coming nights. */
function PropertyFigures(
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

function SettingsSummary({ t, property }: { t: Translate; property: Property }) {
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

/** "Apartman" or "Apartman 2" for the type "Apartman": the name a sync gives, saying the type. */
function isTypeName(name: string, type: string): boolean {
  const rest = name.startsWith(type) ? name.slice(type.length) : null;
  return rest !== null && /^( \d+)?$/.test(rest);
}

function UnitItem(props: PropertyCardProps & { unit: AccommodationUnit; canEdit: boolean }) {
  const { t, lang, unit, canEdit } = props;
  const name = <span className="sr-only">{` ${unit.name}`}</span>;
  const facts = [
    // The unit type (eVisitor's, for mirrored units), unless the name is just the type, numbered.
    unit.type && !isTypeName(unit.name, unit.type)
      ? t("units.type", { type: unit.type })
      : undefined,
    t("units.code", { code: unit.code }),
    unit.capacity === null ? undefined : translatePlural(lang, "properties.guests", unit.capacity),
    // Left out for reception (a setting): say nothing rather than "no calendar".
    unit.externalCalendarLink === undefined
      ? undefined
      : unit.externalCalendarLink
      ? t("units.calendarLinked")
      : t("units.noCalendar"),
    unit.wifiDetails ? t("properties.wifiNamed", { name: unit.wifiDetails.ssid }) : undefined,
  ].filter((fact) => fact !== undefined);
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-border bg-bg/60 p-3 @xl:flex-row @xl:items-center @xl:justify-between">
      <div className="flex min-w-0 items-start gap-2.5">
        <Icon name="door" className="mt-0.5 size-5 shrink-0 text-fg-muted" />
        <div className="min-w-0">
          <p className="font-semibold break-words">{unit.name}</p>
          <p className="text-sm text-fg-muted">{facts.join(" · ")}</p>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-1.5 @xl:flex-nowrap">
        <Button variant="secondary" size="sm" onClick={() => props.onShowQr(unit)}>
          <Icon name="qr" className="size-4" />
          {t("units.qr")}
          {name}
        </Button>
        {canEdit && (
          <>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => props.onEditUnit(unit)}
            >
              <Icon name="pencil" className="size-4" />
              {t("units.edit")}
              {name}
            </Button>
            {/* What cannot be undone waits behind a menu (and then a confirmation), not on every row. */}
            <MoreActionsMenu
              className="ml-auto"
              label={t("units.moreActions", { name: unit.name })}
              actions={[{
                label: t("units.delete"),
                icon: "trash",
                danger: true,
                onSelect: () => props.onDeleteUnit(unit),
              }]}
            />
          </>
        )}
      </div>
    </li>
  );
}
