import { useState } from "react";
import { revertEmailChange } from "../../lib/api/users.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { Button } from "../../ui/Button.tsx";
import { buttonClass } from "../../ui/button-styles.ts";
import { AuthCard } from "./AuthCard.tsx";
import { AuthFrame } from "./AuthFrame.tsx";
import { GoToLoginLink } from "./GoToLoginLink.tsx";
import { linkFailureText, pathParameters } from "./link-parameters.ts";

/**
 * /app/ponisti-promjenu-emaila/{userId}/{code}: the link e-mailed to the old address when someone
 * asks to change the sign-in e-mail. It restores that address and signs every device out.
 */
export default function RevertEmailChangePage() {
  return (
    <AuthFrame titleKey="revertEmail.title" descriptionKey="revertEmail.description">
      <RevertEmailChange />
    </AuthFrame>
  );
}

type State = { status: "asking" } | { status: "reverting" } | { status: "reverted" } | {
  status: "failed";
  error?: unknown;
};

/**
 * Asks first (mail scanners open links; the code works once), then undoes the change and points
 * to a new password, since whoever asked for the change may know the current one.
 */
function RevertEmailChange() {
  const { t } = useTranslation();
  const [link] = useState(() => {
    const [userId, code] = pathParameters(ROUTES.revertEmailChange, 2) ?? [];
    return userId && code ? { userId, code } : undefined;
  });
  const [state, setState] = useState<State>(() =>
    link ? { status: "asking" } : { status: "failed" }
  );

  async function revert() {
    if (!link) return;
    setState({ status: "reverting" });
    try {
      await revertEmailChange(link);
      setState({ status: "reverted" });
    } catch (error) {
      setState({ status: "failed", error });
    }
  }

  if (state.status === "asking" || state.status === "reverting") {
    return (
      <AuthCard icon="shield" title={t("revertEmail.heading")} intro={t("revertEmail.intro")}>
        <Button className="w-full" busy={state.status === "reverting"} onClick={revert}>
          {t("revertEmail.submit")}
        </Button>
      </AuthCard>
    );
  }
  if (state.status === "reverted") {
    return (
      <div role="status">
        <AuthCard
          icon="shieldCheck"
          tone="success"
          title={t("revertEmail.revertedTitle")}
          intro={t("revertEmail.revertedText")}
        >
          <a
            href={ROUTES.forgotPassword}
            onClick={markNavigation}
            className={`${buttonClass("primary")} w-full`}
          >
            {t("revertEmail.newPassword")}
          </a>
        </AuthCard>
      </div>
    );
  }
  return (
    <div role="alert">
      <AuthCard
        icon="mailX"
        tone="error"
        title={t("revertEmail.failedTitle")}
        intro={linkFailureText(t, state.error)}
      >
        <GoToLoginLink t={t} />
      </AuthCard>
    </div>
  );
}
