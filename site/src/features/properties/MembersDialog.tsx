import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Description, DialogTitle } from "@headlessui/react";
import type { Property } from "@shared/schemas/property.ts";
import {
  InviteMemberRequest,
  PROPERTY_MEMBER_ROLES,
  type PropertyMember,
  type PropertyMemberList,
  type PropertyMemberRole,
} from "@shared/schemas/property-member.ts";
import { roleMay } from "@shared/property-rights.ts";
import { ApiError } from "../../lib/api/api-error.ts";
import {
  changeMemberRole,
  inviteMember,
  listPropertyMembers,
  removeMember,
  resendInvitation,
} from "../../lib/api/property-members.ts";
import { formatDate } from "../../lib/format/date-time.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { describeApiError, translateServerMessage } from "../../i18n/server-messages.ts";
import type { Translate } from "../../i18n/translate.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { Button } from "../../ui/Button.tsx";
import { buttonClass } from "../../ui/button-styles.ts";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { DialogFrame } from "../../ui/DialogFrame.tsx";
import { FormAlert } from "../../ui/forms/FormAlert.tsx";
import { TextField } from "../../ui/forms/TextField.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LoadFailedNotice } from "../../ui/LoadFailedNotice.tsx";
import { Spinner } from "../../ui/Spinner.tsx";

type Load =
  | { status: "loading" }
  | { status: "loaded"; team: PropertyMemberList }
  | { status: "failed"; error: unknown };

/** Refusals the plan answers: the message, then what to do about it. */
const PLAN_CODES = new Set([
  "SubscriptionLimitReached",
  "SubscriptionNotFound",
  "SubscriptionExpired",
]);

interface MembersDialogProps {
  open: boolean;
  property: Property;
  onClose: () => void;
}

/**
 * A property's team (issue 22), for the owner and co-hosts: the members and pending invitations
 * with their role, state and expiry; inviting an address as co-host or reception; changing a
 * role; removing someone (after a confirmation naming them) or withdrawing an invitation. The
 * plan's refusals are the API's message with the way on (the plans, or the owner).
 */
export function MembersDialog({ open, property, onClose }: MembersDialogProps) {
  const { t, lang } = useTranslation();
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [removing, setRemoving] = useState<PropertyMember>();
  const [isRemoving, setIsRemoving] = useState(false);
  // Replace the property's calendar export links with the removal (issue 30, N1): offered for
  // someone who was in the team, and ticked when their role could see the links (a co-host).
  const [renewCalendars, setRenewCalendars] = useState(false);
  const renewCalendarsId = useId();
  const isOwner = roleMay(property.role ?? "Owner", "owner");
  const offerRenewal = removing?.status === "Active" &&
    roleMay(property.role ?? "Owner", "settings");

  function askRemoval(member: PropertyMember) {
    setRenewCalendars(member.status === "Active" && roleMay(member.role, "settings"));
    setRemoving(member);
  }

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: "loading" });
    listPropertyMembers(property.id, controller.signal)
      .then((team) => setLoad({ status: "loaded", team }))
      .catch((error) => !controller.signal.aborted && setLoad({ status: "failed", error }));
    return () => controller.abort();
  }, [property.id, attempt]);

  function updateTeam(change: (items: PropertyMember[]) => PropertyMember[]) {
    setLoad((previous) =>
      previous.status === "loaded"
        ? { ...previous, team: { ...previous.team, items: change(previous.team.items) } }
        : previous
    );
  }

  async function handleRoleChange(member: PropertyMember, role: PropertyMemberRole) {
    try {
      const saved = await changeMemberRole(property.id, member.id, role);
      updateTeam((items) => items.map((item) => item.id === saved.id ? saved : item));
      notify(
        t("members.toast.roleChanged", { email: member.email, role: t(`members.role.${role}`) }),
        {
          color: "success",
        },
      );
    } catch (error) {
      notify(t("members.toast.roleChangeFailed", { reason: describeApiError(t, error) }), {
        color: "error",
      });
    }
  }

  async function handleResend(member: PropertyMember) {
    try {
      const saved = await resendInvitation(property.id, member.id);
      updateTeam((items) => items.map((item) => item.id === saved.id ? saved : item));
      notify(t("members.toast.resent", { email: member.email }), { color: "success" });
    } catch (error) {
      notify(t("members.toast.resendFailed", { reason: describeApiError(t, error) }), {
        color: "error",
      });
    }
  }

  async function confirmRemoval() {
    if (!removing) return;
    setIsRemoving(true);
    try {
      const renewed = offerRenewal && renewCalendars;
      await removeMember(property.id, removing.id, { renewCalendarExports: renewed });
      updateTeam((items) => items.filter((item) => item.id !== removing.id));
      notify(
        t(
          renewed
            ? "members.toast.removedRenewed"
            : removing.status === "Active"
            ? "members.toast.removed"
            : "members.toast.withdrawn",
          { email: removing.email },
        ),
        { color: "success" },
      );
      setRemoving(undefined);
    } catch (error) {
      notify(t("members.toast.removeFailed", { reason: describeApiError(t, error) }), {
        color: "error",
      });
    } finally {
      setIsRemoving(false);
    }
  }

  const team = load.status === "loaded" ? load.team : undefined;
  // Only the owner is there: the plan allows no one else.
  const noTeamInPlan = team?.maxUsers === 1;
  return (
    <DialogFrame open={open} onClose={() => !isRemoving && onClose()} size="2xl">
      <div className="p-5 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <DialogTitle className="text-lg font-bold break-words">
            {t("members.title", { name: property.name })}
          </DialogTitle>
          <button
            type="button"
            onClick={onClose}
            aria-label={t("shell.close")}
            className={`${buttonClass("ghost", "sm")} -mt-1 -mr-2 shrink-0`}
          >
            <Icon name="close" className="size-5" />
          </button>
        </div>
        <Description className="mt-1.5 text-[0.9375rem] text-fg-muted">
          {t("members.intro")}
        </Description>

        {load.status === "loading" && (
          <p role="status" className="mt-5 flex items-center gap-2 text-fg-muted">
            <Spinner className="size-4 text-primary" />
            {t("app.loading")}
          </p>
        )}
        {load.status === "failed" && (
          <div className="mt-5">
            <LoadFailedNotice t={t} error={load.error} onRetry={() => setAttempt((n) => n + 1)} />
          </div>
        )}
        {team && (
          <>
            <p className="mt-4 text-sm text-fg-muted">
              {team.maxUsers === null
                ? t("members.limitUnlimited")
                : t("members.limit", { count: team.maxUsers })}
            </p>
            <SuspendedNotice t={t} isOwner={isOwner} items={team.items} />
            <MemberList
              t={t}
              lang={lang}
              items={team.items}
              onRoleChange={handleRoleChange}
              onResend={handleResend}
              onRemove={askRemoval}
            />
            {noTeamInPlan
              ? <PlanNotice t={t} isOwner={isOwner} text={t("members.notInPlan")} />
              : (
                <InviteForm
                  t={t}
                  propertyId={property.id}
                  isOwner={isOwner}
                  onInvited={(member) => updateTeam((items) => [...items, member])}
                />
              )}
          </>
        )}
      </div>

      <ConfirmDialog
        t={t}
        open={removing !== undefined}
        tone="danger"
        title={t(removing?.status === "Active" ? "members.removeTitle" : "members.withdrawTitle")}
        confirmLabel={t(
          removing?.status === "Active" ? "members.removeConfirm" : "members.withdrawConfirm",
        )}
        busy={isRemoving}
        onConfirm={confirmRemoval}
        onClose={() => setRemoving(undefined)}
        options={offerRenewal && (
          <label
            htmlFor={renewCalendarsId}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-border bg-bg/60 p-3"
          >
            <input
              id={renewCalendarsId}
              type="checkbox"
              checked={renewCalendars}
              disabled={isRemoving}
              onChange={(event) => setRenewCalendars(event.currentTarget.checked)}
              aria-describedby={`${renewCalendarsId}-hint`}
              className="mt-0.5 size-5 shrink-0 accent-primary"
            />
            <span>
              <span className="block font-semibold text-fg">{t("members.renewCalendars")}</span>
              <span id={`${renewCalendarsId}-hint`} className="block text-sm text-fg-muted">
                {t(
                  removing && roleMay(removing.role, "settings")
                    ? "members.renewCalendarsHelp"
                    : "members.renewCalendarsHelpReception",
                )}
              </span>
            </span>
          </label>
        )}
      >
        <p>
          {t(removing?.status === "Active" ? "members.removeText" : "members.withdrawText", {
            email: removing?.email ?? "",
            property: property.name,
          })}
        </p>
      </ConfirmDialog>
    </DialogFrame>
  );
}

function MemberList(
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
function SuspendedNotice(
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

/** The plan's answer and the way on: the owner to the plans, a co-host to the owner. */
function PlanNotice({ t, isOwner, text }: { t: Translate; isOwner: boolean; text: string }) {
  return (
    <div className="mt-5">
      <FormAlert
        tone="warning"
        message={text}
        action={isOwner
          ? (
            <span className="flex flex-col items-start gap-2">
              <span className="text-sm font-normal">{t("members.planHint")}</span>
              <a href={ROUTES.subscription} className={buttonClass("secondary", "sm")}>
                {t("members.seePlans")}
              </a>
            </span>
          )
          : <span className="text-sm font-normal">{t("members.planHintCoHost")}</span>}
      />
    </div>
  );
}

function InviteForm(
  { t, propertyId, isOwner, onInvited }: {
    t: Translate;
    propertyId: string;
    isOwner: boolean;
    onInvited: (member: PropertyMember) => void;
  },
) {
  const headingId = useId();
  const alertRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [role, setRole] = useState<PropertyMemberRole>("CoHost");
  const [emailError, setEmailError] = useState<string>();
  const [failure, setFailure] = useState<{ text: string; plan: boolean }>();
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get("email") ?? "").trim();
    const parsed = InviteMemberRequest.safeParse({ email, role });
    setFailure(undefined);
    if (!parsed.success) {
      const message = parsed.error.issues.find((issue) => issue.path[0] === "email")?.message;
      setEmailError(message ? translateServerMessage(t, message) : t("validation.required"));
      (form.elements.namedItem("email") as HTMLInputElement).focus();
      return;
    }
    setEmailError(undefined);
    setBusy(true);
    try {
      const member = await inviteMember(propertyId, parsed.data);
      onInvited(member);
      form.reset();
      notify(t("members.toast.invited", { email: member.email }), { color: "success" });
    } catch (error) {
      const fieldError = error instanceof ApiError ? error.problem?.errors?.email?.[0] : undefined;
      if (fieldError) {
        setEmailError(translateServerMessage(t, fieldError));
        (form.elements.namedItem("email") as HTMLInputElement).focus();
      } else {
        const plan = error instanceof ApiError && PLAN_CODES.has(error.code ?? "");
        setFailure({ text: describeApiError(t, error), plan });
        requestAnimationFrame(() => alertRef.current?.focus());
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="mt-6 border-t border-border pt-5">
      <h3 id={headingId} className="font-bold">{t("members.inviteHeading")}</h3>
      <form ref={formRef} noValidate onSubmit={handleSubmit} className="mt-3 space-y-4">
        <FormAlert
          ref={alertRef}
          message={failure?.text}
          tone={failure?.plan ? "warning" : "error"}
          action={failure?.plan
            ? (isOwner
              ? (
                <span className="flex flex-col items-start gap-2">
                  <span className="text-sm font-normal">{t("members.planHint")}</span>
                  <a href={ROUTES.subscription} className={buttonClass("secondary", "sm")}>
                    {t("members.seePlans")}
                  </a>
                </span>
              )
              : <span className="text-sm font-normal">{t("members.planHintCoHost")}</span>)
            : undefined}
        />
        <TextField
          name="email"
          type="email"
          label={t("members.email")}
          autoComplete="off"
          maxLength={254}
          required
          error={emailError}
        />
        <fieldset>
          <legend className="text-sm font-semibold text-fg">{t("members.roleLabel")}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {PROPERTY_MEMBER_ROLES.map((each) => (
              <label
                key={each}
                className={`flex cursor-pointer items-start gap-3 rounded-2xl border p-3 has-focus-visible:outline-2 has-focus-visible:outline-ring ${
                  role === each ? "border-primary bg-primary-soft/60" : "border-border"
                }`}
              >
                <input
                  type="radio"
                  name="role"
                  value={each}
                  checked={role === each}
                  onChange={() => setRole(each)}
                  className="mt-1 size-4 accent-primary"
                />
                <span>
                  <span className="block font-semibold">{t(`members.role.${each}`)}</span>
                  <span className="block text-sm text-fg-muted">
                    {t(`members.roleHelp.${each}`)}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit" busy={busy} className="w-full sm:w-auto">
          <Icon name="mail" className="size-4" />
          {busy ? t("members.inviting") : t("members.invite")}
        </Button>
      </form>
    </section>
  );
}
