import type { Translate } from "../../i18n/translate.ts";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { AccountDialog } from "./AccountDialog.tsx";
import { CredentialsDialog } from "./CredentialsDialog.tsx";
import type { useAccountDialogs } from "./use-account-dialogs.ts";

type AccountDialogsProps = ReturnType<typeof useAccountDialogs> & { t: Translate };

/** The connect / edit dialog and the warning before editing or deleting, as useAccountDialogs has them. */
export function AccountDialogs(
  {
    t,
    dialog,
    confirmation,
    credentials,
    isDeleting,
    closeDialog,
    saved,
    confirm,
    closeConfirmation,
    closeCredentials,
    credentialsSaved,
    startOver,
  }: AccountDialogsProps,
) {
  return (
    <>
      {credentials.account && (
        <CredentialsDialog
          key={`credentials-dialog-${credentials.key}`}
          open={credentials.open}
          account={credentials.account}
          onClose={closeCredentials}
          onSaved={credentialsSaved}
          onStartOver={startOver}
        />
      )}

      <AccountDialog
        key={`account-dialog-${dialog.key}`}
        open={dialog.open}
        target={dialog.target}
        onClose={closeDialog}
        onSaved={saved}
      />

      <ConfirmDialog
        t={t}
        open={confirmation?.open ?? false}
        tone="danger"
        title={t(
          confirmation?.kind === "edit"
            ? "externalAccounts.editConfirmTitle"
            : "externalAccounts.deleteTitle",
        )}
        confirmLabel={t(
          confirmation?.kind === "edit"
            ? "externalAccounts.editConfirm"
            : "externalAccounts.deleteConfirm",
        )}
        busy={isDeleting}
        onConfirm={confirm}
        onClose={closeConfirmation}
      >
        <p>
          {t(
            confirmation?.kind === "edit"
              ? "externalAccounts.editConfirmText"
              : "externalAccounts.deleteText",
            { username: confirmation?.account.username ?? "" },
          )}
        </p>
      </ConfirmDialog>
    </>
  );
}
