import { useMemo, useState } from "react";
import { useCombobox } from "downshift";
import { Icon } from "./CheckinIcon.tsx";
import { type Country, filterCountries } from "./countries.ts";
import { controlClass, describedBy, FieldFrame } from "./fields.tsx";
import { useTranslator } from "./i18n-context.ts";

interface CountryComboboxProps {
  id: string;
  label: string;
  /** The alpha-3 code, or "" for none. */
  value: string;
  onChange: (code: string) => void;
  /** Every country with its name in the page's language; undefined while it loads. */
  countries: Country[] | undefined;
  error?: string;
  prefilled?: boolean;
  /** Present while the country waits to be checked against the document (see FieldFrame). */
  onChecked?: () => void;
}

/**
 * A searchable country selector (WAI-ARIA combobox with a list box, by downshift): type a few
 * letters of the name in the page's language (diacritics optional) or its code, then pick with
 * the arrow keys and Enter, or a tap. The value is eVisitor's ISO 3166-1 alpha-3 code.
 */
export function CountryCombobox(
  { id, label, value, onChange, countries, error, prefilled, onChecked }: CountryComboboxProps,
) {
  const { t, plural } = useTranslator();
  const selected = useMemo(() => countries?.find((c) => c.code === value) ?? null, [
    countries,
    value,
  ]);
  const [query, setQuery] = useState("");
  const items = useMemo(() => {
    if (!countries) return [];
    return query === "" || query === selected?.name ? countries : filterCountries(countries, query);
  }, [countries, query, selected]);

  const labelId = `${id}-label`;
  const {
    isOpen,
    highlightedIndex,
    getInputProps,
    getMenuProps,
    getItemProps,
    getToggleButtonProps,
  } = useCombobox<Country>({
    items,
    inputId: id,
    labelId,
    menuId: `${id}-list`,
    toggleButtonId: `${id}-toggle`,
    getItemId: (index) => `${id}-option-${index}`,
    selectedItem: selected,
    itemToString: (item) => item?.name ?? "",
    itemToKey: (item) => item?.code,
    onInputValueChange: ({ inputValue }) => setQuery(inputValue ?? ""),
    onSelectedItemChange: ({ selectedItem }) => onChange(selectedItem?.code ?? ""),
    getA11yStatusMessage: ({ isOpen }) => isOpen ? plural("country.results", items.length) : "",
  });

  return (
    <FieldFrame
      id={id}
      labelId={labelId}
      label={label}
      error={error}
      prefilled={prefilled}
      onChecked={onChecked}
    >
      <div className="relative">
        <input
          {...getInputProps({
            ...describedBy(id, { error, toCheck: !!onChecked }),
            "aria-required": true,
            disabled: !countries,
            placeholder: countries ? t("country.placeholder") : t("country.loading"),
            autoComplete: "off",
            autoCapitalize: "words",
            spellCheck: false,
            className: `${controlClass(!!error, !!prefilled, !!onChecked)} pr-12`,
          })}
        />
        <button
          type="button"
          {...getToggleButtonProps({
            "aria-label": t("country.showList", { field: label }),
            disabled: !countries,
            tabIndex: -1,
          })}
          className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-xl text-fg-muted hover:text-fg"
        >
          <Icon name={isOpen ? "chevronUp" : "chevronDown"} className="size-5" />
        </button>
        <ul
          {...getMenuProps()}
          className={isOpen && items.length > 0
            ? "absolute z-20 mt-1 max-h-64 w-full overflow-y-auto overscroll-contain rounded-xl border border-border bg-surface py-1 shadow-lg"
            : "hidden"}
        >
          {isOpen &&
            items.map((item, index) => (
              <li
                key={item.code}
                {...getItemProps({ item, index })}
                className={`flex min-h-11 cursor-pointer items-center justify-between gap-2 px-3.5 py-2 ${
                  highlightedIndex === index ? "bg-primary-soft text-primary-soft-fg" : "text-fg"
                }`}
              >
                <span>{item.name}</span>
                {item.code === value && <Icon name="check" className="size-4 shrink-0" />}
              </li>
            ))}
        </ul>
        {isOpen && countries && items.length === 0 && (
          <p className="absolute z-20 mt-1 w-full rounded-xl border border-border bg-surface px-3.5 py-3 text-fg-muted shadow-lg">
            {t("country.noResults")}
          </p>
        )}
      </div>
    </FieldFrame>
  );
}
