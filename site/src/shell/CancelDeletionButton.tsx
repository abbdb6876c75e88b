import { useState } from "react";
import { cancelAccountDeletion } from "../lib/api/account.ts";
import { refreshAccount } from "../lib/session/refresh-account.ts";
import { notify } from "../lib/state/snackbars.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { describeApiError } from "../i18n/server-messages.ts";
import { Button } from "../ui/Button.tsx";

/** Keeps the account: cancels a pending deletion (the banner and the privacy centre). */
export function CancelDeletionButton({ size }: { size?: "sm" }) {
  const { t } = useTranslation();
  const [isBusy, setBusy] = useState(false);

  async function cancel() {
    setBusy(true);
    try {
      await cancelAccountDeletion();
      await refreshAccount().catch(() => {});
      notify(t("privacy.delete.cancelled"), { color: "success" });
    } catch (error) {
      notify(describeApiError(t, error), { color: "error" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="secondary" size={size} busy={isBusy} onClick={cancel}>
      {t("privacy.delete.cancel")}
    </Button>
  );
}
