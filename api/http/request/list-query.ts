/**
 * The list queries themselves are shared with the site (shared/schemas/list-query.ts); these map
 * a parsed one to the camelCase paging the services take.
 */

/** The paging of a parsed list query, as the services take it (camelCase; no search when empty). */
export function pagingOf<S extends string>(
  query: { PageNumber: number; PageSize: number; SortBy: S; SearchValue?: string },
) {
  return {
    pageNumber: query.PageNumber,
    pageSize: query.PageSize,
    sortBy: query.SortBy,
    searchValue: query.SearchValue || undefined,
  };
}

/** The same for the SearchTerm/SortDescending lists. */
export function sortedPagingOf<S extends string>(
  query: {
    PageNumber: number;
    PageSize: number;
    SortBy: S;
    SearchTerm?: string;
    SortDescending: boolean;
  },
) {
  return {
    pageNumber: query.PageNumber,
    pageSize: query.PageSize,
    sortBy: query.SortBy,
    searchTerm: query.SearchTerm || undefined,
    sortDescending: query.SortDescending,
  };
}
