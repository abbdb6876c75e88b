/** The form that makes a personal API token: name, scopes, expiry, confirmed with the password. */
import { type FormEvent, useId, useState } from "react";
import {
  API_TOKEN_NAME_MAX,
  type ApiTokenScope,
  CreateApiTokenRequest,
  type CreatedApiToken,
} from "@shared/schemas/api-token.ts";
import { createApiToken } from "../../lib/api/api-tokens.ts";
import { describeApiError, translateServerMessage } from "../../i18n/server-messages.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { Button } from "../../ui/Button.tsx";
import { FormOutcome } from "../../ui/forms/FormOutcome.tsx";
import { SelectField } from "../../ui/forms/SelectField.tsx";
import { TextField } from "../../ui/forms/TextField.tsx";
import { useFieldErrors } from "../../ui/forms/use-field-errors.ts";
import { useFieldFocus } from "../../ui/forms/use-field-focus.ts";
import { Icon } from "../../ui/Icon.tsx";

const FIELDS = ["name", "scopes", "expiresAt", "password"] as const;
type Field = (typeof FIELDS)[number];
const EXPIRY_DAYS = ["never", "30", "90", "365"] as const;
type Expiry = (typeof EXPIRY_DAYS)[number];
const DAY_MS = 24 * 60 * 60 * 1000;

export function NewTokenForm({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const { t } = useTranslation();
  const scopesId = useId();
  const { formRef, messageRef, focusField } = useFieldFocus<Field>();
  const { errorOf, showClientErrors, showServerErrors, clearErrors } = useFieldErrors(
    FIELDS,
    (message) => translateServerMessage(t, message),
  );
  const [scopes, setScopes] = useState<ApiTokenScope[]>(["read"]);
  const [expiry, setExpiry] = useState<Expiry>("90");
  const [failure, setFailure] = useState<unknown>();
  const [isSubmitting, setSubmitting] = useState(false);

  function toggle(scope: ApiTokenScope, on: boolean) {
    setScopes((previous) =>
      on ? [...new Set([...previous, scope])] : previous.filter((s) => s !== scope)
    );
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const request = {
      name: String(data.get("name") ?? ""),
      scopes,
      expiresAt: expiry === "never"
        ? null
        : new Date(Date.now() + Number(expiry) * DAY_MS).toISOString(),
      // The owner's proof: a token outlives the session, so the session alone cannot make one.
      password: String(data.get("password") ?? ""),
    };
    const parsed = CreateApiTokenRequest.safeParse(request);
    if (!parsed.success) {
      setFailure(undefined);
      focusField(showClientErrors(parsed.error));
      return;
    }
    clearErrors();
    setFailure(undefined);
    setSubmitting(true);
    try {
      const token = await createApiToken(request);
      form.reset();
      onCreated(token);
    } catch (error) {
      const invalid = showServerErrors(error);
      if (!invalid) setFailure(error);
      focusField(invalid);
    } finally {
      setSubmitting(false);
    }
  }

  const scopesError = errorOf("scopes");
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={handleSubmit}
      className="space-y-5 border-t border-border pt-5"
    >
      <h3 className="text-[0.9375rem] font-semibold">{t("account.apiTokens.newTitle")}</h3>
      <TextField
        name="name"
        label={t("account.apiTokens.name")}
        description={t("account.apiTokens.nameHint")}
        maxLength={API_TOKEN_NAME_MAX}
        required
        error={errorOf("name")}
      />
      <fieldset aria-describedby={scopesError ? `${scopesId}-error` : undefined}>
        <legend className="text-[0.9375rem] font-semibold">
          {t("account.apiTokens.scopes")}
        </legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {(["read", "write"] as const).map((scope) => (
            <label
              key={scope}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-border bg-surface p-3"
            >
              <input
                type="checkbox"
                name="scopes"
                value={scope}
                checked={scopes.includes(scope)}
                onChange={(event) => toggle(scope, event.target.checked)}
                aria-invalid={scopesError ? true : undefined}
                className="mt-0.5 size-5 shrink-0 accent-primary"
              />
              <span>
                <span className="block font-semibold">{t(`account.apiTokens.scope.${scope}`)}</span>
                <span className="block text-sm text-fg-muted">
                  {t(`account.apiTokens.scope.${scope}.hint`)}
                </span>
              </span>
            </label>
          ))}
        </div>
        {scopesError && (
          <p
            id={`${scopesId}-error`}
            className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-error"
          >
            <Icon name="alertCircle" className="mt-px size-4 shrink-0" />
            {scopesError}
          </p>
        )}
      </fieldset>
      <SelectField
        name="expiresAt"
        label={t("account.apiTokens.expiry")}
        value={expiry}
        onChange={(event) => setExpiry(event.target.value as Expiry)}
        error={errorOf("expiresAt")}
        options={EXPIRY_DAYS.map((value) => ({
          value,
          label: t(`account.apiTokens.expiry.${value}`),
        }))}
      />
      <TextField
        name="password"
        type="password"
        label={t("account.apiTokens.password")}
        description={t("account.apiTokens.passwordHint")}
        autoComplete="current-password"
        maxLength={256}
        required
        error={errorOf("password")}
      />
      <FormOutcome
        ref={messageRef}
        failure={failure === undefined ? undefined : describeApiError(t, failure)}
      />
      <Button type="submit" busy={isSubmitting}>
        <Icon name="plus" className="size-4" />
        {t("account.apiTokens.create")}
      </Button>
    </form>
  );
}
