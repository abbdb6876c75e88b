import { type FormEvent, useState } from "react";
import { useAtomValue } from "jotai";
import { DeleteAccountRequest } from "@shared/schemas/account-deletion.ts";
import { requestAccountDeletion } from "../../lib/api/account.ts";
import { formatDate } from "../../lib/format/date-time.ts";
import { accountAtom } from "../../lib/session/session-state.ts";
import { refreshAccount } from "../../lib/session/refresh-account.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { describeApiError, translateServerMessage } from "../../i18n/server-messages.ts";
import { FormDialog } from "../../ui/FormDialog.tsx";
import { FormNotice } from "../../ui/forms/FormNotice.tsx";
import { TextField } from "../../ui/forms/TextField.tsx";
import { useFieldErrors } from "../../ui/forms/use-field-errors.ts";
import { Button } from "../../ui/Button.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { SettingsSection } from "../../ui/SettingsSection.tsx";
import { CancelDeletionButton } from "../../shell/CancelDeletionButton.tsx";

const FIELDS = ["password"] as const;

/**
 * "Delete my account": a dialog names what goes and what stays and asks for the password; the
 * account is erased after the grace period unless cancelled (here, from the banner or from the
 * e-mailed link). Administrators' own refusal (the last one) comes from the server.
 */
export function DeleteAccount({ graceDays }: { graceDays: number }) {
  const { t, lang } = useTranslation();
  const account = useAtomValue(accountAtom);
  const [open, setOpen] = useState(false);
  const [isSending, setSending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const { errorOf, showClientErrors, showServerErrors, clearErrors } = useFieldErrors(
    FIELDS,
    (message) => translateServerMessage(t, message),
  );
  const dueAt = account?.deletionDueAt;

  function close() {
    setOpen(false);
    clearErrors();
    setFailure(undefined);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = DeleteAccountRequest.safeParse({
      password: String(new FormData(form).get("password") ?? ""),
    });
    setFailure(undefined);
    if (!parsed.success) {
      showClientErrors(parsed.error);
      form.querySelector<HTMLInputElement>("input[name=password]")?.focus();
      return;
    }
    clearErrors();
    setSending(true);
    try {
      const state = await requestAccountDeletion(parsed.data.password);
      await refreshAccount().catch(() => {});
      setOpen(false);
      notify(
        t("privacy.delete.scheduled", { date: formatDate(state.deletionDueAt ?? "", lang) }),
        { color: "success" },
      );
    } catch (error) {
      if (!showServerErrors(error)) setFailure(describeApiError(t, error));
      form.querySelector<HTMLInputElement>("input[name=password]")?.focus();
    } finally {
      setSending(false);
    }
  }

  return (
    <SettingsSection
      icon="trash"
      title={t("privacy.delete.title")}
      description={t("privacy.delete.description", { days: graceDays })}
    >
      {dueAt
        ? (
          <div className="space-y-4">
            <FormNotice tone="error">
              {t("privacy.delete.pending", { date: formatDate(dueAt, lang) })}
            </FormNotice>
            <CancelDeletionButton />
          </div>
        )
        : (
          <Button variant="danger" onClick={() => setOpen(true)}>
            <Icon name="trash" className="size-5" />
            {t("privacy.delete.open")}
          </Button>
        )}
      <FormDialog
        t={t}
        open={open}
        title={t("privacy.delete.dialogTitle")}
        description={t("privacy.delete.dialogIntro", { days: graceDays })}
        submitLabel={t("privacy.delete.confirm")}
        busyLabel={t("privacy.delete.busy")}
        busy={isSending}
        tone="danger"
        onSubmit={handleSubmit}
        onClose={close}
      >
        <ul className="list-disc space-y-1.5 pl-5 text-[0.9375rem]">
          <li>{t("privacy.delete.consequenceData")}</li>
          <li>{t("privacy.delete.consequenceEVisitor")}</li>
          <li>{t("privacy.delete.consequencePlan")}</li>
          <li>{t("privacy.delete.consequenceReceipts")}</li>
        </ul>
        <p className="mt-3 text-[0.9375rem] text-fg-muted">{t("privacy.delete.meanwhile")}</p>
        {failure && (
          <div role="alert">
            <FormNotice tone="error">{failure}</FormNotice>
          </div>
        )}
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={account?.email ?? ""}
          hidden
          readOnly
        />
        <TextField
          name="password"
          type="password"
          label={t("privacy.delete.password")}
          autoComplete="current-password"
          maxLength={128}
          required
          error={errorOf("password")}
        />
      </FormDialog>
    </SettingsSection>
  );
}
