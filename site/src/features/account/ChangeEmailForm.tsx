import { type FormEvent, useState } from "react";
import { useAtomValue } from "jotai";
import { z } from "zod";
import { requiredEmail, requiredMessage } from "@shared/schemas/fields.ts";
import { updateAccount } from "../../lib/api/account.ts";
import { accountAtom } from "../../lib/session/session-state.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { describeApiError, translateServerMessage } from "../../i18n/server-messages.ts";
import { FormOutcome } from "../../ui/forms/FormOutcome.tsx";
import { TextField } from "../../ui/forms/TextField.tsx";
import { useFieldErrors } from "../../ui/forms/use-field-errors.ts";
import { useFieldFocus } from "../../ui/forms/use-field-focus.ts";
import { Button } from "../../ui/Button.tsx";
import { SettingsSection } from "../../ui/SettingsSection.tsx";

const FIELDS = ["newEmail", "oldPassword"] as const;
type Field = (typeof FIELDS)[number];

const EmailChange = z.object({
  newEmail: requiredEmail("newEmail"),
  oldPassword: z
    .string({ error: requiredMessage("currentPassword") })
    .min(1, { error: requiredMessage("currentPassword") }),
});

type Outcome = { tone: "success"; email: string } | { tone: "error"; error: unknown };

/**
 * Changing the sign-in address (with the current password): the server e-mails a confirmation link
 * to the new address, and the account keeps the old one until that link is clicked; the old
 * address is told, with a link that undoes the change.
 */
export function ChangeEmailForm() {
  const { t } = useTranslation();
  const account = useAtomValue(accountAtom);
  const { formRef, messageRef: outcomeRef, focusField } = useFieldFocus<Field>();
  const { errorOf, showClientErrors, showServerErrors, clearErrors } = useFieldErrors(
    FIELDS,
    (message) => translateServerMessage(t, message),
  );
  const [outcome, setOutcome] = useState<Outcome>();
  const [isSubmitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const parsed = EmailChange.refine(
      (value) => value.newEmail.toLowerCase() !== account?.email.toLowerCase(),
      { path: ["newEmail"], error: t("account.email.same") },
    ).safeParse({
      newEmail: String(data.get("newEmail") ?? ""),
      oldPassword: String(data.get("oldPassword") ?? ""),
    });
    if (!parsed.success) {
      const invalid = showClientErrors(parsed.error);
      setOutcome(undefined);
      focusField(invalid);
      return;
    }

    clearErrors();
    setOutcome(undefined);
    setSubmitting(true);
    try {
      await updateAccount(parsed.data);
      form.reset();
      setOutcome({ tone: "success", email: parsed.data.newEmail });
      focusField(undefined);
    } catch (failure) {
      const invalid = showServerErrors(failure);
      if (!invalid) setOutcome({ tone: "error", error: failure });
      focusField(invalid);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <SettingsSection
      icon="mail"
      title={t("account.email.title")}
      description={t("account.email.description")}
    >
      <dl className="rounded-2xl bg-surface-muted px-4 py-3">
        <dt className="text-sm font-semibold text-fg-muted">{t("account.email.current")}</dt>
        <dd className="mt-0.5 flex flex-wrap items-center gap-2 font-semibold break-all">
          {account?.email}
          {account?.isEmailConfirmed && (
            <span className="rounded-full bg-success-soft px-2 py-0.5 text-xs font-semibold text-success-soft-fg">
              {t("account.email.confirmed")}
            </span>
          )}
        </dd>
      </dl>
      <form
        ref={formRef}
        noValidate
        onSubmit={handleSubmit}
        className="mt-5 space-y-5"
      >
        <TextField
          name="newEmail"
          type="email"
          label={t("account.email.new")}
          autoComplete="email"
          maxLength={254}
          required
          error={errorOf("newEmail")}
        />
        <TextField
          name="oldPassword"
          type="password"
          label={t("account.password.current")}
          description={t("account.email.passwordHint")}
          autoComplete="current-password"
          maxLength={128}
          required
          error={errorOf("oldPassword")}
        />
        <FormOutcome
          ref={outcomeRef}
          success={outcome?.tone === "success"
            ? t("account.email.sent", { email: outcome.email })
            : undefined}
          failure={outcome?.tone === "error" ? describeApiError(t, outcome.error) : undefined}
        />
        <Button type="submit" busy={isSubmitting}>
          {isSubmitting ? t("account.saving") : t("account.email.submit")}
        </Button>
      </form>
    </SettingsSection>
  );
}
