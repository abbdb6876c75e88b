import type { AdminUserListItem } from "@shared/schemas/admin-user.ts";
import type { SubscriptionSummary } from "@shared/schemas/current-subscription.ts";
import type { UserSortField } from "../../lib/api/admin-users.ts";
import { formatDate, formatDateTime } from "../../lib/format/date-time.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate, TranslationKey } from "../../i18n/translate.ts";
import { Button } from "../../ui/Button.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { BreakableEmail } from "../../ui/BreakableEmail.tsx";
import { ResponsiveTable } from "../../ui/ResponsiveTable.tsx";
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
 * The users of spec section 2: id, e-mail, e-mail confirmed, created, last login and subscription,
 * with Impersonate for each. A table on wider screens (sortable columns sort on their header
 * button), a list of cards on phones (in the same order, sorted from the search's side).
 */
export function UserTable(
  { t, lang, users, sort, isSearching, onSort, onImpersonate }: UserTableProps,
) {
  const impersonate = (user: AdminUserListItem) => (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => onImpersonate(user)}
    >
      <Icon name="userSwitch" className="size-4" />
      {t("adminUsers.impersonate")}
      <span className="sr-only">{` ${user.email}`}</span>
    </Button>
  );
  return (
    <ResponsiveTable
      items={users}
      keyOf={(user) => user.id}
      caption={t("adminUsers.caption")}
      minWidth="min-w-[52rem]"
      columnCount={7}
      emptyText={isSearching ? t("adminUsers.noMatches") : t("adminUsers.empty")}
      columns={
        <>
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
        </>
      }
      row={(user) => (
        <>
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
            <Confirmed t={t} confirmed={user.emailConfirmed} />
          </td>
          <td className={`${CELL} whitespace-nowrap`}>
            <time dateTime={user.created} title={formatDateTime(user.created, lang)}>
              {formatDate(user.created, lang)}
            </time>
          </td>
          <td className={`${CELL} whitespace-nowrap`}>
            <LastLogin t={t} lang={lang} user={user} />
          </td>
          <td className={CELL}>
            <Subscription t={t} subscription={user.currentSubscription} />
          </td>
          <td className={`${CELL} text-right`}>{impersonate(user)}</td>
        </>
      )}
      card={(user) => (
        <>
          <p className="font-semibold">
            <BreakableEmail email={user.email} />
          </p>
          <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
            <div>
              <dt className="text-fg-muted">{t("adminUsers.emailConfirmed")}</dt>
              <dd className="mt-0.5">
                <Confirmed t={t} confirmed={user.emailConfirmed} />
              </dd>
            </div>
            <div>
              <dt className="text-fg-muted">{t("adminUsers.subscription")}</dt>
              <dd>
                <Subscription t={t} subscription={user.currentSubscription} />
              </dd>
            </div>
            <div>
              <dt className="text-fg-muted">{t("adminUsers.created")}</dt>
              <dd>
                <time dateTime={user.created}>{formatDate(user.created, lang)}</time>
              </dd>
            </div>
            <div>
              <dt className="text-fg-muted">{t("adminUsers.lastLogin")}</dt>
              <dd>
                <LastLogin t={t} lang={lang} user={user} />
              </dd>
            </div>
            <div className="col-span-2 min-w-0">
              <dt className="text-fg-muted">{t("adminUsers.id")}</dt>
              <dd title={user.id} className="truncate font-mono text-xs leading-5">{user.id}</dd>
            </div>
          </dl>
          <div className="mt-3 border-t border-border pt-3">{impersonate(user)}</div>
        </>
      )}
    />
  );
}

/** Whether the user confirmed their e-mail address, as a chip. */
function Confirmed({ t, confirmed }: { t: Translate; confirmed: boolean }) {
  return confirmed
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
    );
}

function LastLogin(
  { t, lang, user }: { t: Translate; lang: Locale; user: AdminUserListItem },
) {
  return user.lastLogin
    ? <time dateTime={user.lastLogin}>{formatDateTime(user.lastLogin, lang)}</time>
    : <span className="text-fg-muted">{t("adminUsers.never")}</span>;
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
