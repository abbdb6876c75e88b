import { type FormEvent, useRef, useState } from "react";
import { useAtomValue } from "jotai";
import { z } from "zod";
import { requiredMessage } from "@shared/schemas/fields.ts";
import { Password, PasswordConfirmation, passwordConfirmation } from "@shared/schemas/password.ts";
import { ApiError } from "../../lib/api/api-error.ts";
import { updateAccount } from "../../lib/api/account.ts";
import {
  type FieldErrors,
  fieldErrorsFromServer,
  fieldErrorsFromZod,
  firstFieldWithError,
} from "../../lib/forms/field-errors.ts";
import { accountAtom } from "../../lib/session/session-state.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { describeApiError, translateServerMessage } from "../../i18n/server-messages.ts";
import { FormNotice } from "../forms/FormNotice.tsx";
import { TextField } from "../forms/TextField.tsx";
import { Button } from "../ui/Button.tsx";
import { passwordHint } from "../auth/password-rules.ts";
import { SettingsSection } from "./SettingsSection.tsx";

const FIELDS = ["oldPassword", "newPassword", "confirmPassword"] as const;
type Field = (typeof FIELDS)[number];

const PasswordChange = passwordConfirmation(
  z.object({
    oldPassword: z
      .string({ error: requiredMessage("Current password") })
      .min(1, { error: requiredMessage("Current password") }),
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
  const formRef = useRef<HTMLFormElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [outcome, setOutcome] = useState<Outcome>();
  const [isSubmitting, setSubmitting] = useState(false);

  function focus(field: Field | undefined) {
    requestAnimationFrame(() =>
      field
        ? formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus()
        : outcomeRef.current?.focus()
    );
  }

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
      const found = fieldErrorsFromZod(parsed.error, FIELDS);
      setErrors(found);
      setOutcome(undefined);
      focus(firstFieldWithError(found, FIELDS));
      return;
    }

    setErrors({});
    setOutcome(undefined);
    setSubmitting(true);
    try {
      await updateAccount({
        oldPassword: parsed.data.oldPassword,
        newPassword: parsed.data.newPassword,
      });
      form.reset();
      setOutcome({ tone: "success" });
      focus(undefined);
    } catch (error) {
      const found = error instanceof ApiError
        ? fieldErrorsFromServer(error.fieldErrors, FIELDS)
        : {};
      setErrors(found);
      const invalid = firstFieldWithError(found, FIELDS);
      if (!invalid) setOutcome({ tone: "error", error });
      focus(invalid);
    } finally {
      setSubmitting(false);
    }
  }

  const errorOf = (field: Field) => {
    const message = errors[field]?.[0];
    return message ? translateServerMessage(t, message) : undefined;
  };

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
        <TextField
          name="newPassword"
          type="password"
          label={t("account.password.new")}
          description={passwordHint(t)}
          autoComplete="new-password"
          maxLength={128}
          required
          error={errorOf("newPassword")}
        />
        <TextField
          name="confirmPassword"
          type="password"
          label={t("account.password.confirm")}
          autoComplete="new-password"
          maxLength={128}
          required
          error={errorOf("confirmPassword")}
        />
        <div ref={outcomeRef} tabIndex={-1} className="focus:outline-none empty:hidden">
          {outcome?.tone === "success" && (
            <div role="status">
              <FormNotice tone="success">{t("account.password.changed")}</FormNotice>
            </div>
          )}
          {outcome?.tone === "error" && (
            <div role="alert">
              <FormNotice tone="error">{describeApiError(t, outcome.error)}</FormNotice>
            </div>
          )}
        </div>
        <Button type="submit" busy={isSubmitting}>
          {isSubmitting ? t("account.saving") : t("account.password.submit")}
        </Button>
      </form>
    </SettingsSection>
  );
}
