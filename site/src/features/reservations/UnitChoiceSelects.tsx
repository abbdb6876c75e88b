import type { Property } from "@shared/schemas/property.ts";
import type { Translate } from "../../i18n/translate.ts";
import type { UnitChoice } from "../../lib/navigation/unit-choice.ts";
import { SelectField } from "../../ui/forms/SelectField.tsx";

interface UnitChoiceSelectsProps {
  t: Translate;
  properties: Property[];
  value: UnitChoice;
  onChange: (value: UnitChoice) => void;
}

/**
 * Which reservations the list shows (spec section 2: a property and an accommodation unit, or
 * all). With every property shown, each unit is named with its property; choosing one of them
 * chooses its property too.
 */
export function UnitChoiceSelects({ t, properties, value, onChange }: UnitChoiceSelectsProps) {
  const chosen = properties.find((property) => property.id === value.propertyId);
  const units = (chosen ? [chosen] : properties).flatMap((property) =>
    property.accommodationUnits.map((unit) => ({ unit, property }))
  );
  return (
    <>
      <SelectField
        name="propertyFilter"
        label={t("reservations.property")}
        value={value.propertyId}
        onChange={(event) => onChange({ propertyId: event.target.value, unitCode: "" })}
        options={[
          { value: "", label: t("reservations.allProperties") },
          ...properties.map((property) => ({ value: property.id, label: property.name })),
        ]}
      />
      <SelectField
        name="unitFilter"
        label={t("reservations.unit")}
        value={value.unitCode}
        onChange={(event) => {
          const code = event.target.value;
          const owner = units.find((item) => item.unit.code === code)?.property;
          onChange({ propertyId: owner?.id ?? value.propertyId, unitCode: code });
        }}
        options={[
          { value: "", label: t("reservations.allUnits") },
          ...units.map(({ unit, property }) => ({
            value: unit.code,
            label: chosen ? unit.name : `${unit.name} · ${property.name}`,
          })),
        ]}
      />
    </>
  );
}
