import { useEffect, useId, useState } from "react";
import { Description, DialogTitle } from "@headlessui/react";
import type { Property } from "@shared/schemas/property.ts";
import {
  type PropertyMember,
  type PropertyMemberList,
  type PropertyMemberRole,
} from "@shared/schemas/property-member.ts";
import { roleMay } from "@shared/property-rights.ts";
import {
  changeMemberRole,
  listPropertyMembers,
  removeMember,
  resendInvitation,
} from "../../lib/api/property-members.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { buttonClass } from "../../ui/button-styles.ts";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { DialogFrame } from "../../ui/DialogFrame.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LoadFailedNotice } from "../../ui/LoadFailedNotice.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { InviteForm, PlanNotice } from "./InviteMemberForm.tsx";
import { MemberList, SuspendedNotice } from "./MemberList.tsx";

type Load =
  | { status: "loading" }
  | { status: "loaded"; team: PropertyMemberList }
  | { status: "failed"; error: unknown };

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
