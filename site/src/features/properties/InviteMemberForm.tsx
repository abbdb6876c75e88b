/** Inviting someone into a property's team, and the plan's refusal with the way on. */
import { type FormEvent, useId, useRef, useState } from "react";
import {
  InviteMemberRequest,
  PROPERTY_MEMBER_ROLES,
  type PropertyMember,
  type PropertyMemberRole,
} from "@shared/schemas/property-member.ts";
import { ApiError } from "../../lib/api/api-error.ts";
import { inviteMember } from "../../lib/api/property-members.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { describeApiError, translateServerMessage } from "../../i18n/server-messages.ts";
import type { Translate } from "../../i18n/translate.ts";
import { Button } from "../../ui/Button.tsx";
import { buttonClass } from "../../ui/button-styles.ts";
import { FormAlert } from "../../ui/forms/FormAlert.tsx";
import { TextField } from "../../ui/forms/TextField.tsx";
import { Icon } from "../../ui/Icon.tsx";

/** Refusals the plan answers: the message, then what to do about it. */
const PLAN_CODES = new Set([
  "SubscriptionLimitReached",
  "SubscriptionNotFound",
  "SubscriptionExpired",
]);

/** The plan's answer and the way on: the owner to the plans, a co-host to the owner. */
export function PlanNotice({ t, isOwner, text }: { t: Translate; isOwner: boolean; text: string }) {
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

export function InviteForm(
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
