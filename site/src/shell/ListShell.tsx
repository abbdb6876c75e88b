import type { ReactNode } from "react";
import type { Paged } from "../lib/api/paged.ts";
import type { Locale } from "../i18n/locales.ts";
import type { Translate } from "../i18n/translate.ts";
import { LoadFailedNotice } from "../ui/LoadFailedNotice.tsx";
import { LoadingState } from "../ui/LoadingState.tsx";
import { PagePagination } from "../ui/PagePagination.tsx";
import type { ListLoad } from "../ui/use-paged-list.ts";

interface ListShellProps<T> {
  t: Translate;
  lang: Locale;
  /** What usePagedList gives: where the read is, the page shown, and how to move or retry. */
  list: {
    load: ListLoad<T>;
    page: Paged<T> | undefined;
    isLoading: boolean;
    reload: () => void;
    setPageNumber: (page: number) => void;
  };
  pageSize: number;
  /** The page's items, drawn by the list (a table, cards). */
  children: (page: Paged<T>) => ReactNode;
  /**
   * Whether the list holds nothing at all (as each list counts it: before any search or filter,
   * say); `empty` then stands in the page's place.
   */
  isEmpty?: boolean;
  /** The list's own empty state (an EmptyState with its way forward), shown when `isEmpty`. */
  empty?: ReactNode;
  /**
   * Shown, not dimmed, in the page's place when the page has no items (nothing matches the
   * search); `null` shows nothing. Left out, the page is drawn as it is (its table says so).
   */
  noItems?: ReactNode;
  /** Whether the page has pagination below it; by default when there is more than one page. */
  paginates?: (page: Paged<T>) => boolean;
  /** Whether "Loading…" stands in for the first page (default); false shows nothing meanwhile. */
  showsLoading?: boolean;
  /** Spacing of the loading state, e.g. "py-8" in a section of a longer page. */
  loadingClassName?: string;
  /** Classes of the box around the page's items (e.g. a grid of cards). */
  className?: string;
}

const hasPages = (page: Paged<unknown>) => page.totalPages > 1;

/**
 * The body every paged list shares: "Loading…" until the first page, the failure with a retry,
 * the list's empty state, the page (dimmed while the next one loads, so it does not jump) and
 * the pagination. Each list passes what differs: its empty state and when it shows, what shows
 * for a page without items, and when it pages.
 */
export function ListShell<T>({
  t,
  lang,
  list,
  pageSize,
  children,
  isEmpty = false,
  empty,
  noItems,
  paginates = hasPages,
  showsLoading = true,
  loadingClassName,
  className = "",
}: ListShellProps<T>) {
  const { load, page, isLoading, reload, setPageNumber } = list;
  const hasNoItems = page !== undefined && !isEmpty && noItems !== undefined &&
    page.items.length === 0;
  return (
    <>
      {showsLoading && !page && load.status === "loading" && (
        <LoadingState t={t} className={loadingClassName} />
      )}
      {load.status === "failed" && <LoadFailedNotice t={t} error={load.error} onRetry={reload} />}
      {page && isEmpty && empty}
      {hasNoItems && noItems}
      {page && !isEmpty && !hasNoItems && (
        <div
          className={`${className ? `${className} ` : ""}${
            isLoading ? "opacity-60 transition-opacity" : "transition-opacity"
          }`}
        >
          {children(page)}
        </div>
      )}
      {page && paginates(page) && (
        <PagePagination
          t={t}
          lang={lang}
          page={page}
          pageSize={pageSize}
          isLoading={isLoading}
          onPage={setPageNumber}
        />
      )}
    </>
  );
}
