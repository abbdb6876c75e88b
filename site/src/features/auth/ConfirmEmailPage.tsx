import { useEffect, useRef, useState } from "react";
import { confirmEmail } from "../../lib/api/users.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { Spinner } from "../../ui/Spinner.tsx";
import { AuthCard } from "./AuthCard.tsx";
import { AuthFrame } from "./AuthFrame.tsx";
import { GoToLoginLink } from "./GoToLoginLink.tsx";
import { linkFailureText, pathParameters } from "./link-parameters.ts";

/** /app/potvrdi-email/{userId}/{code} (spec section 2): the link of the confirmation e-mail. */
export default function ConfirmEmailPage() {
  return (
    <AuthFrame titleKey="confirmEmail.title" descriptionKey="confirmEmail.description">
      <ConfirmEmail />
    </AuthFrame>
  );
}

type State = { status: "confirming" } | { status: "confirmed" } | {
  status: "failed";
  error?: unknown;
};

/**
 * Confirms the address as soon as the page opens (also a changed address, `?changedEmail=`), then
 * offers the way to login.
 */
function ConfirmEmail() {
  const { t } = useTranslation();
  const [link] = useState(() => {
    const [userId, code] = pathParameters(ROUTES.confirmEmail, 2) ?? [];
    const changedEmail = new URLSearchParams(location.search).get("changedEmail") ?? undefined;
    return userId && code ? { userId, code, changedEmail } : undefined;
  });
  const [state, setState] = useState<State>(() =>
    link ? { status: "confirming" } : { status: "failed" }
  );
  const started = useRef(false);

  useEffect(() => {
    // Codes may be single-use: confirm once, whatever re-renders.
    if (!link || started.current) return;
    started.current = true;
    confirmEmail(link)
      .then(() => setState({ status: "confirmed" }))
      .catch((error) => setState({ status: "failed", error }));
  }, [link]);

  if (state.status === "confirming") {
    return (
      <AuthCard icon="mail" title={t("confirmEmail.heading")}>
        <p role="status" className="flex items-center gap-3 font-semibold text-fg-muted">
          <Spinner className="size-5 text-primary" />
          {t("confirmEmail.confirming")}
        </p>
      </AuthCard>
    );
  }
  if (state.status === "confirmed") {
    return (
      <div role="status">
        <AuthCard
          icon="mailCheck"
          tone="success"
          title={t("confirmEmail.confirmedTitle")}
          intro={link?.changedEmail
            ? t("confirmEmail.changedText", { email: link.changedEmail })
            : t("confirmEmail.confirmedText")}
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
        title={t("confirmEmail.failedTitle")}
        intro={linkFailureText(t, state.error)}
      >
        <div className="space-y-3">
          <GoToLoginLink t={t} />
          <p className="text-sm text-fg-muted">{t("confirmEmail.failedHint")}</p>
        </div>
      </AuthCard>
    </div>
  );
}
