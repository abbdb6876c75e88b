import { useState } from "react";
import type { ExternalAccount } from "@shared/schemas/external-account.ts";
import {
  type ExternalAccountSortField,
  listExternalAccounts,
} from "../../lib/api/external-accounts.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { translatePlural } from "../../i18n/translate.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import { Button } from "../../ui/Button.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { ListCount } from "../../ui/ListCount.tsx";
import { SearchField } from "../../ui/SearchField.tsx";
import { usePagedList } from "../../ui/use-paged-list.ts";
import { ListShell } from "../../shell/ListShell.tsx";
import { AccountDialogs } from "./AccountDialogs.tsx";
import { AccountTable } from "./AccountTable.tsx";
import { useAccountDialogs } from "./use-account-dialogs.ts";
import { useAccountSync } from "./use-account-sync.ts";

const PAGE_SIZE = 20;

/**
 * The accounts page's content: search, the table, create / sync / edit / delete, and polling while
 * a sync runs, with a snackbar for every outcome (spec section 8), including a sync that ends.
 */
export function AccountList() {
  const { t, lang } = useTranslation();
  const [sortBy, setSortBy] = useState<ExternalAccountSortField>("created");
  const list = usePagedList({
    load: ({ pageNumber, searchTerm, signal }) =>
      listExternalAccounts(
        { pageNumber, pageSize: PAGE_SIZE, sortBy, searchValue: searchTerm },
        signal,
      ),
    deps: [sortBy],
    onFailed: (error) =>
      notify(
        t("externalAccounts.toast.loadFailed", { reason: describeApiError(t, error) }),
        { color: "error" },
      ),
  });
  const { search, setSearch, searchTerm, pageNumber, setPageNumber, load, page, isLoading } = list;
  const { syncingId, sync, watch } = useAccountSync({
    t,
    loaded: load.status === "loaded" ? load.page : undefined,
    refresh: list.refresh,
    replaceAccount: (account: ExternalAccount) =>
      list.updateItems((items) => items.map((item) => item.id === account.id ? account : item)),
    deps: [pageNumber, searchTerm, sortBy],
  });
  const dialogs = useAccountDialogs({
    t,
    onSaved: (account) => {
      watch(account);
      list.reload();
    },
    onDeleted: list.reloadAfterRemoval,
  });

  function sortOn(field: ExternalAccountSortField) {
    setSortBy((current) => current === field ? "created" : field);
    setPageNumber(1);
  }

  const hasNone = page !== undefined && page.totalCount === 0 && searchTerm === "" && search === "";

  return (
    <div className="mt-8 space-y-5">
      {!hasNone && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <SearchField
            label={t("externalAccounts.search")}
            placeholder={t("externalAccounts.searchPlaceholder")}
            value={search}
            onChange={setSearch}
          />
          <div className="flex flex-wrap items-center justify-between gap-3 sm:justify-end">
            <ListCount
              t={t}
              isLoading={isLoading && page !== undefined}
              count={load.status === "loaded"
                ? translatePlural(lang, "externalAccounts.count", load.page.totalCount)
                : undefined}
            />
            <Button onClick={dialogs.openCreate}>
              <Icon name="plus" className="size-5" />
              {t("externalAccounts.create")}
            </Button>
          </div>
        </div>
      )}

      <ListShell
        t={t}
        lang={lang}
        list={list}
        pageSize={PAGE_SIZE}
        isEmpty={hasNone}
        empty={
          <EmptyState
            icon="link"
            title={t("externalAccounts.emptyTitle")}
            text={t("externalAccounts.emptyText")}
            action={{
              label: t("externalAccounts.create"),
              icon: "plus",
              onClick: dialogs.openCreate,
            }}
          />
        }
      >
        {(page) => (
          <AccountTable
            t={t}
            lang={lang}
            accounts={page.items}
            sortBy={sortBy}
            isSearching={searchTerm !== ""}
            onSort={sortOn}
            syncingId={syncingId}
            onSync={sync}
            onEdit={dialogs.confirmEdit}
            onDelete={dialogs.confirmDelete}
          />
        )}
      </ListShell>

      <AccountDialogs t={t} {...dialogs} />
    </div>
  );
}
