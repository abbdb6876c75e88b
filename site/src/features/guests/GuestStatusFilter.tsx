import { useId } from "react";
import type { GuestStatus } from "@shared/enums.ts";
import type { Translate, TranslationKey } from "../../i18n/translate.ts";

/** All, or one guest status of spec section 4. */
export type GuestStatusChoice = GuestStatus | "All";

const FILTERS: { value: GuestStatusChoice; label: TranslationKey }[] = [
  { value: "All", label: "guests.filter.all" },
  { value: "PreCheckIn", label: "guests.filter.PreCheckIn" },
  { value: "CheckedIn", label: "guests.filter.CheckedIn" },
  { value: "CheckedOut", label: "guests.filter.CheckedOut" },
  { value: "Cancelled", label: "guests.filter.Cancelled" },
];

interface GuestStatusFilterProps {
  t: Translate;
  value: GuestStatusChoice;
  onChange: (value: GuestStatusChoice) => void;
}

/**
 * The status chips above the list: native radio buttons underneath, so Tab reaches the group
 * once, the arrow keys move between the choices and screen readers announce "2 of 4, selected".
 */
export function GuestStatusFilter({ t, value, onChange }: GuestStatusFilterProps) {
  const name = useId();
  return (
    <fieldset className="w-full sm:w-auto">
      <legend className="text-sm font-semibold">{t("guests.filter")}</legend>
      <div className="mt-1.5 flex flex-wrap gap-2">
        {FILTERS.map((filter) => (
          <label
            key={filter.value}
            className="cursor-pointer rounded-full border border-border-strong/50 bg-surface px-3.5 py-1.5 text-sm font-semibold whitespace-nowrap mobile:py-3 text-fg-muted transition-colors hover:border-fg-muted hover:text-fg has-checked:border-primary has-checked:bg-primary-soft has-checked:text-primary-soft-fg has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
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
