import { useEffect, useId, useState } from "react";
import type { ApprovalLinkPreview } from "@shared/schemas/guest-approval.ts";
import {
  approveStayGuestsByLink,
  declineGuestByLink,
  previewApprovalLink,
} from "../../lib/api/guests.ts";
import { formatCalendarRange } from "../../lib/format/calendar-date.ts";
import { formatZagrebDateTime } from "../../lib/format/guest-times.ts";
import { translatePlural } from "../../i18n/translate.ts";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { countryName } from "../../lib/format/country-names.ts";
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
 * lists them, with the stay, their countries and when they came in, before the tap, and the host
 * can drop one ("not my guest", issue 32) and approve the rest.
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

type Listed = ApprovalLinkPreview["guests"][number];

/**
 * Shows whom the link approves (name, country, when they came in), lets the host drop one ("not
 * my guest", after a confirmation), then approves the ones left (issue 32).
 */
function ApproveGuests() {
  const { t, lang } = useTranslation();
  const listId = useId();
  const [token] = useState(tokenOfAddress);
  const [preview, setPreview] = useState<Preview>(() =>
    token ? { status: "loading" } : { status: "failed" }
  );
  const [declining, setDeclining] = useState<Listed>();
  const [declineBusy, setDeclineBusy] = useState(false);
  const [declineError, setDeclineError] = useState(false);
  const kept = preview.status === "loaded"
    ? preview.preview.guests.filter((guest) => !guest.declined)
    : [];
  const { state, confirm } = useLinkAction(
    () => token,
    async (link) => (await approveStayGuestsByLink(link, kept.map((g) => g.id))).approved,
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

  async function decline() {
    if (!token || !declining) return;
    const guest = declining;
    setDeclineBusy(true);
    setDeclineError(false);
    try {
      setPreview({ status: "loaded", preview: await declineGuestByLink(token, guest.id) });
      setDeclining(undefined);
      // The row's button is gone: the keyboard goes on from the row itself.
      requestAnimationFrame(() => document.getElementById(`guest-${guest.id}`)?.focus());
    } catch {
      setDeclineError(true);
    } finally {
      setDeclineBusy(false);
    }
  }

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
  const nameOf = (guest: Listed) => `${guest.name} ${guest.surname}`;
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
        {guests.map((guest) => (
          <li
            key={guest.id}
            id={`guest-${guest.id}`}
            tabIndex={-1}
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3 outline-none focus-visible:ring-2 focus-visible:ring-primary"
          >
            <div className="min-w-0">
              <p
                className={`font-semibold [overflow-wrap:anywhere] ${
                  guest.declined ? "text-fg-muted line-through" : ""
                }`}
              >
                {nameOf(guest)}
              </p>
              <p className="text-sm text-fg-muted">
                {t("approveGuests.guestDetails", {
                  country: countryName(guest.citizenship, lang),
                  time: formatZagrebDateTime(guest.arrivedAt, lang, { year: false }),
                })}
              </p>
              {guest.declined && (
                <p className="mt-1 text-sm font-semibold text-error">
                  {t("approveGuests.declined")}
                </p>
              )}
            </div>
            {!guest.declined && (
              <Button
                variant="dangerSecondary"
                size="sm"
                disabled={state.status === "working"}
                aria-label={t("approveGuests.declineLabel", { name: nameOf(guest) })}
                onClick={() => {
                  setDeclineError(false);
                  setDeclining(guest);
                }}
              >
                {t("approveGuests.decline")}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-fg-muted">{t("approveGuests.onlyThese")}</p>
      {guests.some((guest) => guest.declined) && (
        <p className="mt-2 text-sm text-fg-muted">{t("approveGuests.declinedNote")}</p>
      )}
      {kept.length > 0
        ? (
          <Button className="mt-5 w-full" busy={state.status === "working"} onClick={confirm}>
            {translatePlural(lang, "approveGuests.submitCount", kept.length)}
          </Button>
        )
        : <p role="status" className="mt-5 font-semibold">{t("approveGuests.allDeclined")}</p>}
      <ConfirmDialog
        t={t}
        open={declining !== undefined}
        title={declining ? t("approveGuests.declineTitle", { name: nameOf(declining) }) : ""}
        confirmLabel={t("approveGuests.declineConfirm")}
        tone="danger"
        busy={declineBusy}
        onConfirm={() => void decline()}
        onClose={() => setDeclining(undefined)}
      >
        <p>{t("approveGuests.declineText")}</p>
        {declineError && (
          <p role="alert" className="mt-2 font-semibold text-error">
            {t("approveGuests.declineFailed")}
          </p>
        )}
      </ConfirmDialog>
    </AuthCard>
  );
}
