import { ExternalAccountType } from "@shared/enums.ts";
import type { ExternalAccount } from "@shared/schemas/external-account.ts";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural } from "../../i18n/translate.ts";
import { Button } from "../../ui/Button.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { AccountStatus, isProvisioning } from "./AccountStatus.tsx";

/** What an account's row offers: sync, edit, delete. */
export interface AccountActions {
  onSync: (account: ExternalAccount) => void;
  onEdit: (account: ExternalAccount) => void;
  onDelete: (account: ExternalAccount) => void;
  /** The account whose sync is being requested right now. */
  syncingId?: string;
}

type AccountItemProps = AccountActions & { t: Translate; lang: Locale; account: ExternalAccount };

const CELL = "px-3 py-3 align-top";

/** One account as a table row's cells (Id, Username, Type, Status, Actions). */
export function AccountRowCells(props: AccountItemProps) {
  const { t, lang, account } = props;
  return (
    <>
      <td className={CELL}>
        <span
          title={account.id}
          className="block max-w-20 truncate pt-0.5 font-mono text-xs text-fg-muted"
        >
          {account.id}
        </span>
      </td>
      <th scope="row" className={`${CELL} min-w-40 font-normal`}>
        <AccountName lang={lang} account={account} />
      </th>
      <td className={`${CELL} whitespace-nowrap`}>{typeLabel(t, account)}</td>
      <td className={CELL}>
        <AccountStatus t={t} lang={lang} account={account} />
      </td>
      <td className={`${CELL} text-right`}>
        <RowActions {...props} />
      </td>
    </>
  );
}

/** One account as a card, on phones. */
export function AccountCard(props: AccountItemProps) {
  const { t, lang, account } = props;
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <AccountName lang={lang} account={account} />
        <span className="shrink-0 rounded-full bg-surface-muted px-2.5 py-0.5 text-sm font-semibold text-fg-muted">
          {typeLabel(t, account)}
        </span>
      </div>
      <dl className="mt-3 space-y-2 text-sm">
        <div>
          <dt className="sr-only">{t("externalAccounts.status")}</dt>
          <dd>
            <AccountStatus t={t} lang={lang} account={account} />
          </dd>
        </div>
        <div className="flex gap-1.5 text-fg-muted">
          <dt>{t("externalAccounts.id")}:</dt>
          <dd className="min-w-0 truncate font-mono text-xs leading-5">{account.id}</dd>
        </div>
      </dl>
      <div className="mt-4 border-t border-border pt-3">
        <RowActions {...props} />
      </div>
    </>
  );
}

function typeLabel(t: Translate, account: ExternalAccount): string {
  return account.type === ExternalAccountType.EVisitor
    ? t("externalAccounts.type.EVisitor")
    : t("externalAccounts.type.Unknown");
}

function AccountName({ lang, account }: { lang: Locale; account: ExternalAccount }) {
  return (
    <span className="flex min-w-0 flex-col">
      <span className="font-semibold break-words text-fg">{account.username}</span>
      {account.email && <span className="text-sm break-words text-fg-muted">{account.email}</span>}
      <span className="text-sm text-fg-muted">
        {translatePlural(lang, "externalAccounts.properties", account.properties.length)}
      </span>
    </span>
  );
}

function RowActions(
  { t, account, syncingId, onSync, onEdit, onDelete }: AccountActions & {
    t: Translate;
    account: ExternalAccount;
  },
) {
  const name = <span className="sr-only">{` ${account.username}`}</span>;
  return (
    <div className="flex flex-wrap gap-2 desktop:flex-nowrap desktop:justify-end">
      <Button
        variant="secondary"
        size="sm"
        busy={syncingId === account.id}
        disabled={isProvisioning(account)}
        onClick={() => onSync(account)}
      >
        {syncingId !== account.id && <Icon name="sync" className="size-4" />}
        {t("externalAccounts.sync")}
        {name}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => onEdit(account)}>
        <Icon name="pencil" className="size-4" />
        {t("externalAccounts.edit")}
        {name}
      </Button>
      <Button
        variant="dangerSecondary"
        size="sm"
        className="mobile:ml-auto"
        onClick={() => onDelete(account)}
      >
        <Icon name="trash" className="size-4" />
        {t("externalAccounts.delete")}
        {name}
      </Button>
    </div>
  );
}
