import type { Translate } from "../../i18n/translate.ts";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { AccountDialog } from "./AccountDialog.tsx";
import type { useAccountDialogs } from "./use-account-dialogs.ts";

type AccountDialogsProps = ReturnType<typeof useAccountDialogs> & { t: Translate };

/** The connect / edit dialog and the warning before editing or deleting, as useAccountDialogs has them. */
export function AccountDialogs(
  { t, dialog, confirmation, isDeleting, closeDialog, saved, confirm, closeConfirmation }:
    AccountDialogsProps,
) {
  return (
    <>
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
