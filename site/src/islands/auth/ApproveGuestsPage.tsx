import { useEffect, useId, useState } from "react";
import type { ApprovalLinkPreview } from "@shared/schemas/guest-approval.ts";
import { approveStayGuestsByLink, previewApprovalLink } from "../../lib/api/guests.ts";
import { formatCalendarRange } from "../../lib/format/calendar-date.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { Button } from "../../ui/Button.tsx";
import { buttonClass } from "../../ui/button-styles.ts";
import { Spinner } from "../../ui/Spinner.tsx";
import { AuthCard } from "./AuthCard.tsx";
import { AuthFrame } from "./AuthFrame.tsx";
import { linkFailureText } from "./link-parameters.ts";
import { tokenOfAddress, useLinkAction } from "./use-link-token-action.ts";

/**
 * /app/odobri-goste#{token}: the single-use "approve the guests" link of a held guest's e-mail
 * (issue 20: automatic check-in off). The token is in the fragment, which the browser never
 * sends, so no log holds it. The link approves only the guests it names (issue 30, N7): the page
 * lists them, with the stay, before the tap.
 */
export default function ApproveGuestsPage() {
  return (
    <AuthFrame titleKey="approveGuests.title" descriptionKey="approveGuests.description">
      <ApproveGuests />
    </AuthFrame>
  );
}

type Preview =
  | { status: "loading" }
  | { status: "loaded"; preview: ApprovalLinkPreview }
  | { status: "failed"; error?: unknown };

/** Shows whom the link approves, asks, then approves them. */
function ApproveGuests() {
  const { t, lang } = useTranslation();
  const listId = useId();
  const [token] = useState(tokenOfAddress);
  const [preview, setPreview] = useState<Preview>(() =>
    token ? { status: "loading" } : { status: "failed" }
  );
  const { state, confirm } = useLinkAction(
    () => token,
    async (link) => (await approveStayGuestsByLink(link)).approved,
  );

  useEffect(() => {
    if (!token) return;
    let current = true;
    previewApprovalLink(token)
      .then((found) => current && setPreview({ status: "loaded", preview: found }))
      .catch((error) => current && setPreview({ status: "failed", error }));
    return () => {
      current = false;
    };
  }, [token]);

  const toGuests = (
    <a href={ROUTES.guests} onClick={markNavigation} className={`${buttonClass("primary")} w-full`}>
      {t("notMyGuest.toGuests")}
    </a>
  );
  const failed = (error: unknown) => (
    <div role="alert">
      <AuthCard
        icon="mailX"
        tone="error"
        title={t("approveGuests.failedTitle")}
        intro={linkFailureText(t, error)}
      >
        {toGuests}
      </AuthCard>
    </div>
  );

  if (state.status === "failed") return failed(state.error);
  if (state.status === "done") {
    return (
      <div role="status">
        <AuthCard
          icon="shieldCheck"
          tone="success"
          title={t("approveGuests.doneTitle")}
          intro={t(state.result > 0 ? "approveGuests.doneText" : "approveGuests.noneText")}
        >
          {toGuests}
        </AuthCard>
      </div>
    );
  }
  if (preview.status === "failed") return failed(preview.error);
  if (preview.status === "loading") {
    return (
      <AuthCard icon="shield" title={t("approveGuests.heading")}>
        <p role="status" className="flex items-center gap-2 text-fg-muted">
          <Spinner className="size-4 text-primary" />
          {t("app.loading")}
        </p>
      </AuthCard>
    );
  }

  const { accommodationUnitName, startDate, endDate, guests } = preview.preview;
  const stay = t("approveGuests.stay", {
    unit: accommodationUnitName,
    dates: formatCalendarRange(startDate, endDate, lang),
  });
  if (guests.length === 0) {
    return (
      <div role="status">
        <AuthCard
          icon="shieldCheck"
          title={t("approveGuests.noneTitle")}
          intro={
            <>
              <p>{stay}</p>
              <p className="mt-2">{t("approveGuests.noneNamedText")}</p>
            </>
          }
        >
          {toGuests}
        </AuthCard>
      </div>
    );
  }
  return (
    <AuthCard
      icon="shield"
      title={t("approveGuests.heading")}
      intro={
        <>
          <p>{stay}</p>
          <p className="mt-2">{t("approveGuests.intro")}</p>
        </>
      }
    >
      <h2 id={listId} className="text-sm font-semibold">
        {t("approveGuests.listHeading")}
      </h2>
      <ul
        aria-labelledby={listId}
        className="mt-2 divide-y divide-border rounded-2xl border border-border bg-bg/60"
      >
        {guests.map((guest, index) => (
          <li key={index} className="px-4 py-3 font-semibold [overflow-wrap:anywhere]">
            {guest.name} {guest.surname}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-fg-muted">{t("approveGuests.onlyThese")}</p>
      <Button className="mt-5 w-full" busy={state.status === "working"} onClick={confirm}>
        {t("approveGuests.submit")}
      </Button>
    </AuthCard>
  );
}
