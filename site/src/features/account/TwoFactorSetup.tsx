import { type FormEvent, useState } from "react";
import { useAtomValue } from "jotai";
import type { TwoFactorState } from "@shared/schemas/account.ts";
import { requiredMessage } from "@shared/schemas/fields.ts";
import { ApiError } from "../../lib/api/api-error.ts";
import { manageTwoFactor } from "../../lib/api/account.ts";
import { fieldErrorsFromServer } from "../../lib/forms/field-errors.ts";
import { accountAtom } from "../../lib/session/session-state.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { groupKey, otpauthUrl } from "../../lib/two-factor/otpauth.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { describeApiError, translateServerMessage } from "../../i18n/server-messages.ts";
import { FormNotice } from "../../ui/forms/FormNotice.tsx";
import { TextField } from "../../ui/forms/TextField.tsx";
import { Button } from "../../ui/Button.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { QrCode } from "./QrCode.tsx";

interface TwoFactorSetupProps {
  sharedKey: string;
  onEnabled: (state: TwoFactorState) => void;
  onCancel: () => void;
}

const FIELDS = ["twoFactorCode", "password"] as const;
type Field = (typeof FIELDS)[number];

/**
 * Turning two-factor sign-in on: add the account to the app, then prove it with a code and the
 * password (so someone using a session left open cannot put their own app on the account).
 */
export function TwoFactorSetup({ sharedKey, onEnabled, onCancel }: TwoFactorSetupProps) {
  const { t } = useTranslation();
  const account = useAtomValue(accountAtom);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<unknown>();
  const [isSubmitting, setSubmitting] = useState(false);

  async function copyKey() {
    try {
      await navigator.clipboard.writeText(sharedKey);
      notify(t("twoFactor.keyCopied"), { color: "success" });
    } catch {
      notify(t("twoFactor.copyFailed"), { color: "error" });
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = (field: Field) => form.querySelector<HTMLInputElement>(`[name="${field}"]`);
    /** Shows the errors and moves to the first field with one (the code's text is selected). */
    const show = (found: Partial<Record<Field, string>>) => {
      setErrors(found);
      const first = FIELDS.find((field) => found[field]);
      if (!first) return false;
      input(first)?.select();
      input(first)?.focus();
      return true;
    };
    const code = (input("twoFactorCode")?.value ?? "").replace(/\s/g, "");
    const password = input("password")?.value ?? "";
    setFailure(undefined);
    if (
      show({
        ...(code ? {} : { twoFactorCode: t("validation.required") }),
        ...(password ? {} : { password: requiredMessage("password") }),
      })
    ) return;
    setSubmitting(true);
    try {
      onEnabled(await manageTwoFactor({ enable: true, twoFactorCode: code, password }));
    } catch (caught) {
      const found = caught instanceof ApiError
        ? fieldErrorsFromServer(caught.fieldErrors, FIELDS)
        : {};
      const shown = show({
        twoFactorCode: found.twoFactorCode?.[0],
        password: found.password?.[0],
      });
      if (!shown && caught instanceof ApiError && caught.code === "InvalidTwoFactorCode") {
        show({ twoFactorCode: t("errorCode.InvalidTwoFactorCode") });
      } else if (!shown) {
        setFailure(caught);
      }
    } finally {
      setSubmitting(false);
    }
  }

  const errorOf = (field: Field) => {
    const message = errors[field];
    return message ? translateServerMessage(t, message) : undefined;
  };

  return (
    <ol className="space-y-6">
      <li>
        <h3 className="flex items-center gap-2.5 font-semibold">
          <StepNumber number={1} />
          {t("twoFactor.step1")}
        </h3>
        <div className="mt-4 flex flex-col gap-5 sm:flex-row sm:items-start">
          <QrCode
            value={otpauthUrl(account?.email ?? "", sharedKey)}
            label={t("twoFactor.qrLabel")}
          />
          <div className="min-w-0">
            <p className="text-sm text-fg-muted">{t("twoFactor.manualEntry")}</p>
            <p className="mt-2 text-sm font-semibold text-fg-muted">{t("twoFactor.key")}</p>
            <code
              data-shared-key={sharedKey}
              className="mt-1 block rounded-xl bg-surface-muted px-3 py-2 font-mono text-base font-semibold tracking-wider break-words"
            >
              {groupKey(sharedKey)}
            </code>
            <Button variant="secondary" size="sm" className="mt-3" onClick={copyKey}>
              <Icon name="copy" className="size-4" />
              {t("twoFactor.copyKey")}
            </Button>
          </div>
        </div>
      </li>
      <li>
        <h3 className="flex items-center gap-2.5 font-semibold">
          <StepNumber number={2} />
          {t("twoFactor.step2")}
        </h3>
        <form
          noValidate
          onSubmit={handleSubmit}
          className="mt-4 space-y-5"
        >
          <TextField
            name="twoFactorCode"
            label={t("twoFactor.code")}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={16}
            required
            error={errorOf("twoFactorCode")}
          />
          <TextField
            name="password"
            type="password"
            label={t("twoFactor.password")}
            description={t("twoFactor.passwordHint")}
            autoComplete="current-password"
            maxLength={256}
            required
            error={errorOf("password")}
          />
          {failure !== undefined && (
            <div role="alert">
              <FormNotice tone="error">{describeApiError(t, failure)}</FormNotice>
            </div>
          )}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" busy={isSubmitting}>
              {isSubmitting ? t("twoFactor.verifying") : t("twoFactor.verify")}
            </Button>
            <Button variant="ghost" onClick={onCancel} disabled={isSubmitting}>
              {t("dialog.cancel")}
            </Button>
          </div>
        </form>
      </li>
    </ol>
  );
}

function StepNumber({ number }: { number: number }) {
  return (
    <span
      aria-hidden="true"
      className="grid size-7 shrink-0 place-items-center rounded-full bg-primary text-sm font-bold text-primary-fg"
    >
      {number}
    </span>
  );
}
