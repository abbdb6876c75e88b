/** A property's team as a list: each member or invitation with its state, role and actions. */
import { useId, useState } from "react";
import {
  PROPERTY_MEMBER_ROLES,
  type PropertyMember,
  type PropertyMemberRole,
} from "@shared/schemas/property-member.ts";
import { formatDate } from "../../lib/format/date-time.ts";
import type { Translate } from "../../i18n/translate.ts";
import { Button } from "../../ui/Button.tsx";
import { Icon } from "../../ui/Icon.tsx";

export function MemberList(
  { t, lang, items, onRoleChange, onResend, onRemove }: {
    t: Translate;
    lang: Parameters<typeof formatDate>[1];
    items: PropertyMember[];
    onRoleChange: (member: PropertyMember, role: PropertyMemberRole) => void;
    onResend: (member: PropertyMember) => Promise<void>;
    onRemove: (member: PropertyMember) => void;
  },
) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-5">
      <h3 id={headingId} className="text-sm font-semibold text-fg-muted">
        {t("members.listHeading")}
      </h3>
      {items.length === 0
        ? <p className="mt-2 text-[0.9375rem] text-fg-muted">{t("members.none")}</p>
        : (
          <ul className="mt-2 space-y-2">
            {items.map((member) => (
              <li
                key={member.id}
                className="flex flex-col gap-3 rounded-2xl border border-border bg-bg/60 p-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="font-semibold break-all">{member.email}</p>
                  <p className="text-sm text-fg-muted">
                    <MemberState t={t} lang={lang} member={member} />
                  </p>
                </div>
                <div className="flex shrink-0 flex-wrap items-center gap-2">
                  <label className="sr-only" htmlFor={`role-${member.id}`}>
                    {t("members.roleOf", { email: member.email })}
                  </label>
                  <select
                    id={`role-${member.id}`}
                    value={member.role}
                    onChange={(event) =>
                      onRoleChange(member, event.currentTarget.value as PropertyMemberRole)}
                    className="min-h-10 rounded-xl border border-border-strong/80 bg-surface py-1.5 pr-8 pl-3 text-[0.9375rem] text-fg focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
                  >
                    {PROPERTY_MEMBER_ROLES.map((role) => (
                      <option key={role} value={role}>{t(`members.role.${role}`)}</option>
                    ))}
                  </select>
                  {member.status !== "Active" && (
                    <ResendButton t={t} member={member} onResend={onResend} />
                  )}
                  <Button variant="dangerSecondary" size="sm" onClick={() => onRemove(member)}>
                    <Icon name="trash" className="size-4" />
                    {member.status === "Active" ? t("members.remove") : t("members.withdraw")}
                    <span className="sr-only">{` ${member.email}`}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
    </section>
  );
}

/** Sends a pending or expired invitation again (a new link for seven days). */
function ResendButton(
  { t, member, onResend }: {
    t: Translate;
    member: PropertyMember;
    onResend: (member: PropertyMember) => Promise<void>;
  },
) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      busy={busy}
      onClick={async () => {
        setBusy(true);
        await onResend(member);
        setBusy(false);
      }}
    >
      {!busy && <Icon name="mail" className="size-4" />}
      {t("members.resend")}
      <span className="sr-only">{` ${member.email}`}</span>
    </Button>
  );
}

/**
 * Members beyond the plan's users per property, after a downgrade (issue 30, N6): the ones who
 * joined last have no access until the plan has room again; the API marks them `suspended`.
 */
export function SuspendedNotice(
  { t, isOwner, items }: { t: Translate; isOwner: boolean; items: PropertyMember[] },
) {
  const count = items.filter((member) => member.suspended).length;
  if (count === 0) return null;
  return (
    <p
      role="status"
      className="mt-3 rounded-2xl border border-warning/30 bg-warning-soft p-3 text-[0.9375rem] text-warning-soft-fg"
    >
      {t(isOwner ? "members.suspendedNotice" : "members.suspendedNoticeCoHost", { count })}
    </p>
  );
}

function MemberState(
  { t, lang, member }: {
    t: Translate;
    lang: Parameters<typeof formatDate>[1];
    member: PropertyMember;
  },
) {
  if (member.status === "Active" && member.suspended) {
    return <span className="font-medium text-warning-soft-fg">{t("members.state.Suspended")}</span>;
  }
  if (member.status === "Active") {
    return <>{t("members.state.Active", { date: formatDate(member.acceptedAt!, lang) })}</>;
  }
  const date = formatDate(member.expiresAt, lang);
  return member.status === "Pending"
    ? <>{t("members.state.Pending", { date })}</>
    : (
      <span className="font-medium text-warning-soft-fg">
        {t("members.state.Expired", { date })}
      </span>
    );
}
