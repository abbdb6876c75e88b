import type { UnitCalendar } from "@shared/schemas/calendar.ts";
import type { Translate } from "../../i18n/translate.ts";
import type { UnitChoice } from "../../lib/navigation/unit-choice.ts";
import { SelectField } from "../../ui/forms/SelectField.tsx";

interface CalendarFiltersProps {
  t: Translate;
  units: UnitCalendar[];
  filter: UnitChoice;
  onChange: (filter: UnitChoice) => void;
}

/** Which property and unit the calendar and the feed list show; all of them by default. */
export function CalendarFilters({ t, units, filter, onChange }: CalendarFiltersProps) {
  const properties = [...new Map(units.map((unit) => [unit.propertyId, unit.propertyName]))];
  const unitsShown = units.filter((unit) =>
    !filter.propertyId || unit.propertyId === filter.propertyId
  );
  return (
    <div role="search" className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
      <SelectField
        name="propertyId"
        label={t("calendars.property")}
        value={filter.propertyId}
        onChange={(event) => onChange({ propertyId: event.target.value, unitCode: "" })}
        options={[
          { value: "", label: t("calendars.allProperties") },
          ...properties.map(([id, name]) => ({ value: id, label: name })),
        ]}
      />
      <SelectField
        name="unit"
        label={t("calendars.unit")}
        value={filter.unitCode}
        onChange={(event) => {
          const unit = units.find((item) => item.accommodationUnitCode === event.target.value);
          onChange({
            propertyId: unit?.propertyId ?? filter.propertyId,
            unitCode: event.target.value,
          });
        }}
        options={[
          { value: "", label: t("calendars.allUnits") },
          ...unitsShown.map((unit) => ({
            value: unit.accommodationUnitCode,
            label: filter.propertyId
              ? unit.accommodationUnitName
              : `${unit.accommodationUnitName} (${unit.propertyName})`,
          })),
        ]}
      />
    </div>
  );
}
