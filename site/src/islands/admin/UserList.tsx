import { useEffect, useState } from "react";
import type { AdminUserListItem } from "@shared/schemas/admin-user.ts";
import {
  listUsers,
  type Paged,
  type UserListQuery,
  type UserSortField,
} from "../../lib/api/admin-users.ts";
import { translatePlural } from "../../i18n/translate.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { LoadFailedNotice } from "../ui/LoadFailedNotice.tsx";
import { Pagination } from "../ui/Pagination.tsx";
import { SearchField } from "../ui/SearchField.tsx";
import { Spinner } from "../ui/Spinner.tsx";
import { useDebouncedValue } from "../ui/use-debounced-value.ts";
import { ImpersonateDialog } from "./ImpersonateDialog.tsx";
import { UserTable } from "./UserTable.tsx";

const PAGE_SIZE = 10;
const SEARCH_DELAY_MS = 300;

type Load =
  | { status: "loading"; previous?: Paged<AdminUserListItem> }
  | { status: "loaded"; page: Paged<AdminUserListItem> }
  | { status: "failed"; error: unknown };

/** The user list: search (debounced), sort by a column header, pages, and Impersonate. */
export function UserList() {
  const { t, lang } = useTranslation();
  const [search, setSearch] = useState("");
  const searchTerm = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  // The page belongs to the search it was chosen in: a new search starts on the first page.
  const [paging, setPaging] = useState({ term: "", page: 1 });
  const pageNumber = paging.term === searchTerm ? paging.page : 1;
  const setPageNumber = (page: number) => setPaging({ term: searchTerm, page });
  const [sort, setSort] = useState<{ by: UserSortField; descending: boolean }>({
    by: "created",
    descending: true,
  });
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [chosen, setChosen] = useState<AdminUserListItem>();

  useEffect(() => {
    const controller = new AbortController();
    const query: UserListQuery = {
      pageNumber,
      pageSize: PAGE_SIZE,
      searchTerm,
      sortBy: sort.by,
      sortDescending: sort.descending,
    };
    setLoad((current) => ({
      status: "loading",
      previous: current.status === "loaded"
        ? current.page
        : current.status === "loading"
        ? current.previous
        : undefined,
    }));
    listUsers(query, controller.signal)
      .then((page) => setLoad({ status: "loaded", page }))
      .catch((error) => {
        if (!controller.signal.aborted) setLoad({ status: "failed", error });
      });
    return () => controller.abort();
  }, [pageNumber, searchTerm, sort, attempt]);

  function sortBy(field: UserSortField) {
    setSort((current) =>
      current.by === field
        ? { by: field, descending: !current.descending }
        : { by: field, descending: field !== "email" }
    );
    setPageNumber(1);
  }

  const page = load.status === "loaded"
    ? load.page
    : load.status === "loading"
    ? load.previous
    : undefined;
  const isLoading = load.status === "loading";

  return (
    <div className="mt-8 space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <SearchField
          label={t("adminUsers.search")}
          placeholder={t("adminUsers.searchPlaceholder")}
          value={search}
          onChange={setSearch}
        />
        <p aria-live="polite" className="flex min-h-6 items-center gap-2 text-sm text-fg-muted">
          {isLoading && (
            <>
              <Spinner />
              {t("app.loading")}
            </>
          )}
          {load.status === "loaded" &&
            translatePlural(lang, "adminUsers.count", load.page.totalCount)}
        </p>
      </div>

      {load.status === "failed" && (
        <LoadFailedNotice
          t={t}
          error={load.error}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      )}

      {page && (
        <div className={isLoading ? "opacity-60 transition-opacity" : "transition-opacity"}>
          <UserTable
            t={t}
            lang={lang}
            users={page.items}
            sort={sort}
            isSearching={searchTerm !== ""}
            onSort={sortBy}
            onImpersonate={setChosen}
          />
        </div>
      )}

      {page && page.totalCount > 0 && (
        <Pagination
          t={t}
          lang={lang}
          pageNumber={page.pageNumber}
          pageSize={PAGE_SIZE}
          totalPages={page.totalPages}
          totalCount={page.totalCount}
          hasPreviousPage={page.hasPreviousPage && !isLoading}
          hasNextPage={page.hasNextPage && !isLoading}
          onPage={setPageNumber}
        />
      )}

      <ImpersonateDialog user={chosen} onClose={() => setChosen(undefined)} />
    </div>
  );
}
