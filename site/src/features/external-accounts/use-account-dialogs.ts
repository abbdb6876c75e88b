import { useState } from "react";
import type { ExternalAccount } from "@shared/schemas/external-account.ts";
import { deleteExternalAccount } from "../../lib/api/external-accounts.ts";
import { notify } from "../../lib/state/snackbars.ts";
import type { Translate } from "../../i18n/translate.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import type { AccountDialogTarget } from "./AccountDialog.tsx";

/** The warning before editing or deleting an account, kept while it fades out. */
export type Confirmation = { kind: "edit" | "delete"; account: ExternalAccount; open: boolean };

interface AccountDialogsOptions {
  t: Translate;
  /** An account was connected or edited (the dialog is closed already). */
  onSaved: (account: ExternalAccount) => void;
  /** An account was deleted. */
  onDeleted: () => void;
}

/**
 * The accounts page's dialogs: connecting or editing an account (editing only after a warning)
 * and deleting one after its confirmation, each outcome with a snackbar.
 */
export function useAccountDialogs({ t, onSaved, onDeleted }: AccountDialogsOptions) {
  const [dialog, setDialog] = useState<{ open: boolean; target: AccountDialogTarget; key: number }>(
    { open: false, target: { mode: "create" }, key: 0 },
  );
  const [confirmation, setConfirmation] = useState<Confirmation>();
  const [credentials, setCredentials] = useState<
    { open: boolean; account?: ExternalAccount; key: number }
  >({ open: false, key: 0 });
  const [isDeleting, setDeleting] = useState(false);

  function openDialog(target: AccountDialogTarget) {
    setDialog((current) => ({ open: true, target, key: current.key + 1 }));
  }

  function closeDialog() {
    setDialog((current) => ({ ...current, open: false }));
  }

  function closeConfirmation() {
    setConfirmation((current) => current && { ...current, open: false });
  }

  async function remove(account: ExternalAccount) {
    setDeleting(true);
    try {
      await deleteExternalAccount(account.id);
      notify(t("externalAccounts.toast.deleted", { username: account.username }), {
        color: "success",
      });
      onDeleted();
    } catch (error) {
      notify(
        t("externalAccounts.toast.deleteFailed", { reason: describeApiError(t, error) }),
        { color: "error" },
      );
    } finally {
      setDeleting(false);
      closeConfirmation();
    }
  }

  function closeCredentials() {
    setCredentials((current) => ({ ...current, open: false }));
  }

  return {
    dialog,
    confirmation,
    credentials,
    isDeleting,
    openCreate: () => openDialog({ mode: "create" }),
    /** "Edit" offers a new password first (nothing is lost); the spec's edit is behind it. */
    confirmEdit: (account: ExternalAccount) =>
      setCredentials((current) => ({ open: true, account, key: current.key + 1 })),
    closeCredentials,
    /** From the new-password dialog to the spec's edit, through its warning. */
    startOver(account: ExternalAccount) {
      closeCredentials();
      setConfirmation({ kind: "edit", account, open: true });
    },
    credentialsSaved(account: ExternalAccount) {
      closeCredentials();
      onSaved(account);
    },
    confirmDelete: (account: ExternalAccount) =>
      setConfirmation({ kind: "delete", account, open: true }),
    closeDialog,
    closeConfirmation,
    saved(account: ExternalAccount) {
      closeDialog();
      onSaved(account);
    },
    /** The warning answered yes: delete, or go on to the edit dialog. */
    confirm() {
      if (!confirmation) return;
      if (confirmation.kind === "delete") {
        void remove(confirmation.account);
      } else {
        closeConfirmation();
        openDialog({ mode: "edit", account: confirmation.account });
      }
    },
  };
}
