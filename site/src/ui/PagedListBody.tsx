import type { ReactNode } from "react";
import type { Paged } from "../lib/api/paged.ts";
import type { Locale } from "../i18n/locales.ts";
import type { Translate } from "../i18n/translate.ts";
import { LoadFailedNotice } from "./LoadFailedNotice.tsx";
import { LoadingState } from "./LoadingState.tsx";
import { PagePagination } from "./PagePagination.tsx";
import type { ListLoad } from "./use-paged-list.ts";

interface PagedListBodyProps<T> {
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
  /** Spacing of the loading state, e.g. "py-8" in a section of a longer page. */
  loadingClassName?: string;
}

/**
 * The body every paged list shares: "Loading…" until the first page, the failure with a retry,
 * the page (dimmed while the next one loads, so it does not jump) and the pagination when there
 * is more than one page.
 */
export function PagedListBody<T>(
  { t, lang, list, pageSize, children, loadingClassName }: PagedListBodyProps<T>,
) {
  const { load, page, isLoading, reload, setPageNumber } = list;
  return (
    <>
      {!page && load.status === "loading" && <LoadingState t={t} className={loadingClassName} />}
      {load.status === "failed" && <LoadFailedNotice t={t} error={load.error} onRetry={reload} />}
      {page && (
        <div className={isLoading ? "opacity-60 transition-opacity" : "transition-opacity"}>
          {children(page)}
        </div>
      )}
      {page && page.totalPages > 1 && (
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
