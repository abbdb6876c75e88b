import { useEffect, useRef, useState } from "react";
import type { AcceptedInvitation } from "@shared/schemas/property-member.ts";
import { acceptInvitation } from "../../lib/api/property-members.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { propertyPageUrl, ROUTES } from "../../lib/navigation/routes.ts";
import { currentLocation, loginUrl, registerUrl } from "../../lib/session/return-url.ts";
import { signOut } from "../../lib/session/sign-out.ts";
import { readStoredUser } from "../../lib/session/stored-session.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { Button } from "../../ui/Button.tsx";
import { buttonClass } from "../../ui/button-styles.ts";
import { Spinner } from "../../ui/Spinner.tsx";
import { AuthCard } from "./AuthCard.tsx";
import { AuthFrame } from "./AuthFrame.tsx";
import { linkFailureText } from "./link-parameters.ts";

/** /app/pozivnica?code=…: the link of the e-mailed invitation to a property's team (issue 22). */
export default function InvitationPage() {
  return (
    <AuthFrame titleKey="invitation.title" descriptionKey="invitation.description">
      <Invitation />
    </AuthFrame>
  );
}

type State =
  | { status: "signedOut" }
  | { status: "accepting" }
  | { status: "accepted"; joined: AcceptedInvitation }
  | { status: "failed"; error?: unknown };

/**
 * Signed in, the invitation is accepted as soon as the page opens (only the invited address can,
 * and the code works once), then the way to the property. Signed out, the page offers sign-in or
 * registration, both coming back here (registration keeps the address through the e-mail
 * confirmation). A used, expired, withdrawn or unknown code, or another account's session, says
 * so and what to do.
 */
function Invitation() {
  const { t } = useTranslation();
  const [code] = useState(() => new URLSearchParams(location.search).get("code") ?? undefined);
  const [signedInAs] = useState(() => readStoredUser()?.account?.email);
  /** The invited address, from the e-mailed link's fragment: registration starts with it. */
  const [invitedEmail] = useState(() =>
    new URLSearchParams(location.hash.slice(1)).get("email") ?? undefined
  );
  const [state, setState] = useState<State>(() =>
    !code
      ? { status: "failed" }
      : readStoredUser()
      ? { status: "accepting" }
      : { status: "signedOut" }
  );
  const started = useRef(false);
  const [isSigningOut, setSigningOut] = useState(false);

  useEffect(() => {
    if (!code || state.status !== "accepting" || started.current) return;
    started.current = true;
    acceptInvitation(code)
      .then((joined) => setState({ status: "accepted", joined }))
      .catch((error) => setState({ status: "failed", error }));
  }, [code, state.status]);

  if (state.status === "signedOut") {
    const here = currentLocation();
    return (
      <AuthCard icon="users" title={t("invitation.heading")} intro={t("invitation.signedOutText")}>
        <div className="space-y-3">
          <a
            href={loginUrl(here)}
            onClick={markNavigation}
            className={`${buttonClass("primary")} w-full`}
          >
            {t("invitation.signIn")}
          </a>
          <a
            href={`${registerUrl(here)}${
              invitedEmail ? `#${new URLSearchParams({ email: invitedEmail })}` : ""
            }`}
            onClick={markNavigation}
            className={`${buttonClass("secondary")} w-full`}
          >
            {t("invitation.register")}
          </a>
          <p className="text-sm text-fg-muted">{t("invitation.validity")}</p>
        </div>
      </AuthCard>
    );
  }
  if (state.status === "accepting") {
    return (
      <AuthCard icon="users" title={t("invitation.heading")}>
        <p role="status" className="flex items-center gap-3 font-semibold text-fg-muted">
          <Spinner className="size-5 text-primary" />
          {t("invitation.accepting")}
        </p>
      </AuthCard>
    );
  }
  if (state.status === "accepted") {
    const { joined } = state;
    return (
      <div role="status">
        <AuthCard
          icon="checkCircle"
          tone="success"
          title={t("invitation.acceptedTitle")}
          intro={t("invitation.acceptedText", {
            property: joined.propertyName,
            role: t(`members.role.${joined.role}`),
          })}
        >
          <div className="space-y-3">
            <a
              href={propertyPageUrl("reservations", joined.propertyId)}
              onClick={markNavigation}
              className={`${buttonClass("primary")} w-full`}
            >
              {t("invitation.openStays")}
            </a>
            <a
              href={ROUTES.properties}
              onClick={markNavigation}
              className={`${buttonClass("secondary")} w-full`}
            >
              {t("invitation.openProperties")}
            </a>
          </div>
        </AuthCard>
      </div>
    );
  }
  return (
    <div role="alert">
      <AuthCard
        icon="alertTriangle"
        tone="error"
        title={t("invitation.failedTitle")}
        intro={code ? t("invitation.failedText") : linkFailureText(t, state.error)}
      >
        <div className="space-y-3">
          {signedInAs && (
            <p className="text-sm text-fg-muted [overflow-wrap:anywhere]">
              {t("invitation.signedInAs", { email: signedInAs })}
            </p>
          )}
          <p className="text-sm text-fg-muted">{t("invitation.failedHint")}</p>
          {signedInAs
            ? (
              <>
                <a
                  href={ROUTES.dashboard}
                  onClick={markNavigation}
                  className={`${buttonClass("primary")} w-full`}
                >
                  {t("invitation.toDashboard")}
                </a>
                <Button
                  variant="secondary"
                  className="w-full"
                  busy={isSigningOut}
                  onClick={() => {
                    setSigningOut(true);
                    void signOut({ to: loginUrl(currentLocation()) });
                  }}
                >
                  {t("invitation.signOut")}
                </Button>
              </>
            )
            : (
              <a
                href={ROUTES.login}
                onClick={markNavigation}
                className={`${buttonClass("primary")} w-full`}
              >
                {t("auth.goToLogin")}
              </a>
            )}
        </div>
      </AuthCard>
    </div>
  );
}
