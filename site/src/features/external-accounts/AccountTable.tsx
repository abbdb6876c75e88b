import type { ExternalAccount } from "@shared/schemas/external-account.ts";
import type { ExternalAccountSortField } from "../../lib/api/external-accounts.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate } from "../../i18n/translate.ts";
import { Icon } from "../../ui/Icon.tsx";
import { ResponsiveTable } from "../../ui/ResponsiveTable.tsx";
import { type AccountActions, AccountCard, AccountRowCells } from "./AccountRow.tsx";

interface AccountTableProps extends AccountActions {
  t: Translate;
  lang: Locale;
  accounts: ExternalAccount[];
  sortBy: ExternalAccountSortField;
  isSearching: boolean;
  onSort: (field: ExternalAccountSortField) => void;
}

/**
 * The accounts of spec section 2: a table (Id, Username, Type, Status, Actions) on wider screens,
 * a list of cards on phones. Username and Status sort on their header buttons.
 */
export function AccountTable(props: AccountTableProps) {
  const { t, accounts, sortBy, isSearching, onSort } = props;
  return (
    <ResponsiveTable
      items={accounts}
      keyOf={(account) => account.id}
      caption={t("externalAccounts.caption")}
      listLabel={t("externalAccounts.list")}
      minWidth="min-w-[48rem]"
      columnCount={5}
      columns={
        <>
          <th scope="col" className="px-3 py-3 font-semibold">{t("externalAccounts.id")}</th>
          <SortableHeader
            field="username"
            label={t("externalAccounts.username")}
            sortBy={sortBy}
            onSort={onSort}
          />
          <th scope="col" className="px-3 py-3 font-semibold">
            {t("externalAccounts.type")}
          </th>
          <SortableHeader
            field="status"
            label={t("externalAccounts.status")}
            sortBy={sortBy}
            onSort={onSort}
          />
          <th scope="col" className="px-3 py-3 text-right font-semibold">
            {t("externalAccounts.actions")}
          </th>
        </>
      }
      row={(account) => <AccountRowCells {...props} account={account} />}
      card={(account) => <AccountCard {...props} account={account} />}
      emptyText={isSearching ? t("externalAccounts.noMatches") : t("externalAccounts.emptyTitle")}
    />
  );
}

interface SortableHeaderProps {
  field: ExternalAccountSortField;
  label: string;
  sortBy: ExternalAccountSortField;
  onSort: (field: ExternalAccountSortField) => void;
}

/** The API sorts names and statuses one way only; choosing the sorted column again unsorts. */
function SortableHeader({ field, label, sortBy, onSort }: SortableHeaderProps) {
  const isSorted = sortBy === field;
  return (
    <th scope="col" aria-sort={isSorted ? "ascending" : undefined} className="px-1 py-1.5">
      <button
        type="button"
        onClick={() => onSort(field)}
        className="inline-flex items-center gap-1 rounded-lg px-2 py-1.5 font-semibold whitespace-nowrap hover:bg-surface hover:text-fg"
      >
        {label}
        <Icon
          name={isSorted ? "chevronUp" : "chevronsUpDown"}
          className={`size-4 ${isSorted ? "text-primary" : "opacity-60"}`}
        />
      </button>
    </th>
  );
}
