import { useEffect, useState } from "react";
import type { TwoFactorState } from "@shared/schemas/account.ts";
import { requiredMessage } from "@shared/schemas/fields.ts";
import { manageTwoFactor } from "../../lib/api/account.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { translatePlural } from "../../i18n/translate.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { describeApiError, translateServerMessage } from "../../i18n/server-messages.ts";
import { ApiError } from "../../lib/api/api-error.ts";
import { TextField } from "../../ui/forms/TextField.tsx";
import { Button } from "../../ui/Button.tsx";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LoadFailedNotice } from "../../ui/LoadFailedNotice.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { RecoveryCodes } from "./RecoveryCodes.tsx";
import { SettingsSection } from "../../ui/SettingsSection.tsx";
import { TwoFactorSetup } from "./TwoFactorSetup.tsx";

/**
 * What proves the owner, from the one field the dialog asks for: six digits are the app's code,
 * "xxxxx-xxxxx" a recovery code, anything else the password (which must have an upper-case letter
 * and a special character, so it is never taken for a code).
 */
export function proofOf(
  text: string,
): { twoFactorCode: string } | { recoveryCode: string } | { password: string } | undefined {
  const code = text.replace(/\s/g, "");
  if (/^\d{6}$/.test(code)) return { twoFactorCode: code };
  if (/^[a-z0-9]{5}-[a-z0-9]{5}$/i.test(code) && code === code.toLowerCase()) {
    return { recoveryCode: code };
  }
  return text === "" ? undefined : { password: text };
}

/** Few enough recovery codes left to suggest new ones. */
const LOW_RECOVERY_CODES = 3;

type Load = { status: "loading" } | { status: "failed"; error: unknown } | {
  status: "loaded";
  state: TwoFactorState;
};

/**
 * Two-factor sign-in: turn it on with the authenticator app (QR code or key, then a code and the
 * password), see the recovery codes once, make new ones (with the password), or turn it off (with
 * a code, a recovery code or the password). The owner is e-mailed each change.
 */
export function TwoFactorSettings() {
  const { t, lang } = useTranslation();
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [isSettingUp, setSettingUp] = useState(false);
  const [newCodes, setNewCodes] = useState<string[]>();
  const [confirming, setConfirming] = useState<"disable" | "resetCodes">();
  const [isBusy, setBusy] = useState(false);
  const [proof, setProof] = useState("");
  const [proofError, setProofError] = useState<string>();

  useEffect(() => {
    let isCurrent = true;
    manageTwoFactor({})
      .then((state) => isCurrent && setLoad({ status: "loaded", state }))
      .catch((error) => isCurrent && setLoad({ status: "failed", error }));
    return () => {
      isCurrent = false;
    };
  }, [attempt]);

  function handleEnabled(state: TwoFactorState) {
    setLoad({ status: "loaded", state });
    setSettingUp(false);
    setNewCodes(state.recoveryCodes ?? undefined);
    notify(t("twoFactor.enabled"), { color: "success" });
  }

  function close() {
    setConfirming(undefined);
    setProof("");
    setProofError(undefined);
  }

  async function confirmAction() {
    const action = confirming;
    // New recovery codes take the password itself, like turning two-factor on (issue 30, M3): a
    // session left open must not be enough. Turning it off takes any of the three.
    const given = action === "resetCodes"
      ? (proof ? { password: proof } : undefined)
      : proofOf(proof);
    if (!given) {
      setProofError(
        action === "resetCodes"
          ? translateServerMessage(t, requiredMessage("password"))
          : t("twoFactor.proofRequired"),
      );
      return;
    }
    setProofError(undefined);
    setBusy(true);
    try {
      const state = await manageTwoFactor({
        ...(action === "disable" ? { enable: false } : { resetRecoveryCodes: true }),
        ...given,
      });
      setLoad({ status: "loaded", state });
      if (action === "disable") {
        setNewCodes(undefined);
        notify(t("twoFactor.disabled"), { color: "success" });
      } else {
        setNewCodes(state.recoveryCodes ?? undefined);
        notify(t("twoFactor.codesReset"), { color: "success" });
      }
      close();
    } catch (error) {
      const fieldError = error instanceof ApiError
        ? Object.values(error.fieldErrors ?? {}).flat()[0]
        : undefined;
      if (fieldError) setProofError(translateServerMessage(t, fieldError));
      else {
        notify(describeApiError(t, error), { color: "error" });
        close();
      }
    } finally {
      setBusy(false);
    }
  }

  const state = load.status === "loaded" ? load.state : undefined;
  const isEnabled = state?.isTwoFactorEnabled ?? false;
  const badge = state && (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        isEnabled ? "bg-success-soft text-success-soft-fg" : "bg-surface-muted text-fg-muted"
      }`}
    >
      {isEnabled ? t("twoFactor.on") : t("twoFactor.off")}
    </span>
  );

  return (
    <SettingsSection
      icon="shieldCheck"
      title={t("twoFactor.title")}
      description={t("twoFactor.description")}
      badge={badge}
    >
      {load.status === "loading" && (
        <p role="status" className="flex items-center gap-3 font-semibold text-fg-muted">
          <Spinner className="size-5 text-primary" />
          {t("app.loading")}
        </p>
      )}
      {load.status === "failed" && (
        <LoadFailedNotice
          t={t}
          error={load.error}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      )}

      {state && newCodes && (
        <RecoveryCodes
          codes={newCodes}
          onDone={() => setNewCodes(undefined)}
        />
      )}

      {state && !newCodes && isEnabled && (
        <div className="space-y-5">
          <p className="flex items-start gap-2.5 font-medium">
            <Icon name="checkCircle" className="mt-0.5 size-5 shrink-0 text-success" />
            {t("twoFactor.enabledText")}
          </p>
          <p
            className={state.recoveryCodesLeft <= LOW_RECOVERY_CODES
              ? "font-semibold text-warning"
              : "text-fg-muted"}
          >
            {translatePlural(lang, "twoFactor.codesLeft", state.recoveryCodesLeft)}
          </p>
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={() => setConfirming("resetCodes")}>
              <Icon name="sync" className="size-5" />
              {t("twoFactor.resetCodes")}
            </Button>
            <Button variant="dangerSecondary" onClick={() => setConfirming("disable")}>
              {t("twoFactor.disable")}
            </Button>
          </div>
        </div>
      )}

      {state && !newCodes && !isEnabled && !isSettingUp && (
        <div className="space-y-5">
          <p className="text-fg-muted">{t("twoFactor.offText")}</p>
          <Button onClick={() => setSettingUp(true)}>
            <Icon name="shieldCheck" className="size-5" />
            {t("twoFactor.enable")}
          </Button>
        </div>
      )}

      {state && !newCodes && !isEnabled && isSettingUp && (
        <TwoFactorSetup
          sharedKey={state.sharedKey ?? ""}
          onEnabled={handleEnabled}
          onCancel={() => setSettingUp(false)}
        />
      )}

      <ConfirmDialog
        t={t}
        open={confirming !== undefined}
        title={confirming === "disable"
          ? t("twoFactor.disableTitle")
          : t("twoFactor.resetCodesTitle")}
        confirmLabel={confirming === "disable"
          ? t("twoFactor.disableConfirm")
          : t("twoFactor.resetCodesConfirm")}
        tone={confirming === "disable" ? "danger" : "primary"}
        busy={isBusy}
        onConfirm={confirmAction}
        onClose={close}
      >
        <p>
          {confirming === "disable" ? t("twoFactor.disableText") : t("twoFactor.resetCodesText")}
        </p>
        <form
          noValidate
          className="mt-4 text-fg"
          onSubmit={(event) => {
            event.preventDefault();
            confirmAction();
          }}
        >
          <TextField
            name={confirming === "resetCodes" ? "password" : "twoFactorProof"}
            type="password"
            label={confirming === "resetCodes" ? t("twoFactor.password") : t("twoFactor.proof")}
            description={confirming === "resetCodes"
              ? t("twoFactor.resetCodesPasswordHint")
              : t("twoFactor.proofHint")}
            autoComplete={confirming === "resetCodes" ? "current-password" : "one-time-code"}
            maxLength={256}
            required
            value={proof}
            onChange={(event) => setProof(event.currentTarget.value)}
            error={proofError}
          />
        </form>
      </ConfirmDialog>
    </SettingsSection>
  );
}
