import { useState } from "react";
import { disownGuest } from "../../lib/api/guests.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import type { Translate } from "../../i18n/translate.ts";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";

interface RemoveGuestDialogProps {
  t: Translate;
  open: boolean;
  /** The guest to remove, with the name the host knows them by. */
  guest?: { id: string; name: string };
  onClose: () => void;
  onRemoved: () => void;
}

/**
 * Asks before removing a guest the host declined ("not my guest") from the stay, removes it and
 * says how it went: the guests page and the stay's guests dialog alike.
 */
export function RemoveGuestDialog({ t, open, guest, onClose, onRemoved }: RemoveGuestDialogProps) {
  const [isRemoving, setRemoving] = useState(false);

  async function confirm() {
    if (!guest) return;
    setRemoving(true);
    try {
      await disownGuest(guest.id);
      notify(t("guests.toast.removed", { name: guest.name }), { color: "success" });
      onClose();
      onRemoved();
    } catch (error) {
      notify(t("guests.toast.removeFailed", { reason: describeApiError(t, error) }), {
        color: "error",
      });
    } finally {
      setRemoving(false);
    }
  }

  return (
    <ConfirmDialog
      t={t}
      open={open}
      title={t("guests.remove.title")}
      confirmLabel={t("guests.remove.confirm")}
      tone="danger"
      busy={isRemoving}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>{guest ? t("guests.remove.text", { name: guest.name }) : ""}</p>
    </ConfirmDialog>
  );
}
