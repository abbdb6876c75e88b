import { useEffect, useState } from "react";
import type { Paged } from "../lib/api/paged.ts";
import { useDebouncedValue } from "./use-debounced-value.ts";

const SEARCH_DELAY_MS = 300;

/** Where a list's page is: on its way (the page shown before stays meanwhile), here, or failed. */
export type ListLoad<T> =
  | { status: "loading"; previous?: Paged<T> }
  | { status: "loaded"; page: Paged<T> }
  | { status: "failed"; error: unknown };

/** What a list reads a page with. */
export interface PageRequest {
  pageNumber: number;
  searchTerm: string;
  signal: AbortSignal;
}

interface PagedListOptions<T> {
  /** Reads one page; whatever else it depends on (the sort, say) belongs in `deps`. */
  load: (request: PageRequest) => Promise<Paged<T>>;
  /** Further values the page depends on: a change reads it again. */
  deps?: unknown[];
  /** Called when a read fails (not when it is given up for a newer one). */
  onFailed?: (error: unknown) => void;
  /** The search the list opens with (a link to one item); empty by default. */
  initialSearch?: string;
}

/** The page to show: the one loaded, or while the next one loads, the one before. */
export function pageOf<T>(load: ListLoad<T>): Paged<T> | undefined {
  return load.status === "loaded"
    ? load.page
    : load.status === "loading"
    ? load.previous
    : undefined;
}

/**
 * A paged, searchable list: the search (debounced), the page number (which belongs to the search
 * it was chosen in, so a new search starts on the first page) and the page read for both.
 */
export function usePagedList<T>(
  { load: read, deps = [], onFailed, initialSearch = "" }: PagedListOptions<T>,
) {
  const [search, setSearch] = useState(initialSearch);
  const searchTerm = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [paging, setPaging] = useState({ term: searchTerm, page: 1 });
  const pageNumber = paging.term === searchTerm ? paging.page : 1;
  const setPageNumber = (page: number) => setPaging({ term: searchTerm, page });
  const [load, setLoad] = useState<ListLoad<T>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoad((current) => ({ status: "loading", previous: pageOf(current) }));
    read({ pageNumber, searchTerm, signal: controller.signal })
      .then((page) => setLoad({ status: "loaded", page }))
      .catch((error) => {
        if (controller.signal.aborted) return;
        setLoad({ status: "failed", error });
        onFailed?.(error);
      });
    return () => controller.abort();
  }, [pageNumber, searchTerm, attempt, ...deps]);

  const page = pageOf(load);

  /** Reads the page again, showing it as loading (the page shown stays meanwhile). */
  function reload() {
    setAttempt((n) => n + 1);
  }

  return {
    search,
    setSearch,
    searchTerm,
    pageNumber,
    setPageNumber,
    load,
    page,
    isLoading: load.status === "loading",
    reload,
    /** Reads the page again quietly: the page shown stays as it is until the new one is here. */
    refresh(signal: AbortSignal): Promise<void> {
      return read({ pageNumber, searchTerm, signal }).then((fresh) =>
        setLoad({ status: "loaded", page: fresh })
      );
    },
    /** After an item was deleted: the page before, if that was the last one here, else again. */
    reloadAfterRemoval() {
      if (page && page.items.length === 1 && pageNumber > 1) setPageNumber(pageNumber - 1);
      else reload();
    },
    /** Applies a change to the items shown without reading them again (only to a loaded page). */
    updateItems(change: (items: T[]) => T[]) {
      setLoad((current) =>
        current.status === "loaded"
          ? { status: "loaded", page: { ...current.page, items: change(current.page.items) } }
          : current
      );
    },
  };
}
