import { type FormEvent, useRef, useState } from "react";
import { useAtomValue } from "jotai";
import { z } from "zod";
import { requiredEmail } from "@shared/schemas/fields.ts";
import { ApiError } from "../../lib/api/api-error.ts";
import { updateAccount } from "../../lib/api/account.ts";
import { fieldErrorsFromServer } from "../../lib/forms/field-errors.ts";
import { accountAtom } from "../../lib/session/session-state.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { describeApiError, translateServerMessage } from "../../i18n/server-messages.ts";
import { FormOutcome } from "../../ui/forms/FormOutcome.tsx";
import { TextField } from "../../ui/forms/TextField.tsx";
import { Button } from "../../ui/Button.tsx";
import { SettingsSection } from "./SettingsSection.tsx";

const NewEmail = z.object({ newEmail: requiredEmail("New email") });

type Outcome = { tone: "success"; email: string } | { tone: "error"; error: unknown };

/**
 * Changing the sign-in address: the server e-mails a confirmation link to the new address, and
 * the account keeps the old one until that link is clicked.
 */
export function ChangeEmailForm() {
  const { t } = useTranslation();
  const account = useAtomValue(accountAtom);
  const formRef = useRef<HTMLFormElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();
  const [isSubmitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.querySelector<HTMLInputElement>('[name="newEmail"]');
    const parsed = NewEmail.safeParse({ newEmail: input?.value ?? "" });
    const sameAsNow = parsed.success &&
      parsed.data.newEmail.toLowerCase() === account?.email.toLowerCase();
    if (!parsed.success || sameAsNow) {
      setError(sameAsNow ? t("account.email.same") : parsed.error?.issues[0]?.message);
      setOutcome(undefined);
      input?.focus();
      return;
    }

    setError(undefined);
    setOutcome(undefined);
    setSubmitting(true);
    try {
      await updateAccount({ newEmail: parsed.data.newEmail });
      form.reset();
      setOutcome({ tone: "success", email: parsed.data.newEmail });
      requestAnimationFrame(() => outcomeRef.current?.focus());
    } catch (failure) {
      const fieldError = failure instanceof ApiError
        ? fieldErrorsFromServer(failure.fieldErrors, ["newEmail"] as const).newEmail?.[0]
        : undefined;
      if (fieldError) {
        setError(fieldError);
        input?.focus();
      } else {
        setOutcome({ tone: "error", error: failure });
        requestAnimationFrame(() => outcomeRef.current?.focus());
      }
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
          error={error ? translateServerMessage(t, error) : undefined}
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
