import { useState } from "react";
import type { Reservation } from "@shared/schemas/reservation.ts";
import { formatCalendarRange } from "../../lib/format/calendar-date.ts";
import { updateReservation } from "../../lib/api/reservations.ts";
import { notify } from "../../lib/state/snackbars.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate } from "../../i18n/translate.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import { Button } from "../../ui/Button.tsx";
import { FormNotice } from "../../ui/forms/FormNotice.tsx";
import { requestDateTimeOf } from "../../lib/format/stay-dates.ts";
import { sourceOf } from "./reservation-source.ts";

/**
 * A platform moved the arrival of this imported stay, but its guests are registered with eVisitor,
 * which refuses a changed arrival, so the sync left the stay as it was (issue 19 item 3). One
 * press moves it to the platform's dates, cancelling the guests' registrations and registering
 * them again with the new dates (the same move as the edit dialog's, `reRegisterGuests`).
 */
export function PlatformMoveNotice(
  { t, lang, reservation, onMoved }: {
    t: Translate;
    lang: Locale;
    reservation: Reservation & { platformMove: NonNullable<Reservation["platformMove"]> };
    onMoved: (saved: Reservation) => void;
  },
) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const { startDate, endDate } = reservation.platformMove;

  async function move() {
    setBusy(true);
    setFailure(undefined);
    try {
      const saved = await updateReservation(reservation.code, {
        accommodationUnitId: reservation.accommodationUnitId,
        startDateUTC: requestDateTimeOf(startDate),
        endDateUTC: requestDateTimeOf(endDate),
        description: reservation.description ?? "",
        reRegisterGuests: true,
      });
      notify(t("reservations.toast.reRegistering", { code: saved.code }), { color: "success" });
      onMoved(saved);
    } catch (error) {
      setFailure(describeApiError(t, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-2" role="group" aria-label={t("reservations.platformMove.action")}>
      <FormNotice
        tone="warning"
        action={
          <div className="space-y-2 font-normal">
            <p>{t("reservations.platformMove.explain")}</p>
            <Button variant="secondary" size="sm" busy={busy} onClick={move}>
              {t("reservations.platformMove.action")}
            </Button>
          </div>
        }
      >
        {t("reservations.platformMove.text", {
          platform: sourceOf(t, reservation),
          dates: formatCalendarRange(startDate, endDate, lang),
        })}
      </FormNotice>
      <div aria-live="polite">{failure && <FormNotice tone="error">{failure}</FormNotice>}</div>
    </div>
  );
}
