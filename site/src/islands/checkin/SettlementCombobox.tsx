import type { SearchSettlements } from "../../lib/settlement-search.ts";
import { useSettlementCombobox } from "../../lib/use-settlement-combobox.ts";
import { SettlementOptions } from "../../ui/forms/SettlementOptions.tsx";
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
 * A city in Croatia, chosen from eVisitor's settlements (useSettlementCombobox): type part of the
 * name or the post code, then pick with the arrow keys and Enter, or a tap. When the stay's
 * account has no list yet, the field takes the typed name and says so.
 */
export function SettlementCombobox(
  { id, label, value, onChange, search, error, prefilled, onChecked }: SettlementComboboxProps,
) {
  const { t, plural } = useTranslator();
  const labelId = `${id}-label`;
  const statusId = `${id}-status`;
  const combobox = useSettlementCombobox({
    id,
    inputId: id,
    labelId,
    value,
    onChange,
    search,
    resultsText: (count) => plural("settlement.results", count),
  });
  const { found, freeText, getInputProps } = combobox;

  const note = freeText
    ? t("settlement.unavailable")
    : found.status === "failed"
    ? t("settlement.failed")
    : undefined;
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
        <SettlementOptions
          combobox={combobox}
          noResultsText={t("settlement.noResults")}
          layer="z-20"
        />
      </div>
      {note && (
        <p id={statusId} role="status" className="mt-1.5 text-sm text-fg-muted">
          {note}
        </p>
      )}
      {found.status === "searching" && combobox.items.length === 0 && (
        <p className="sr-only" role="status">{t("settlement.searching")}</p>
      )}
    </FieldFrame>
  );
}
