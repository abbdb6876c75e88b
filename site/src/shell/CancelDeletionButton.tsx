import { useState } from "react";
import { cancelAccountDeletion } from "../lib/api/account.ts";
import { isImpersonating } from "../lib/session/impersonation.ts";
import { refreshAccount } from "../lib/session/refresh-account.ts";
import { notify } from "../lib/state/snackbars.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { describeApiError } from "../i18n/server-messages.ts";
import { Button } from "../ui/Button.tsx";

/**
 * Keeps the account: cancels a pending deletion (the banner and the privacy centre). Not shown to
 * an administrator impersonating the host: the decision is the owner's (the API refuses it too).
 */
export function CancelDeletionButton({ size }: { size?: "sm" }) {
  const { t } = useTranslation();
  const [isBusy, setBusy] = useState(false);
  const [asOwner] = useState(() => !isImpersonating());

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

  if (!asOwner) return null;
  return (
    <Button variant="secondary" size={size} busy={isBusy} onClick={cancel}>
      {t("privacy.delete.cancel")}
    </Button>
  );
}
