import { useId } from "react";
import type { AccommodationUnit } from "@shared/schemas/accommodation-unit.ts";
import type { Property } from "@shared/schemas/property.ts";
import { type PropertyRight, roleMay } from "@shared/property-rights.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { propertyPageUrl } from "../../lib/navigation/routes.ts";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural } from "../../i18n/translate.ts";
import { Button } from "../../ui/Button.tsx";
import { buttonClass } from "../../ui/button-styles.ts";
import { Icon } from "../../ui/Icon.tsx";
import { MoreActionsMenu } from "../../ui/MoreActionsMenu.tsx";
import { PropertyFigures, SettingsSummary } from "./PropertyFigures.tsx";

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
