import { type FormEvent, useState } from "react";
import { Description, DialogTitle } from "@headlessui/react";
import { sendGuestsAgain } from "../../lib/api/guests.ts";
import { ApiError } from "../../lib/api/api-error.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { describeApiError, translateServerMessage } from "../../i18n/server-messages.ts";
import type { Translate } from "../../i18n/translate.ts";
import { Button } from "../../ui/Button.tsx";
import { DialogFrame } from "../../ui/DialogFrame.tsx";
import { TaxCategoryField } from "./TaxCategoryField.tsx";
import { useTaxCategories } from "./use-tax-categories.ts";

/** A guest held because no tourist-tax category fits their age by itself. */
export interface TaxCategoryTarget {
  id: string;
  name: string;
  reservationCode: string;
}

/**
 * The host chooses the held guest's tourist-tax category among those eVisitor offers for the
 * property, and the guest is sent to eVisitor again with it in the same step.
 */
export function TaxCategoryDialog(
  { t, open, target, onClose, onQueued }: {
    t: Translate;
    open: boolean;
    target: TaxCategoryTarget;
    onClose: () => void;
    onQueued: () => void;
  },
) {
  const categories = useTaxCategories(open ? target.reservationCode : undefined);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (code === "") {
      setError(t("guests.taxCategory.required"));
      return;
    }
    setBusy(true);
    try {
      await sendGuestsAgain([target.id], code);
      notify(t("guests.toast.sent", { name: target.name }), { color: "success" });
      onQueued();
      onClose();
    } catch (failure) {
      const message = failure instanceof ApiError
        ? Object.values(failure.fieldErrors)[0]?.[0]
        : undefined;
      if (message) setError(translateServerMessage(t, message));
      else {
        notify(t("guests.toast.sendFailed", { reason: describeApiError(t, failure) }), {
          color: "error",
        });
      }
    } finally {
      setBusy(false);
    }
  }

  const offered = categories.load.status === "loaded" && categories.load.categories.length > 0;
  return (
    <DialogFrame open={open} onClose={() => !busy && onClose()} size="md">
      <form onSubmit={submit} noValidate className="p-6">
        <DialogTitle className="text-lg font-bold">
          {t("guests.taxCategory.title", { name: target.name })}
        </DialogTitle>
        <Description className="mt-2 text-fg-muted">
          {t("guests.taxCategory.text")}
        </Description>
        <div className="mt-4">
          <TaxCategoryField
            t={t}
            load={categories.load}
            onRetry={categories.retry}
            name="taxCategory"
            automatic={false}
            value={code}
            error={error}
            description={offered ? t("guests.taxCategory.hint") : undefined}
            onChange={(event) => {
              setCode(event.target.value);
              setError(undefined);
            }}
          />
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy} data-autofocus>
            {t("dialog.cancel")}
          </Button>
          <Button type="submit" busy={busy} disabled={!offered}>
            {t("guests.taxCategory.confirm")}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
