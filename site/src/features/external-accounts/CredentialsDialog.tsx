import { type FormEvent, useState } from "react";
import {
  type ExternalAccount,
  ExternalAccountCredentials,
} from "@shared/schemas/external-account.ts";
import { changeExternalAccountCredentials } from "../../lib/api/external-accounts.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { translateServerMessage } from "../../i18n/server-messages.ts";
import { Button } from "../../ui/Button.tsx";
import { FormAlert } from "../../ui/forms/FormAlert.tsx";
import { FormNotice } from "../../ui/forms/FormNotice.tsx";
import { TextField } from "../../ui/forms/TextField.tsx";
import { useFieldErrors } from "../../ui/forms/use-field-errors.ts";
import { useFieldFocus } from "../../ui/forms/use-field-focus.ts";
import { FormDialog } from "../../ui/FormDialog.tsx";
import { Icon } from "../../ui/Icon.tsx";
import {
  ACCOUNT_FIELDS,
  type AccountField,
  accountProblem,
} from "../../lib/external-accounts/account-problems.ts";

interface CredentialsDialogProps {
  open: boolean;
  account: ExternalAccount;
  onClose: () => void;
  onSaved: (account: ExternalAccount) => void;
  /** The spec's edit (other username; deletes what was mirrored), behind its warning. */
  onStartOver: (account: ExternalAccount) => void;
}

/**
 * What "Edit" on an account offers first: a new password and/or API key, checked with eVisitor
 * before anything is saved, keeping every property, unit, QR code and stay. The spec's edit,
 * which provisions the account anew, is below it, behind its warning.
 */
export function CredentialsDialog(
  { open, account, onClose, onSaved, onStartOver }: CredentialsDialogProps,
) {
  const { t } = useTranslation();
  const { formRef, messageRef, focusField } = useFieldFocus<AccountField>();
  const { errorOf, showErrors, showClientErrors, clearErrors } = useFieldErrors(
    ACCOUNT_FIELDS,
    (message) => translateServerMessage(t, message),
  );
  const [alert, setAlert] = useState<string>();
  const [isBusy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = ExternalAccountCredentials.safeParse({
      password: String(data.get("password") ?? "") || undefined,
      apiKey: String(data.get("apiKey") ?? "").trim() || undefined,
    });
    if (!parsed.success) {
      const field = showClientErrors(parsed.error);
      setAlert(undefined);
      focusField(field);
      return;
    }
    clearErrors();
    setAlert(undefined);
    setBusy(true);
    try {
      const saved = await changeExternalAccountCredentials(account.id, parsed.data);
      notify(t("externalAccounts.toast.credentialsChanged", { username: saved.username }), {
        color: "success",
      });
      onSaved(saved);
    } catch (error) {
      const problem = accountProblem(t, error);
      const field = showErrors(problem.fieldErrors);
      setAlert(problem.alert);
      notify(t("externalAccounts.toast.credentialsFailed"), { color: "error" });
      focusField(problem.alert ? undefined : field);
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      t={t}
      open={open}
      title={t("externalAccounts.credentialsTitle", { username: account.username })}
      description={t("externalAccounts.credentialsIntro")}
      submitLabel={t("externalAccounts.credentialsSubmit")}
      busyLabel={t("externalAccounts.checking")}
      busy={isBusy}
      onSubmit={handleSubmit}
      onClose={onClose}
      formRef={formRef}
    >
      <FormNotice tone="info">{t("externalAccounts.credentialsKeeps")}</FormNotice>
      <FormAlert ref={messageRef} message={alert} />
      <TextField
        name="password"
        type="password"
        label={t("externalAccounts.newPassword")}
        description={t("externalAccounts.newPasswordHint")}
        autoComplete="new-password"
        maxLength={128}
        error={errorOf("password")}
      />
      <TextField
        name="apiKey"
        label={t("externalAccounts.newApiKey")}
        description={t("externalAccounts.newApiKeyHint")}
        autoComplete="off"
        maxLength={200}
        error={errorOf("apiKey")}
      />
      <div className="rounded-xl border border-border bg-surface-muted/50 p-4 text-sm">
        <p className="font-semibold">{t("externalAccounts.startOverTitle")}</p>
        <p className="mt-1 text-fg-muted">{t("externalAccounts.startOverText")}</p>
        <Button
          className="mt-3"
          variant="secondary"
          size="sm"
          disabled={isBusy}
          onClick={() => onStartOver(account)}
        >
          <Icon name="alertTriangle" className="size-4" />
          {t("externalAccounts.startOver")}
        </Button>
      </div>
    </FormDialog>
  );
}
