import type { SearchSettlements } from "../../lib/settlement-search.ts";
import { useSettlementCombobox } from "../../lib/use-settlement-combobox.ts";
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
 * so what is sent is always an entry of the list. A place the list cannot offer (none read yet,
 * nothing found) is kept as typed only through "not in the list", which says the host will choose
 * it; eVisitor never receives it as typed.
 */
export function SettlementCombobox(
  { id, label, value, onChange, search, error, prefilled, onChecked }: SettlementComboboxProps,
) {
  const { t, plural } = useTranslator();
  const labelId = `${id}-label`;
  const statusId = `${id}-status`;
  const {
    highlightedIndex,
    getInputProps,
    getMenuProps,
    getItemProps,
    found,
    unavailable,
    items,
    open,
    noResults,
    inputValue,
    canKeepTyped,
    keepTyped,
    notListed,
  } = useSettlementCombobox({
    id,
    inputId: id,
    labelId,
    value,
    onChange,
    search,
    resultsText: (count) => plural("settlement.results", count),
  });

  const note = notListed
    ? t("settlement.keptForHost", { place: value })
    : unavailable
    ? t("settlement.unavailable")
    : found.status === "failed"
    ? t("settlement.failed")
    : undefined;
  const hint = unavailable ? undefined : t("settlement.hint");
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
        {noResults && (
          <p className="mt-1 w-full rounded-xl border border-border bg-surface px-3.5 py-3 text-fg-muted">
            {t("settlement.noResults")}
          </p>
        )}
      </div>
      {note && (
        <p id={statusId} role="status" className="mt-1.5 text-sm text-fg-muted">
          {note}
        </p>
      )}
      {canKeepTyped && (
        <button
          type="button"
          onClick={keepTyped}
          className="mt-1 min-h-11 text-left text-sm font-semibold text-primary underline underline-offset-2"
        >
          {t("settlement.keepTyped", { place: inputValue.trim() })}
        </button>
      )}
      {found.status === "searching" && items.length === 0 && (
        <p className="sr-only" role="status">{t("settlement.searching")}</p>
      )}
    </FieldFrame>
  );
}
