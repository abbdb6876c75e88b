import { useEffect, useId, useState } from "react";
import type { StayRequest, StayRequestDecision } from "@shared/schemas/stay-request.ts";
import { answerStayRequest, listStayRequests } from "../../lib/api/stay-requests.ts";
import { ApiError } from "../../lib/api/api-error.ts";
import { formatCalendarRange } from "../../lib/format/calendar-date.ts";
import { notify } from "../../lib/state/snackbars.ts";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural } from "../../i18n/translate.ts";
import { Button } from "../../ui/Button.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { formatZagrebDateTime } from "../../lib/format/guest-times.ts";

/** A guest at the door waits: the dashboard asks this often whether one came. */
const POLL_MS = 15_000;

/**
 * Walk-ins (issue 20 item 5): each guest at a door with no stay today who asked for one, with
 * Confirm and Decline in one tap. Shown only while some request waits; it looks again every
 * 15 seconds and when the tab comes back into view.
 */
export function StayRequestsCard({ t, lang }: { t: Translate; lang: Locale }) {
  const headingId = useId();
  const [requests, setRequests] = useState<StayRequest[]>([]);
  const [busy, setBusy] = useState<string>();

  useEffect(() => {
    const controller = new AbortController();
    const read = () =>
      listStayRequests(controller.signal).then(setRequests).catch(() => {
        // The next round asks again; the rest of the dashboard does not depend on it.
      });
    void read();
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void read();
    }, POLL_MS);
    const onVisible = () => document.visibilityState === "visible" && void read();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      controller.abort();
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);

  async function answer(request: StayRequest, decision: StayRequestDecision) {
    setBusy(`${request.id}:${decision}`);
    try {
      await answerStayRequest(request.id, decision);
      notify(t(decision === "confirm" ? "stayRequests.confirmed" : "stayRequests.declined"), {
        color: decision === "confirm" ? "success" : "info",
      });
      setRequests((all) => all.filter((r) => r.id !== request.id));
      requestAnimationFrame(() => document.getElementById(headingId)?.focus());
    } catch (error) {
      const closed = error instanceof ApiError &&
        (error.code === "StayRequestClosed" || error.status === 404);
      if (closed) setRequests((all) => all.filter((r) => r.id !== request.id));
      notify(
        closed
          ? t("stayRequests.closed")
          : error instanceof ApiError && error.code && error.code !== "ValidationFailed"
          ? t(`errorCode.${error.code}` as Parameters<Translate>[0])
          : t("stayRequests.failed"),
        { color: "error" },
      );
    } finally {
      setBusy(undefined);
    }
  }

  if (requests.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      data-testid="stay-requests"
      className="mt-6 rounded-2xl border border-warning/40 bg-warning-soft p-4 text-warning-soft-fg shadow-xs sm:p-5"
    >
      <h2
        id={headingId}
        tabIndex={-1}
        className="flex items-center gap-2 text-lg font-semibold focus:outline-none"
      >
        <Icon name="door" className="size-5 shrink-0" />
        {t("stayRequests.title")}
      </h2>
      <p className="mt-1 text-sm">{t("stayRequests.intro")}</p>
      <ul className="mt-3 space-y-3">
        {requests.map((request) => {
          const who = [request.name, request.phone].filter(Boolean).join(", ");
          return (
            <li
              key={request.id}
              className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 text-fg sm:flex-row sm:items-center"
            >
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words">
                  {t("stayRequests.item", {
                    unit: request.accommodationUnit.name,
                    property: request.property.name,
                  })}
                </p>
                <p className="text-sm">
                  {t("stayRequests.dates", {
                    dates: formatCalendarRange(request.startDate, request.endDate, lang),
                    guests: translatePlural(
                      lang,
                      "notifications.StayRequested.guests",
                      request.guestCount,
                    ),
                  })}
                </p>
                {who && <p className="text-sm break-words">{t("stayRequests.contact", { who })}</p>}
                <p className="text-sm text-fg-muted">
                  {t("stayRequests.expires", {
                    time: formatZagrebDateTime(request.expiresAt, lang, { year: false }),
                  })}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button
                  size="sm"
                  className="flex-1 sm:flex-none"
                  busy={busy === `${request.id}:confirm`}
                  disabled={busy !== undefined}
                  onClick={() => void answer(request, "confirm")}
                >
                  {t("stayRequests.confirm")}
                </Button>
                <Button
                  size="sm"
                  variant="dangerSecondary"
                  className="flex-1 sm:flex-none"
                  busy={busy === `${request.id}:decline`}
                  disabled={busy !== undefined}
                  onClick={() => void answer(request, "decline")}
                >
                  {t("stayRequests.decline")}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
