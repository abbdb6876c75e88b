import { useEffect, useState } from "react";
import { useCombobox } from "downshift";
import {
  type SearchSettlements,
  type Settlement,
  useSettlementSearch,
} from "../../lib/settlement-search.ts";
import { controlClass, describedBy, FieldFrame } from "./fields.tsx";
import { useTranslator } from "./i18n-context.ts";

interface SettlementComboboxProps {
  id: string;
  label: string;
  /** The chosen settlement's "Grad-Naselje" entry, or "" while none is chosen. */
  value: string;
  onChange: (value: string) => void;
  search: SearchSettlements;
  error?: string;
  prefilled?: boolean;
  onChecked?: () => void;
}

/**
 * A city in Croatia, chosen from eVisitor's settlements (WAI-ARIA combobox with a list box, by
 * downshift): type part of the name or the post code, then pick with the arrow keys and Enter, or
 * a tap. The list is searched on the server as the guest types. Typing after a choice undoes it,
 * so what is sent is always an entry of the list. When the stay's account has no list yet, the
 * field takes the typed name and says so.
 */
export function SettlementCombobox(
  { id, label, value, onChange, search, error, prefilled, onChecked }: SettlementComboboxProps,
) {
  const { t, plural } = useTranslator();
  const [inputValue, setInputValue] = useState(value);
  const found = useSettlementSearch(inputValue === value ? "" : inputValue, search);
  const freeText = found.status === "unavailable";
  const items = found.status === "done" || found.status === "searching" ? found.items : [];
  // A choice made elsewhere (a restored form) shows; a choice undone keeps what is typed.
  useEffect(() => {
    if (value && value !== inputValue) setInputValue(value);
  }, [value]);
  // No list after all: what is typed so far is the answer.
  useEffect(() => {
    if (freeText && inputValue !== value) onChange(inputValue);
  }, [freeText]);

  const labelId = `${id}-label`;
  const statusId = `${id}-status`;
  const {
    isOpen,
    highlightedIndex,
    getInputProps,
    getMenuProps,
    getItemProps,
  } = useCombobox<Settlement>({
    items,
    inputId: id,
    labelId,
    menuId: `${id}-list`,
    getItemId: (index) => `${id}-option-${index}`,
    inputValue,
    selectedItem: value ? { name: value, zipCode: null } : null,
    itemToString: (item) => item?.name ?? "",
    itemToKey: (item) => item?.name,
    onInputValueChange: ({ inputValue: typed = "", type }) => {
      // Undoing a choice by typing must not clear what is typed (downshift would, as the
      // controlled choice goes away).
      if (type === useCombobox.stateChangeTypes.ControlledPropUpdatedSelectedItem) return;
      setInputValue(typed);
      if (type !== useCombobox.stateChangeTypes.InputChange) return;
      // Typed: a free-text name when there is no list, else no choice until one is picked.
      if (freeText) onChange(typed);
      else if (value) onChange("");
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      setInputValue(selectedItem.name);
      onChange(selectedItem.name);
    },
    getA11yStatusMessage: ({ isOpen }) =>
      isOpen && found.status === "done" ? plural("settlement.results", items.length) : "",
  });

  const note = freeText
    ? t("settlement.unavailable")
    : found.status === "failed"
    ? t("settlement.failed")
    : undefined;
  const open = isOpen && !freeText && items.length > 0;
  const hint = freeText ? undefined : t("settlement.hint");
  const described = describedBy(id, { error, hint, toCheck: !!onChecked });
  return (
    <FieldFrame
      id={id}
      labelId={labelId}
      label={label}
      hint={hint}
      error={error}
      prefilled={prefilled}
      onChecked={onChecked}
    >
      <div className="relative">
        <input
          {...getInputProps({
            ...described,
            "aria-describedby": [described["aria-describedby"], note && statusId]
              .filter(Boolean).join(" ") || undefined,
            "aria-required": true,
            placeholder: t("settlement.placeholder"),
            autoComplete: "off",
            autoCapitalize: "words",
            spellCheck: false,
            maxLength: 100,
            className: controlClass(!!error, !!prefilled, !!onChecked),
          })}
        />
        <ul
          {...getMenuProps()}
          className={open
            ? "absolute z-20 mt-1 max-h-64 w-full overflow-y-auto overscroll-contain rounded-xl border border-border bg-surface py-1 shadow-lg"
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
          <p className="absolute z-20 mt-1 w-full rounded-xl border border-border bg-surface px-3.5 py-3 text-fg-muted shadow-lg">
            {t("settlement.noResults")}
          </p>
        )}
      </div>
      {note && (
        <p id={statusId} role="status" className="mt-1.5 text-sm text-fg-muted">
          {note}
        </p>
      )}
      {found.status === "searching" && items.length === 0 && (
        <p className="sr-only" role="status">{t("settlement.searching")}</p>
      )}
    </FieldFrame>
  );
}
