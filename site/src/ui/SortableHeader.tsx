import type { Translate, TranslationKey } from "../i18n/translate.ts";
import { Icon } from "./Icon.tsx";

interface SortableHeaderProps<F extends string> {
  t: Translate;
  field: F;
  label: TranslationKey;
  sort: { by: F; descending: boolean };
  onSort: (field: F) => void;
  /** The header cell's spacing and alignment in its table. */
  className?: string;
  /** The button's horizontal padding, which sets how tight the columns sit. */
  buttonPadding?: string;
}

/**
 * A column header that sorts by its column (a second press turns the order around), saying which
 * way with `aria-sort` and an arrow.
 */
export function SortableHeader<F extends string>(
  { t, field, label, sort, onSort, className = "px-1 py-1.5", buttonPadding = "px-2" }:
    SortableHeaderProps<F>,
) {
  const isSorted = sort.by === field;
  return (
    <th
      scope="col"
      aria-sort={isSorted ? (sort.descending ? "descending" : "ascending") : undefined}
      className={className}
    >
      <button
        type="button"
        onClick={() => onSort(field)}
        className={`inline-flex items-center gap-1 rounded-lg ${buttonPadding} py-1.5 font-semibold whitespace-nowrap mobile:min-h-11 hover:bg-surface hover:text-fg`}
      >
        {t(label)}
        <Icon
          name={isSorted ? (sort.descending ? "chevronDown" : "chevronUp") : "chevronsUpDown"}
          className={`size-4 ${isSorted ? "text-primary" : "opacity-60"}`}
        />
      </button>
    </th>
  );
}
