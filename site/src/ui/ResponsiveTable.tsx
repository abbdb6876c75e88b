import type { ReactNode } from "react";

interface ResponsiveTableProps<T> {
  items: T[];
  keyOf: (item: T) => string;
  /** Names the table (read out, not shown) and the list of cards. */
  caption: string;
  listLabel?: string;
  /** The table's least width before it scrolls sideways, e.g. "min-w-[46rem]". */
  minWidth: string;
  /** The header cells (`<th scope="col">`), and how many columns they make. */
  columns: ReactNode;
  columnCount: number;
  /** One item's cells in its table row. */
  row: (item: T) => ReactNode;
  /** One item's card on a phone. */
  card: (item: T) => ReactNode;
  /** Said in place of the rows when there are none. */
  emptyText: string;
}

/**
 * A list page's items: a table on wider screens, a list of cards on phones (each in the same
 * order, with the same actions). Both say `emptyText` when there is nothing to show.
 */
export function ResponsiveTable<T>({
  items,
  keyOf,
  caption,
  listLabel = caption,
  minWidth,
  columns,
  columnCount,
  row,
  card,
  emptyText,
}: ResponsiveTableProps<T>) {
  const empty = <p className="px-4 py-10 text-center text-fg-muted">{emptyText}</p>;
  return (
    <>
      <div className="relative overflow-x-auto rounded-2xl border border-border bg-surface shadow-xs mobile:hidden">
        <table className={`w-full ${minWidth} text-left text-[0.9375rem]`}>
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-border bg-surface-muted/60 text-sm text-fg-muted">
            <tr>{columns}</tr>
          </thead>
          <tbody className="divide-y divide-border">
            {items.length === 0 && (
              <tr>
                <td colSpan={columnCount}>{empty}</td>
              </tr>
            )}
            {items.map((item) => (
              <tr key={keyOf(item)} className="hover:bg-surface-muted/50">{row(item)}</tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="desktop:hidden">
        {items.length === 0
          ? <div className="rounded-2xl border border-border bg-surface">{empty}</div>
          : (
            <ul aria-label={listLabel} className="space-y-3">
              {items.map((item) => (
                <li
                  key={keyOf(item)}
                  className="rounded-2xl border border-border bg-surface p-4 shadow-xs"
                >
                  {card(item)}
                </li>
              ))}
            </ul>
          )}
      </div>
    </>
  );
}
