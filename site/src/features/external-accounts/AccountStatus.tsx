import { ExternalAccountStatus } from "@shared/enums.ts";
import type { ExternalAccount } from "@shared/schemas/external-account.ts";
import { formatDateTime } from "../../lib/format/date-time.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate, TranslationKey } from "../../i18n/translate.ts";
import { Icon } from "../../ui/Icon.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { lastErrorText } from "../../lib/external-accounts/account-problems.ts";

/** Status values of spec section 4, with a chip look each. */
const CHIPS: Record<number, { label: TranslationKey; className: string }> = {
  [ExternalAccountStatus.Created]: {
    label: "externalAccounts.status.Created",
    className: "bg-info-soft text-info-soft-fg",
  },
  [ExternalAccountStatus.Edited]: {
    label: "externalAccounts.status.Edited",
    className: "bg-accent-soft text-accent-soft-fg",
  },
  [ExternalAccountStatus.Synchronized]: {
    label: "externalAccounts.status.Synchronized",
    className: "bg-success-soft text-success-soft-fg",
  },
  [ExternalAccountStatus.Provisioning]: {
    label: "externalAccounts.status.Provisioning",
    className: "bg-primary-soft text-primary-soft-fg",
  },
};

const UNKNOWN = {
  label: "externalAccounts.status.Unknown",
  className: "bg-surface-muted text-fg-muted",
} as const;

export function isProvisioning(account: ExternalAccount): boolean {
  return account.status === ExternalAccountStatus.Provisioning;
}

/** The status chip (a spinner while the sync runs). */
export function StatusChip({ t, account }: { t: Translate; account: ExternalAccount }) {
  const chip = CHIPS[account.status] ?? UNKNOWN;
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ${chip.className}`}
    >
      {isProvisioning(account)
        ? <Spinner className="size-3.5" />
        : account.status === ExternalAccountStatus.Synchronized && !account.lastError
        ? <Icon name="check" className="size-4" />
        : null}
      {t(chip.label)}
    </span>
  );
}

/** The chip with what the host should know beside it: why the last sync failed, or when it ran. */
export function AccountStatus(
  { t, lang, account }: { t: Translate; lang: Locale; account: ExternalAccount },
) {
  return (
    <div className="flex flex-col items-start gap-1.5">
      <StatusChip t={t} account={account} />
      {account.lastError
        ? (
          <p className="flex max-w-64 items-start gap-1.5 text-sm font-medium text-error">
            <Icon name="alertCircle" className="mt-px size-4 shrink-0" />
            <span>{lastErrorText(t, account.lastError)}</span>
          </p>
        )
        : !isProvisioning(account) && (
          <p className="text-sm text-fg-muted">
            {account.lastSyncedAt
              ? (
                <time dateTime={account.lastSyncedAt}>
                  {t("externalAccounts.lastSynced", {
                    date: formatDateTime(account.lastSyncedAt, lang),
                  })}
                </time>
              )
              : t("externalAccounts.neverSynced")}
          </p>
        )}
    </div>
  );
}
