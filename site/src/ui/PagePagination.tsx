import type { Locale } from "../i18n/locales.ts";
import type { Translate } from "../i18n/translate.ts";
import type { Paged } from "../lib/api/paged.ts";
import { Pagination } from "./Pagination.tsx";

interface PagePaginationProps {
  t: Translate;
  lang: Locale;
  page: Paged<unknown>;
  pageSize: number;
  /** While the next page loads, neither way on is offered. */
  isLoading: boolean;
  onPage: (pageNumber: number) => void;
}

/** The pagination for a page of a list, as `usePagedList` gives it. */
export function PagePagination(
  { t, lang, page, pageSize, isLoading, onPage }: PagePaginationProps,
) {
  return (
    <Pagination
      t={t}
      lang={lang}
      pageNumber={page.pageNumber}
      pageSize={pageSize}
      totalPages={page.totalPages}
      totalCount={page.totalCount}
      hasPreviousPage={page.hasPreviousPage && !isLoading}
      hasNextPage={page.hasNextPage && !isLoading}
      onPage={onPage}
    />
  );
}
