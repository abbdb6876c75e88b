import { type FormEvent, useState } from "react";
import { useAtomValue } from "jotai";
import { z } from "zod";
import { requiredMessage } from "@shared/schemas/fields.ts";
import { Password, PasswordConfirmation, passwordConfirmation } from "@shared/schemas/password.ts";
import { updateAccount } from "../../lib/api/account.ts";
import { accountAtom } from "../../lib/session/session-state.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { describeApiError, translateServerMessage } from "../../i18n/server-messages.ts";
import { FormOutcome } from "../../ui/forms/FormOutcome.tsx";
import { NewPasswordFields } from "../../ui/forms/NewPasswordFields.tsx";
import { TextField } from "../../ui/forms/TextField.tsx";
import { useFieldErrors } from "../../ui/forms/use-field-errors.ts";
import { useFieldFocus } from "../../ui/forms/use-field-focus.ts";
import { Button } from "../../ui/Button.tsx";
import { SettingsSection } from "../../ui/SettingsSection.tsx";

const FIELDS = ["oldPassword", "newPassword", "confirmPassword"] as const;
type Field = (typeof FIELDS)[number];

const PasswordChange = passwordConfirmation(
  z.object({
    oldPassword: z
      .string({ error: requiredMessage("currentPassword") })
      .min(1, { error: requiredMessage("currentPassword") }),
    newPassword: Password,
    confirmPassword: PasswordConfirmation,
  }),
  "newPassword",
);

type Outcome = { tone: "success" } | { tone: "error"; error: unknown };

/** Changing the password: the current one, the new one and its confirmation. */
export function ChangePasswordForm() {
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
    const parsed = PasswordChange.safeParse({
      oldPassword: String(data.get("oldPassword") ?? ""),
      newPassword: String(data.get("newPassword") ?? ""),
      confirmPassword: String(data.get("confirmPassword") ?? ""),
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
      await updateAccount({
        oldPassword: parsed.data.oldPassword,
        newPassword: parsed.data.newPassword,
      });
      form.reset();
      setOutcome({ tone: "success" });
      focusField(undefined);
    } catch (error) {
      const invalid = showServerErrors(error);
      if (!invalid) setOutcome({ tone: "error", error });
      focusField(invalid);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <SettingsSection
      icon="lock"
      title={t("account.password.title")}
      description={t("account.password.description")}
    >
      <form
        ref={formRef}
        noValidate
        onSubmit={handleSubmit}
        className="space-y-5"
      >
        {/* Lets password managers tie the new password to the account. */}
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={account?.email ?? ""}
          hidden
          readOnly
        />
        <TextField
          name="oldPassword"
          type="password"
          label={t("account.password.current")}
          autoComplete="current-password"
          maxLength={128}
          required
          error={errorOf("oldPassword")}
        />
        <NewPasswordFields
          name="newPassword"
          label={t("account.password.new")}
          confirmName="confirmPassword"
          confirmLabel={t("account.password.confirm")}
          errorOf={errorOf}
        />
        <FormOutcome
          ref={outcomeRef}
          success={outcome?.tone === "success" ? t("account.password.changed") : undefined}
          failure={outcome?.tone === "error" ? describeApiError(t, outcome.error) : undefined}
        />
        <Button type="submit" busy={isSubmitting}>
          {isSubmitting ? t("account.saving") : t("account.password.submit")}
        </Button>
      </form>
    </SettingsSection>
  );
}
