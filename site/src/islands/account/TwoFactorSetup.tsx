import { type FormEvent, useState } from "react";
import { useAtomValue } from "jotai";
import type { TwoFactorState } from "@shared/schemas/account.ts";
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

/** Turning two-factor sign-in on: add the account to the app, then prove it with a code. */
export function TwoFactorSetup({ sharedKey, onEnabled, onCancel }: TwoFactorSetupProps) {
  const { t } = useTranslation();
  const account = useAtomValue(accountAtom);
  const [error, setError] = useState<string>();
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
    const input = event.currentTarget.querySelector<HTMLInputElement>('[name="twoFactorCode"]');
    const code = (input?.value ?? "").replace(/\s/g, "");
    if (!code) {
      setError(t("validation.required"));
      input?.focus();
      return;
    }
    setError(undefined);
    setFailure(undefined);
    setSubmitting(true);
    try {
      onEnabled(await manageTwoFactor({ enable: true, twoFactorCode: code }));
    } catch (caught) {
      const fieldError = caught instanceof ApiError
        ? fieldErrorsFromServer(caught.fieldErrors, ["twoFactorCode"] as const).twoFactorCode?.[0]
        : undefined;
      if (fieldError || (caught instanceof ApiError && caught.code === "InvalidTwoFactorCode")) {
        setError(fieldError ?? t("errorCode.InvalidTwoFactorCode"));
        input?.select();
        input?.focus();
      } else {
        setFailure(caught);
      }
    } finally {
      setSubmitting(false);
    }
  }

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
            error={error ? translateServerMessage(t, error) : undefined}
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
