import type { SettlementCombobox } from "../../lib/use-settlement-combobox.ts";

interface SettlementOptionsProps {
  combobox: SettlementCombobox;
  noResultsText: string;
  /** The stacking class over what follows the field ("z-20" on the check-in page). */
  layer: string;
}

/** The settlement combobox's list box (places and their post codes) and its "nothing found". */
export function SettlementOptions({ combobox, noResultsText, layer }: SettlementOptionsProps) {
  const { open, items, highlightedIndex, getMenuProps, getItemProps } = combobox;
  return (
    <>
      <ul
        {...getMenuProps()}
        className={open
          ? `absolute ${layer} mt-1 max-h-64 w-full overflow-y-auto overscroll-contain rounded-xl border border-border bg-surface py-1 shadow-lg`
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
      {/* In the flow, not over it: "not in the list" below must stay reachable. */}
      {combobox.noResults && (
        <p className="mt-1 w-full rounded-xl border border-border bg-surface px-3.5 py-3 text-fg-muted">
          {noResultsText}
        </p>
      )}
    </>
  );
}
