import { useCallback, useEffect, useId, useState } from "react";
import { useCombobox } from "downshift";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural } from "../../i18n/translate.ts";
import { searchSettlements } from "../../lib/api/guests.ts";
import { type Settlement, useSettlementSearch } from "../../lib/settlement-search.ts";
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
 * page does (combobox with a list box: type a name or post code, arrows and Enter or a click).
 * Typing after a choice undoes it. Without a stay, or while the account's list is not read yet,
 * the place is typed, and the field says why.
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
  const [inputValue, setInputValue] = useState(value);
  const search = useCallback(
    (query: string, signal: AbortSignal) => searchSettlements(reservationCode, query, signal),
    [reservationCode],
  );
  const found = useSettlementSearch(inputValue === value ? "" : inputValue, search);
  const freeText = found.status === "unavailable";
  const items = found.status === "done" || found.status === "searching" ? found.items : [];
  const set = (text: string) => onChange({ target: { value: text } });
  // A choice made elsewhere shows; a choice undone keeps what is typed.
  useEffect(() => {
    if (value && value !== inputValue) setInputValue(value);
  }, [value]);
  // No list after all: what is typed so far is the answer.
  useEffect(() => {
    if (freeText && inputValue !== value) set(inputValue);
  }, [freeText]);

  const { isOpen, highlightedIndex, getInputProps, getMenuProps, getItemProps, getLabelProps } =
    useCombobox<Settlement>({
      items,
      inputId: `${id}-input`,
      labelId: `${id}-label`,
      menuId: `${id}-list`,
      getItemId: (index) => `${id}-option-${index}`,
      inputValue,
      selectedItem: value ? { name: value, zipCode: null } : null,
      itemToString: (item) => item?.name ?? "",
      itemToKey: (item) => item?.name,
      onInputValueChange: ({ inputValue: typed = "", type }) => {
        // Undoing a choice by typing must not clear what is typed.
        if (type === useCombobox.stateChangeTypes.ControlledPropUpdatedSelectedItem) return;
        setInputValue(typed);
        if (type !== useCombobox.stateChangeTypes.InputChange) return;
        if (freeText) set(typed);
        else if (value) set("");
      },
      onSelectedItemChange: ({ selectedItem }) => {
        if (!selectedItem) return;
        setInputValue(selectedItem.name);
        set(selectedItem.name);
      },
      getA11yStatusMessage: ({ isOpen }) =>
        isOpen && found.status === "done"
          ? translatePlural(lang, "guests.form.settlementResults", items.length)
          : "",
    });

  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const description = freeText
    ? t("guests.form.settlementUnavailable")
    : found.status === "failed"
    ? t("guests.form.settlementFailed")
    : t("guests.form.settlementHint");
  const open = isOpen && !freeText && items.length > 0;
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
        <ul
          {...getMenuProps()}
          className={open
            ? "absolute z-30 mt-1 max-h-64 w-full overflow-y-auto overscroll-contain rounded-xl border border-border bg-surface py-1 shadow-lg"
            : "hidden"}
        >
          {open &&
            items.map((item, index) => (
              <li
                key={item.name}
                {...getItemProps({ item, index })}
                className={`flex min-h-11 cursor-pointer items-center justify-between gap-3 px-3.5 py-2 ${
                  highlightedIndex === index ? "bg-primary-soft text-primary-soft-fg" : "text-fg"
                }`}
              >
                <span>{item.name}</span>
                {item.zipCode && (
                  <span className="shrink-0 text-sm text-fg-muted" aria-hidden="true">
                    {item.zipCode}
                  </span>
                )}
              </li>
            ))}
        </ul>
        {isOpen && !freeText && found.status === "done" && items.length === 0 && (
          <p className="absolute z-30 mt-1 w-full rounded-xl border border-border bg-surface px-3.5 py-3 text-fg-muted shadow-lg">
            {t("guests.form.settlementNoResults")}
          </p>
        )}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-error">
          {error}
        </p>
      )}
    </div>
  );
}
