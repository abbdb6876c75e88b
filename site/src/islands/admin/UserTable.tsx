import type { AdminUserListItem } from "@shared/schemas/admin-user.ts";
import type { SubscriptionSummary } from "@shared/schemas/current-subscription.ts";
import type { UserSortField } from "../../lib/api/admin-users.ts";
import { formatDate, formatDateTime } from "../../lib/format/date-time.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate, TranslationKey } from "../../i18n/translate.ts";
import { Button } from "../../ui/Button.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { SortableHeader } from "../../ui/SortableHeader.tsx";

interface UserTableProps {
  t: Translate;
  lang: Locale;
  users: AdminUserListItem[];
  sort: { by: UserSortField; descending: boolean };
  isSearching: boolean;
  onSort: (field: UserSortField) => void;
  onImpersonate: (user: AdminUserListItem) => void;
}

/** Subscription status values (spec section 3: Active=0, Expired=1, Cancelled=2). */
const STATUS_LABELS: Record<number, TranslationKey> = {
  0: "subscription.active",
  1: "subscription.expired",
  2: "subscription.cancelled",
};

const CELL = "px-3 py-3 align-middle";

/**
 * The users table of spec section 2: id, e-mail, e-mail confirmed, created, last login and
 * subscription, with Impersonate per row. Sortable columns sort on their header button.
 */
export function UserTable(
  { t, lang, users, sort, isSearching, onSort, onImpersonate }: UserTableProps,
) {
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-border bg-surface shadow-xs">
      <table className="w-full min-w-[52rem] text-left text-[0.9375rem]">
        <caption className="sr-only">{t("adminUsers.caption")}</caption>
        <thead className="border-b border-border bg-surface-muted/60 text-sm text-fg-muted">
          <tr>
            <th scope="col" className={`${CELL} font-semibold`}>{t("adminUsers.id")}</th>
            <SortableHeader
              t={t}
              field="email"
              label="adminUsers.email"
              sort={sort}
              onSort={onSort}
            />
            <th scope="col" className={`${CELL} font-semibold`}>
              {t("adminUsers.emailConfirmed")}
            </th>
            <SortableHeader
              t={t}
              field="created"
              label="adminUsers.created"
              sort={sort}
              onSort={onSort}
            />
            <SortableHeader
              t={t}
              field="lastLogin"
              label="adminUsers.lastLogin"
              sort={sort}
              onSort={onSort}
            />
            <th scope="col" className={`${CELL} font-semibold`}>
              {t("adminUsers.subscription")}
            </th>
            <th scope="col" className={`${CELL} text-right font-semibold`}>
              <span className="sr-only">{t("adminUsers.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {users.length === 0 && (
            <tr>
              <td colSpan={7} className="px-4 py-10 text-center text-fg-muted">
                {isSearching ? t("adminUsers.noMatches") : t("adminUsers.empty")}
              </td>
            </tr>
          )}
          {users.map((user) => (
            <tr key={user.id} className="hover:bg-surface-muted/50">
              <td className={CELL}>
                <span
                  title={user.id}
                  className="block max-w-24 truncate font-mono text-xs text-fg-muted"
                >
                  {user.id}
                </span>
              </td>
              <th scope="row" className={`${CELL} font-semibold whitespace-nowrap`}>
                {user.email}
              </th>
              <td className={CELL}>
                {user.emailConfirmed
                  ? (
                    <span className="inline-flex items-center gap-1 rounded-full bg-success-soft px-2.5 py-0.5 text-sm font-semibold text-success-soft-fg">
                      <Icon name="check" className="size-4" />
                      {t("adminUsers.yes")}
                    </span>
                  )
                  : (
                    <span className="inline-flex rounded-full bg-surface-muted px-2.5 py-0.5 text-sm font-semibold text-fg-muted">
                      {t("adminUsers.no")}
                    </span>
                  )}
              </td>
              <td className={`${CELL} whitespace-nowrap`}>
                <time dateTime={user.created} title={formatDateTime(user.created, lang)}>
                  {formatDate(user.created, lang)}
                </time>
              </td>
              <td className={`${CELL} whitespace-nowrap`}>
                {user.lastLogin
                  ? <time dateTime={user.lastLogin}>{formatDateTime(user.lastLogin, lang)}</time>
                  : <span className="text-fg-muted">{t("adminUsers.never")}</span>}
              </td>
              <td className={CELL}>
                <Subscription t={t} subscription={user.currentSubscription} />
              </td>
              <td className={`${CELL} text-right`}>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => onImpersonate(user)}
                >
                  <Icon name="userSwitch" className="size-4" />
                  {t("adminUsers.impersonate")}
                  <span className="sr-only">{` ${user.email}`}</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Subscription(
  { t, subscription }: { t: Translate; subscription: SubscriptionSummary | null },
) {
  if (!subscription) {
    return (
      <span className="whitespace-nowrap text-fg-muted">{t("adminUsers.noSubscription")}</span>
    );
  }
  const status = STATUS_LABELS[subscription.status];
  return (
    <span className="flex flex-col">
      <span className="font-semibold">{subscription.packageName}</span>
      <span className="text-sm text-fg-muted">
        {status ? t(status) : ""}
        {subscription.isTrial && ` · ${t("subscription.trial")}`}
      </span>
    </span>
  );
}
