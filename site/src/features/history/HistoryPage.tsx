import type { AccountEventKind } from "@shared/account-history.ts";
import type { AccountEvent } from "@shared/schemas/account-history.ts";
import { listAccountHistory } from "../../lib/api/account.ts";
import { formatDateTime } from "../../lib/format/date-time.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import type { IconName } from "../../icons/shapes.ts";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural } from "../../i18n/translate.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { AppFrame } from "../../shell/AppFrame.tsx";
import { ListShell } from "../../shell/ListShell.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { ListCount } from "../../ui/ListCount.tsx";
import { ResponsiveTable } from "../../ui/ResponsiveTable.tsx";
import { usePagedList } from "../../ui/use-paged-list.ts";

const PAGE_SIZE = 20;
const CELL = "px-2.5 py-3 align-top first:pl-4 last:pr-4";
const HEAD = "px-2.5 py-3 font-semibold first:pl-4 last:pr-4";

/** Each kind's icon; failures and an administrator's access stand out in colour. */
const KIND_ICONS: Record<AccountEventKind, IconName> = {
  SignedIn: "logIn",
  SignInFailed: "alertTriangle",
  SessionEnded: "logOut",
  PasswordChanged: "key",
  PasswordReset: "key",
  EmailChangeRequested: "mail",
  EmailChanged: "mailCheck",
  EmailChangeReverted: "mailX",
  TwoFactorEnabled: "shieldCheck",
  TwoFactorDisabled: "shield",
  TwoFactorRecoveryCodesReset: "shieldCheck",
  ImpersonationStarted: "userSwitch",
  ImpersonationEnded: "userSwitch",
  ExternalAccountConnected: "link",
  ExternalAccountEdited: "pencil",
  ExternalAccountRemoved: "link",
  ExternalAccountCredentialsChanged: "key",
  RegistrationCancelled: "close",
  DataExported: "download",
  ApiTokenCreated: "key",
  ApiTokenRevoked: "key",
  PropertyMemberInvited: "users",
  PropertyMemberJoined: "users",
  PropertyMemberRoleChanged: "users",
  PropertyMemberRemoved: "users",
  MemberStayAdded: "clipboard",
  MemberStayChanged: "clipboard",
  MemberStayDeleted: "clipboard",
  MemberGuestsCheckedIn: "users",
  MemberGuestsApproved: "check",
  PlanPurchasePaid: "receipt",
  PlanAssigned: "rocket",
  TrialAssigned: "rocket",
  AccountDeletionRequested: "trash",
  AccountDeletionCancelled: "checkCircle",
};
const WARNING_KINDS = new Set<AccountEventKind>([
  "SignInFailed",
  "ImpersonationStarted",
  "AccountDeletionRequested",
]);

/** /app/povijest: the profile menu's "Povijest", the account's history of the last year. */
export default function HistoryPage() {
  return (
    <AppFrame titleKey="history.title">
      <History />
    </AppFrame>
  );
}

function History() {
  const { t, lang } = useTranslation();
  const list = usePagedList({
    load: ({ pageNumber, signal }) =>
      listAccountHistory({ pageNumber, pageSize: PAGE_SIZE }, signal),
  });
  const { load, page, isLoading } = list;

  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("history.title")}</h1>
      <p className="mt-2 text-fg-muted">{t("history.intro")}</p>

      <div className="mt-6 space-y-4">
        <ListCount
          t={t}
          isLoading={isLoading && !!page}
          count={load.status === "loaded"
            ? translatePlural(lang, "history.count", load.page.totalCount)
            : undefined}
        />
        <ListShell
          t={t}
          lang={lang}
          list={list}
          pageSize={PAGE_SIZE}
          isEmpty={page?.totalCount === 0}
          empty={
            <EmptyState
              icon="history"
              title={t("history.empty")}
              text={t("history.emptyText")}
              action={{ label: t("nav.dashboard"), href: ROUTES.dashboard, icon: "dashboard" }}
            />
          }
          noItems={null}
        >
          {(page) => (
            <ResponsiveTable
              items={page.items}
              keyOf={(entry) => entry.id}
              caption={t("history.title")}
              minWidth="min-w-[44rem]"
              columnCount={3}
              columns={
                <>
                  <th scope="col" className={HEAD}>{t("history.when")}</th>
                  <th scope="col" className={HEAD}>{t("history.what")}</th>
                  <th scope="col" className={HEAD}>{t("history.where")}</th>
                </>
              }
              row={(entry) => (
                <>
                  <td className={`${CELL} whitespace-nowrap tabular-nums`}>
                    <When entry={entry} lang={lang} />
                  </td>
                  <th scope="row" className={`${CELL} font-normal`}>
                    <What t={t} entry={entry} />
                  </th>
                  <td className={`${CELL} text-sm text-fg-muted`}>
                    <Where entry={entry} />
                  </td>
                </>
              )}
              card={(entry) => (
                <>
                  <What t={t} entry={entry} />
                  <p className="mt-1 text-sm text-fg-muted tabular-nums">
                    <When entry={entry} lang={lang} />
                  </p>
                  {(entry.address || entry.userAgent) && (
                    <p className="mt-1 text-sm text-fg-muted">
                      <Where entry={entry} />
                    </p>
                  )}
                </>
              )}
              emptyText={t("history.empty")}
            />
          )}
        </ListShell>
      </div>
    </div>
  );
}

function When({ entry, lang }: { entry: AccountEvent; lang: Locale }) {
  return <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, lang)}</time>;
}

/** The kind's label and icon, with the account, plan or administrator it names. */
function What({ t, entry }: { t: Translate; entry: AccountEvent }) {
  const warning = WARNING_KINDS.has(entry.kind);
  const { username, packageName, months, reservationCode, tokenName } = entry.details;
  const { propertyName, memberEmail, byEmail } = entry.details;
  const notes = [
    username ? t("history.account", { username }) : undefined,
    reservationCode ? t("history.reservation", { code: reservationCode }) : undefined,
    tokenName ? t("history.apiToken", { name: tokenName }) : undefined,
    propertyName && memberEmail
      ? t("history.member", { property: propertyName, email: memberEmail })
      : propertyName
      ? t("history.property", { property: propertyName })
      : undefined,
    byEmail ? t("history.byMember", { email: byEmail }) : undefined,
    packageName && months ? t("history.plan", { package: packageName, months }) : undefined,
    entry.actorEmail ? t("history.byAdministrator", { email: entry.actorEmail }) : undefined,
  ].filter((note) => note !== undefined);
  return (
    <span className="flex items-start gap-2.5">
      <span
        className={`mt-0.5 grid size-7 shrink-0 place-items-center rounded-lg ${
          warning ? "bg-warning-soft text-warning-soft-fg" : "bg-primary-soft text-primary"
        }`}
      >
        <Icon name={KIND_ICONS[entry.kind]} className="size-4" />
      </span>
      <span className="min-w-0">
        <span className="block font-semibold">{t(`history.kinds.${entry.kind}`)}</span>
        {notes.map((note) => (
          <span key={note} className="block text-sm break-words text-fg-muted">{note}</span>
        ))}
      </span>
    </span>
  );
}

/** The address and the browser, when the entry has them. */
function Where({ entry }: { entry: AccountEvent }) {
  if (!entry.address && !entry.userAgent) return <span aria-hidden="true">—</span>;
  return (
    <>
      {entry.address && <span className="block font-mono">{entry.address}</span>}
      {entry.userAgent && <span className="block max-w-[22rem] break-words">{entry.userAgent}
      </span>}
    </>
  );
}
