import { useState } from "react";
import { cancelDeletionByLink } from "../../lib/api/users.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { Button } from "../../ui/Button.tsx";
import { AuthCard } from "./AuthCard.tsx";
import { AuthFrame } from "./AuthFrame.tsx";
import { GoToLoginLink } from "./GoToLoginLink.tsx";
import { linkFailureText, pathParameters } from "./link-parameters.ts";

/**
 * /app/otkazi-brisanje/{userId}/{code}: the link e-mailed when the owner asked to delete the
 * account. It keeps the account, without signing in; it works once.
 */
export default function CancelDeletionPage() {
  return (
    <AuthFrame titleKey="cancelDeletion.title" descriptionKey="cancelDeletion.description">
      <CancelDeletion />
    </AuthFrame>
  );
}

type State =
  | { status: "asking" }
  | { status: "cancelling" }
  | { status: "cancelled" }
  | { status: "failed"; error?: unknown };

/** Asks first: mail scanners open links, and the code works once. */
function CancelDeletion() {
  const { t } = useTranslation();
  const [link] = useState(() => {
    const [userId, code] = pathParameters(ROUTES.cancelDeletion, 2) ?? [];
    return userId && code ? { userId, code } : undefined;
  });
  const [state, setState] = useState<State>(() =>
    link ? { status: "asking" } : { status: "failed" }
  );

  async function cancel() {
    if (!link) return;
    setState({ status: "cancelling" });
    try {
      await cancelDeletionByLink(link);
      setState({ status: "cancelled" });
    } catch (error) {
      setState({ status: "failed", error });
    }
  }

  if (state.status === "asking" || state.status === "cancelling") {
    return (
      <AuthCard icon="shield" title={t("cancelDeletion.heading")} intro={t("cancelDeletion.intro")}>
        <Button className="w-full" busy={state.status === "cancelling"} onClick={cancel}>
          {t("cancelDeletion.submit")}
        </Button>
      </AuthCard>
    );
  }
  if (state.status === "cancelled") {
    return (
      <div role="status">
        <AuthCard
          icon="shieldCheck"
          tone="success"
          title={t("cancelDeletion.doneTitle")}
          intro={t("cancelDeletion.doneText")}
        >
          <GoToLoginLink t={t} />
        </AuthCard>
      </div>
    );
  }
  return (
    <div role="alert">
      <AuthCard
        icon="mailX"
        tone="error"
        title={t("cancelDeletion.failedTitle")}
        intro={linkFailureText(t, state.error)}
      >
        <GoToLoginLink t={t} />
      </AuthCard>
    </div>
  );
}
