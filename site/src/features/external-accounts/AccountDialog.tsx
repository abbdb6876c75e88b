import { type FormEvent, useState } from "react";
import { type ExternalAccount, ExternalAccountRequest } from "@shared/schemas/external-account.ts";
import {
  createExternalAccount,
  type ExternalAccountInput,
  updateExternalAccount,
} from "../../lib/api/external-accounts.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { ACCOUNT_TOPIC } from "./toast-topic.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { translateServerMessage } from "../../i18n/server-messages.ts";
import { FormAlert } from "../../ui/forms/FormAlert.tsx";
import { FormNotice } from "../../ui/forms/FormNotice.tsx";
import { TextField } from "../../ui/forms/TextField.tsx";
import { useFieldErrors } from "../../ui/forms/use-field-errors.ts";
import { useFieldFocus } from "../../ui/forms/use-field-focus.ts";
import { FormDialog } from "../../ui/FormDialog.tsx";
import {
  ACCOUNT_FIELDS,
  type AccountField,
  accountProblem,
} from "../../lib/external-accounts/account-problems.ts";

/** Which dialog is shown: connecting a new account, or editing one (after the warning). */
export type AccountDialogTarget = { mode: "create" } | { mode: "edit"; account: ExternalAccount };

interface AccountDialogProps {
  open: boolean;
  target: AccountDialogTarget;
  onClose: () => void;
  onSaved: (account: ExternalAccount) => void;
}

/**
 * The create dialog of spec section 2 (username, password, email, api key), also used to edit.
 * The API signs in to eVisitor before it saves anything, so a wrong password or an unreachable
 * eVisitor is answered here and nothing is stored.
 */
export function AccountDialog({ open, target, onClose, onSaved }: AccountDialogProps) {
  const { t } = useTranslation();
  const { formRef, messageRef, focusField } = useFieldFocus<AccountField>();
  const { errorOf, showErrors, showClientErrors, clearErrors } = useFieldErrors(
    ACCOUNT_FIELDS,
    (message) => translateServerMessage(t, message),
  );
  const [alert, setAlert] = useState<string>();
  const [isBusy, setBusy] = useState(false);
  const editing = target.mode === "edit" ? target.account : undefined;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: AccountField) => String(data.get(name) ?? "").trim();
    const parsed = ExternalAccountRequest.safeParse({
      username: text("username"),
      password: String(data.get("password") ?? ""),
      email: text("email"),
      apiKey: text("apiKey") || undefined,
    });
    if (!parsed.success) {
      const field = showClientErrors(parsed.error);
      setAlert(undefined);
      focusField(field);
      return;
    }

    const input: ExternalAccountInput = {
      username: parsed.data.username,
      password: parsed.data.password,
      email: parsed.data.email || undefined,
      apiKey: parsed.data.apiKey,
    };
    clearErrors();
    setAlert(undefined);
    setBusy(true);
    try {
      const saved = editing
        ? await updateExternalAccount(editing.id, input)
        : await createExternalAccount(input);
      notify(
        t(editing ? "externalAccounts.toast.updated" : "externalAccounts.toast.created", {
          username: saved.username,
        }),
        { color: "success", topic: ACCOUNT_TOPIC },
      );
      onSaved(saved);
    } catch (error) {
      const problem = accountProblem(t, error);
      const field = showErrors(problem.fieldErrors);
      setAlert(problem.alert);
      notify(
        t(editing ? "externalAccounts.toast.updateFailed" : "externalAccounts.toast.createFailed"),
        { color: "error", topic: ACCOUNT_TOPIC },
      );
      focusField(problem.alert ? undefined : field);
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      t={t}
      open={open}
      title={t(editing ? "externalAccounts.editTitle" : "externalAccounts.createTitle")}
      description={t(editing ? "externalAccounts.editIntro" : "externalAccounts.createIntro")}
      submitLabel={t(editing ? "externalAccounts.submitEdit" : "externalAccounts.submitCreate")}
      busyLabel={t("externalAccounts.checking")}
      busy={isBusy}
      onSubmit={handleSubmit}
      onClose={onClose}
      formRef={formRef}
    >
      {editing && <FormNotice tone="warning">{t("externalAccounts.editWarning")}</FormNotice>}
      <FormAlert ref={messageRef} message={alert} />
      <TextField
        name="username"
        label={t("externalAccounts.username")}
        description={t("externalAccounts.usernameHint")}
        autoComplete="off"
        maxLength={100}
        required
        defaultValue={editing?.username}
        error={errorOf("username")}
      />
      <TextField
        name="password"
        type="password"
        label={t("externalAccounts.password")}
        description={t("externalAccounts.passwordHint")}
        autoComplete="off"
        maxLength={128}
        required
        error={errorOf("password")}
      />
      <TextField
        name="email"
        type="email"
        label={t("externalAccounts.email")}
        autoComplete="off"
        maxLength={254}
        defaultValue={editing?.email ?? undefined}
        error={errorOf("email")}
      />
      <TextField
        name="apiKey"
        label={t("externalAccounts.apiKey")}
        description={t("externalAccounts.apiKeyHint")}
        autoComplete="off"
        maxLength={200}
        error={errorOf("apiKey")}
      />
    </FormDialog>
  );
}
