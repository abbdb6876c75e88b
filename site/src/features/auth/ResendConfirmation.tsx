import { useState } from "react";
import { resendConfirmationEmail } from "../../lib/api/users.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { Button } from "../../ui/Button.tsx";

/** "Resend confirmation e-mail" for an account whose address is not confirmed yet. */
export function ResendConfirmation({ email }: { email: string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<"idle" | "sending" | "sent" | "failed">("idle");
  const [failure, setFailure] = useState("");

  async function resend() {
    setStatus("sending");
    try {
      await resendConfirmationEmail(email);
      setStatus("sent");
    } catch (error) {
      setFailure(describeApiError(t, error));
      setStatus("failed");
    }
  }

  if (status === "sent") {
    return <p className="text-sm font-medium">{t("confirmation.resent", { email })}</p>;
  }
  return (
    <div className="space-y-2">
      <Button variant="secondary" size="sm" busy={status === "sending"} onClick={resend}>
        {t("confirmation.resend")}
      </Button>
      {status === "failed" && <p className="text-sm font-medium">{failure}</p>}
    </div>
  );
}
