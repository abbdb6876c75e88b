/**
 * Deleting a stay from the reservations list: a confirmation naming it. A stay with guests
 * registered with eVisitor cannot go before their registrations are cancelled, so for one the
 * confirmation offers that cancel instead (the same as in the guests dialog, with its reason).
 */
import { useState } from "react";
import type { Reservation } from "@shared/schemas/reservation.ts";
import { formatCalendarRange } from "../../lib/format/calendar-date.ts";
import { deleteReservation } from "../../lib/api/reservations.ts";
import { notify } from "../../lib/state/snackbars.ts";
import type { Locale } from "../../i18n/locales.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import type { Translate } from "../../i18n/translate.ts";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { type Shown, useShown } from "../../ui/use-shown.ts";
import {
  CancelRegistrationDialog,
  type CancelTarget,
} from "../shared-guests/CancelRegistrationDialog.tsx";

/**
 * Guests of a stay registered with eVisitor (and not checked out): a stay with any cannot be
 * deleted until their registrations are cancelled, which the delete dialog offers instead.
 */
function registeredGuestsOf(reservation: Reservation): CancelTarget["guests"] {
  return reservation.guests.filter((guest) => guest.status === "CheckedIn").map((guest) => ({
    id: guest.id,
    name: [guest.name, guest.middleName, guest.surname].filter(Boolean).join(" "),
  }));
}

export function ReservationDeletion(
  { t, lang, deletion, onDeleted, onQueued }: {
    t: Translate;
    lang: Locale;
    /** The stay asked to be deleted (the list's delete action shows it). */
    deletion: Shown<Reservation> & { hide: () => void };
    /** Deleted: the list reads its page again (the one before, if this was its last stay). */
    onDeleted: () => void;
    /** Registrations cancelled on the way to deleting: the list reads the stay again. */
    onQueued: () => void;
  },
) {
  const cancellation = useShown<CancelTarget>();
  const [isDeleting, setDeleting] = useState(false);

  async function confirmDeletion() {
    const reservation = deletion.value;
    if (!reservation) return;
    const registered = registeredGuestsOf(reservation);
    if (registered.length > 0) {
      // Their registrations first (the same cancel as in the guests dialog, with its reason).
      deletion.hide();
      cancellation.show({ guests: registered });
      return;
    }
    setDeleting(true);
    try {
      await deleteReservation(reservation.code);
      notify(t("reservations.toast.deleted", { code: reservation.code }), { color: "success" });
      onDeleted();
    } catch (error) {
      notify(t("reservations.toast.deleteFailed", { reason: describeApiError(t, error) }), {
        color: "error",
      });
    } finally {
      setDeleting(false);
      deletion.hide();
    }
  }

  const deleting = deletion.value;
  const deletingRegistered = deleting ? registeredGuestsOf(deleting) : [];

  return (
    <>
      <ConfirmDialog
        t={t}
        open={deletion.open}
        tone="danger"
        title={t("reservations.deleteTitle")}
        confirmLabel={t(
          deletingRegistered.length > 0
            ? "reservations.deleteCancelFirst"
            : "reservations.deleteConfirm",
        )}
        busy={isDeleting}
        onConfirm={confirmDeletion}
        onClose={deletion.hide}
      >
        <p>
          {deleting && deletingRegistered.length > 0
            ? t("reservations.deleteRegisteredText", {
              code: deleting.code,
              names: deletingRegistered.map((guest) => guest.name).join(", "),
            })
            : deleting
            ? t("reservations.deleteText", {
              code: deleting.code,
              unit: deleting.accommodationUnit?.name ?? "",
              dates: formatCalendarRange(deleting.startDate, deleting.endDate, lang),
            })
            : ""}
        </p>
      </ConfirmDialog>

      {cancellation.value && (
        <CancelRegistrationDialog
          key={`cancel-${cancellation.key}`}
          t={t}
          open={cancellation.open}
          target={cancellation.value}
          onClose={cancellation.hide}
          onQueued={onQueued}
        />
      )}
    </>
  );
}
