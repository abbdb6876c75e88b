import { useState } from "react";
import type { AdminUserListItem } from "@shared/schemas/admin-user.ts";
import { listUsers, type UserSortField } from "../../lib/api/admin-users.ts";
import { translatePlural } from "../../i18n/translate.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { ListCount } from "../../ui/ListCount.tsx";
import { SearchField } from "../../ui/SearchField.tsx";
import { usePagedList } from "../../ui/use-paged-list.ts";
import { ListShell } from "../../shell/ListShell.tsx";
import { ImpersonateDialog } from "./ImpersonateDialog.tsx";
import { UserTable } from "./UserTable.tsx";

const PAGE_SIZE = 10;

/** The user list: search (debounced), sort by a column header, pages, and Impersonate. */
export function UserList() {
  const { t, lang } = useTranslation();
  const [sort, setSort] = useState<{ by: UserSortField; descending: boolean }>({
    by: "created",
    descending: true,
  });
  const list = usePagedList({
    load: ({ pageNumber, searchTerm, signal }) =>
      listUsers(
        {
          pageNumber,
          pageSize: PAGE_SIZE,
          searchTerm,
          sortBy: sort.by,
          sortDescending: sort.descending,
        },
        signal,
      ),
    deps: [sort],
  });
  const { search, setSearch, searchTerm, setPageNumber, load, isLoading } = list;
  const [chosen, setChosen] = useState<AdminUserListItem>();

  function sortBy(field: UserSortField) {
    setSort((current) =>
      current.by === field
        ? { by: field, descending: !current.descending }
        : { by: field, descending: field !== "email" }
    );
    setPageNumber(1);
  }

  return (
    <div className="mt-8 space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <SearchField
          label={t("adminUsers.search")}
          placeholder={t("adminUsers.searchPlaceholder")}
          value={search}
          onChange={setSearch}
        />
        <ListCount
          t={t}
          isLoading={isLoading}
          count={load.status === "loaded"
            ? translatePlural(lang, "adminUsers.count", load.page.totalCount)
            : undefined}
        />
      </div>

      {/* No "Loading…" in the list's place (the count says it), and pages from the first user. */}
      <ListShell
        t={t}
        lang={lang}
        list={list}
        pageSize={PAGE_SIZE}
        showsLoading={false}
        paginates={(page) => page.totalCount > 0}
      >
        {(page) => (
          <UserTable
            t={t}
            lang={lang}
            users={page.items}
            sort={sort}
            isSearching={searchTerm !== ""}
            onSort={sortBy}
            onImpersonate={setChosen}
          />
        )}
      </ListShell>

      <ImpersonateDialog user={chosen} onClose={() => setChosen(undefined)} />
    </div>
  );
}
