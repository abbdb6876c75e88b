import { type FormEvent, useState } from "react";
import { Description, DialogTitle } from "@headlessui/react";
import { cancelRegistrations } from "../../lib/api/guests.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import type { Translate } from "../../i18n/translate.ts";
import { Button } from "../../ui/Button.tsx";
import { DialogFrame } from "../../ui/DialogFrame.tsx";
import { TextField } from "../../ui/forms/TextField.tsx";

/** The guests whose registrations are to be cancelled, with the names the host knows them by. */
export interface CancelTarget {
  guests: { id: string; name: string }[];
}

const REASON_MAX = 250;

/**
 * Asks before a registration is cancelled in eVisitor: names each guest, and asks the reason
 * eVisitor is given (required). The cancellation is sent in the background; `onQueued` follows.
 */
export function CancelRegistrationDialog(
  { t, open, target, onClose, onQueued }: {
    t: Translate;
    open: boolean;
    target: CancelTarget;
    onClose: () => void;
    onQueued: (ids: string[]) => void;
  },
) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const names = target.guests.map((guest) => guest.name).join(", ");

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() === "") {
      setError(t("guests.cancel.reasonRequired"));
      return;
    }
    setBusy(true);
    try {
      const ids = target.guests.map((guest) => guest.id);
      await cancelRegistrations(ids, reason.trim());
      notify(t("guests.toast.cancelSent", { names }), { color: "info" });
      onQueued(ids);
      onClose();
    } catch (failure) {
      notify(t("guests.toast.cancelFailed", { reason: describeApiError(t, failure) }), {
        color: "error",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <DialogFrame open={open} onClose={() => !busy && onClose()} size="md">
      <form onSubmit={submit} noValidate className="p-6">
        <DialogTitle className="text-lg font-bold">
          {t("guests.cancel.title")}
        </DialogTitle>
        <Description as="div" className="mt-2 space-y-2 text-fg-muted">
          <p>{t("guests.cancel.text")}</p>
          <ul className="list-disc pl-5 font-semibold text-fg">
            {target.guests.map((guest) => <li key={guest.id}>{guest.name}</li>)}
          </ul>
          <p>{t("guests.cancel.again")}</p>
        </Description>
        <div className="mt-4">
          <TextField
            name="cancelReason"
            label={t("guests.cancel.reason")}
            description={t("guests.cancel.reasonHint")}
            multiline
            rows={3}
            required
            maxLength={REASON_MAX}
            value={reason}
            error={error}
            onChange={(event) => {
              setReason(event.target.value);
              setError(undefined);
            }}
          />
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy} data-autofocus>
            {t("guests.cancel.dismiss")}
          </Button>
          <Button type="submit" variant="danger" busy={busy}>
            {t("guests.cancel.confirm")}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
