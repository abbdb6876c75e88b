import { useId } from "react";
import { ReservationFilter } from "@shared/enums.ts";
import type { Translate, TranslationKey } from "../../i18n/translate.ts";

/** The list filters of spec section 2, in the spec's order. */
const FILTERS: { value: ReservationFilter; label: TranslationKey }[] = [
  { value: ReservationFilter.All, label: "reservations.filter.all" },
  { value: ReservationFilter.Upcoming, label: "reservations.filter.upcoming" },
  { value: ReservationFilter.Ongoing, label: "reservations.filter.ongoing" },
  { value: ReservationFilter.Completed, label: "reservations.filter.completed" },
];

interface StayFilterSwitchProps {
  t: Translate;
  value: ReservationFilter;
  onChange: (value: ReservationFilter) => void;
}

/**
 * All / Upcoming / Ongoing / Completed as a segmented control. Underneath it is a group of native
 * radio buttons, so Tab reaches it once, the arrow keys move between the choices and screen
 * readers announce "1 of 4, selected".
 */
export function StayFilterSwitch({ t, value, onChange }: StayFilterSwitchProps) {
  const name = useId();
  return (
    <fieldset className="w-full sm:w-auto">
      <legend className="text-sm font-semibold">{t("reservations.filter")}</legend>
      <div className="mt-1.5 flex flex-wrap gap-1 rounded-xl border border-border-strong/40 bg-surface-muted p-1 sm:inline-flex sm:flex-nowrap">
        {FILTERS.map((filter) => (
          <label
            key={filter.value}
            className="flex-auto cursor-pointer rounded-lg px-2 py-1.5 text-center mobile:py-3 text-sm font-semibold whitespace-nowrap text-fg-muted transition-colors hover:text-fg has-checked:bg-surface has-checked:text-primary has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-ring sm:min-w-24 sm:px-3.5"
          >
            <input
              type="radio"
              name={name}
              value={filter.value}
              checked={value === filter.value}
              onChange={() => onChange(filter.value)}
              className="sr-only"
            />
            {t(filter.label)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
