import { useCallback, useId } from "react";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural } from "../../i18n/translate.ts";
import { searchSettlements } from "../../lib/api/guests.ts";
import { useSettlementCombobox } from "../../lib/use-settlement-combobox.ts";
import { SettlementOptions } from "../../ui/forms/SettlementOptions.tsx";
import { TextField } from "../../ui/forms/TextField.tsx";

interface SettlementFieldProps {
  t: Translate;
  lang: Locale;
  name: string;
  label: string;
  /** The chosen settlement's "Grad-Naselje" entry, or "" while none is chosen. */
  value: string;
  error?: string;
  onChange: (event: { target: { value: string } }) => void;
  /** The guest's stay: the settlements are those of its property's eVisitor account. */
  reservationCode: string;
}

const CONTROL =
  "mt-1.5 block w-full rounded-xl border bg-surface px-3.5 py-2.5 text-base text-fg shadow-xs transition-colors placeholder:text-fg-muted/70 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring";

/**
 * A city in Croatia for the host's guest form, chosen from eVisitor's settlements as the check-in
 * page does (useSettlementCombobox: type a name or post code, arrows and Enter or a click). Without
 * a stay the place is typed, and the field says why. A place the list cannot offer is kept as
 * typed only through "not in the list": its registration then waits until a place of the list is
 * chosen (the worker never sends it as typed).
 */
export function SettlementField(props: SettlementFieldProps) {
  if (!props.reservationCode) {
    return (
      <TextField
        name={props.name}
        label={props.label}
        description={props.t("guests.form.settlementNeedsStay")}
        required
        maxLength={100}
        value={props.value}
        onChange={props.onChange}
        error={props.error}
      />
    );
  }
  return <SettlementCombobox key={props.reservationCode} {...props} />;
}

function SettlementCombobox(
  { t, lang, name, label, value, error, onChange, reservationCode }: SettlementFieldProps,
) {
  const id = useId();
  const search = useCallback(
    (query: string, signal: AbortSignal) => searchSettlements(reservationCode, query, signal),
    [reservationCode],
  );
  const combobox = useSettlementCombobox({
    id,
    inputId: `${id}-input`,
    labelId: `${id}-label`,
    value,
    onChange: (text) => onChange({ target: { value: text } }),
    search,
    resultsText: (count) => translatePlural(lang, "guests.form.settlementResults", count),
  });
  const {
    found,
    unavailable,
    getInputProps,
    getLabelProps,
    inputValue,
    canKeepTyped,
    keepTyped,
    notListed,
  } = combobox;

  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const description = notListed
    ? t("guests.form.settlementKept", { place: value })
    : unavailable
    ? t("guests.form.settlementUnavailable")
    : found.status === "failed"
    ? t("guests.form.settlementFailed")
    : t("guests.form.settlementHint");
  return (
    <div>
      <label {...getLabelProps()} className="block text-sm font-semibold text-fg">{label}</label>
      <p id={descriptionId} className="mt-1 text-sm text-fg-muted" aria-live="polite">
        {description}
      </p>
      <div className="relative">
        <input
          {...getInputProps({
            name,
            required: true,
            maxLength: 100,
            autoComplete: "off",
            spellCheck: false,
            placeholder: t("guests.form.settlementPlaceholder"),
            "aria-invalid": error ? true : undefined,
            "aria-describedby": [descriptionId, error && errorId].filter(Boolean).join(" "),
            className: `${CONTROL} ${
              error ? "border-error" : "border-border-strong/80 hover:border-fg-muted"
            }`,
          })}
        />
        <SettlementOptions
          combobox={combobox}
          noResultsText={t("guests.form.settlementNoResults")}
          layer="z-30"
        />
      </div>
      {canKeepTyped && (
        <button
          type="button"
          onClick={keepTyped}
          className="mt-1 min-h-11 text-left text-sm font-semibold text-primary underline underline-offset-2"
        >
          {t("guests.form.settlementKeepTyped", { place: inputValue.trim() })}
        </button>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-error">
          {error}
        </p>
      )}
    </div>
  );
}
