import { useState } from "react";
import { Description, DialogTitle } from "@headlessui/react";
import type { StayGuest } from "@shared/schemas/guest.ts";
import type { Reservation } from "@shared/schemas/reservation.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate } from "../../i18n/translate.ts";
import { Button } from "../../ui/Button.tsx";
import { DialogFrame } from "../../ui/DialogFrame.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { TEXT_LINK } from "../../ui/button-styles.ts";
import { RemoveGuestDialog } from "../shared-guests/RemoveGuestDialog.tsx";
import { guestsPageUrl } from "../../lib/navigation/guests-page-query.ts";
import { ShareStayLinks } from "./ShareStayLinks.tsx";
import { approveStayGuests, sendGuestsAgain, undoCheckOuts } from "../../lib/api/guests.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import { useShown } from "../../ui/use-shown.ts";
import {
  CancelRegistrationDialog,
  type CancelTarget,
} from "../shared-guests/CancelRegistrationDialog.tsx";
import { todayInZagreb } from "../../lib/format/stay-dates.ts";
import { StayGuestItem } from "./StayGuestItem.tsx";

interface GuestsDialogProps {
  t: Translate;
  lang: Locale;
  open: boolean;
  reservation: Reservation;
  onClose: () => void;
  /** A guest's registration was asked to be cancelled, or a check-out undone: read again. */
  onChanged?: () => void;
}

/**
 * The guests dialog of spec section 2: who has checked in to the stay (name, document,
 * citizenship, their status and where their eVisitor registration stands, eVisitor's message when
 * it refused one), with the way to the guests page where they are managed; or, before anyone has,
 * how guests get here: through the check-in link, shared from here.
 */
export function GuestsDialog(
  { t, lang, open, reservation, onClose, onChanged }: GuestsDialogProps,
) {
  const cancellation = useShown<CancelTarget>();
  /** A guest the host declined on the approval page, to remove (issue 32). */
  const removal = useShown<{ id: string; name: string }>();
  /** Asked for here and not yet in `reservation` (it is read again by the page). */
  const [asked, setAsked] = useState<Map<string, "cancel" | "undo">>(new Map());
  const guests = reservation.guests.map((guest) => {
    const now = new Date().toISOString();
    if (asked.get(guest.id) === "cancel" && guest.status === "CheckedIn") {
      return { ...guest, cancelRequestedAt: guest.cancelRequestedAt ?? now };
    }
    if (asked.get(guest.id) === "undo" && guest.status === "CheckedOut") {
      return { ...guest, undoCheckOutRequestedAt: guest.undoCheckOutRequestedAt ?? now };
    }
    return guest;
  });
  const mark = (ids: string[], what: "cancel" | "undo") =>
    setAsked((current) => {
      const next = new Map(current);
      for (const id of ids) next.set(id, what);
      return next;
    });

  async function undo(guest: StayGuest, name: string) {
    try {
      await undoCheckOuts([guest.id]);
      mark([guest.id], "undo");
      notify(t("guests.toast.undoSent", { name }), { color: "info" });
      onChanged?.();
    } catch (error) {
      notify(t("guests.toast.undoFailed", { reason: describeApiError(t, error) }), {
        color: "error",
      });
    }
  }
  /** A guest waiting for the host's approval approved: this one, no other (issue 32). */
  async function approve(guest: StayGuest, name: string) {
    try {
      const { approved } = await approveStayGuests(reservation.code, [guest.id]);
      notify(t(approved > 0 ? "guests.toast.approved" : "guests.toast.approveNone", { name }), {
        color: approved > 0 ? "success" : "info",
      });
      onChanged?.();
    } catch (error) {
      notify(t("guests.toast.approveFailed", { reason: describeApiError(t, error) }), {
        color: "error",
      });
    }
  }
  /** A cancelled registration made anew, as the guest's row says it can be. */
  async function registerAgain(guest: StayGuest, name: string) {
    try {
      await sendGuestsAgain([guest.id]);
      notify(t("guests.toast.sent", { name }), { color: "success" });
      onChanged?.();
    } catch (error) {
      notify(t("guests.toast.sendFailed", { reason: describeApiError(t, error) }), {
        color: "error",
      });
    }
  }
  return (
    <DialogFrame open={open} onClose={onClose} size="xl">
      <div className="p-5 sm:p-6">
        <DialogTitle className="text-lg font-bold">
          {t("reservations.guestsTitle", { code: reservation.code })}
        </DialogTitle>
        <Description className="mt-1 text-[0.9375rem] text-fg-muted">
          {[
            reservation.accommodationUnit?.name,
            reservation.accommodationUnit?.property?.name,
          ]
            .filter(Boolean).join(" · ")}
        </Description>

        {guests.length === 0
          ? (
            <div className="mt-5 rounded-2xl border border-dashed border-border-strong/50 px-5 py-8 text-center">
              <span className="mx-auto grid size-12 place-items-center rounded-2xl bg-primary-soft text-primary-soft-fg">
                <Icon name="users" className="size-6" />
              </span>
              <p className="mt-3 font-semibold">{t("reservations.noGuestsTitle")}</p>
              <p className="mx-auto mt-1 max-w-md text-[0.9375rem] text-fg-muted">
                {t("reservations.noGuestsText")}
              </p>
            </div>
          )
          : (
            <ul className="mt-5 divide-y divide-border rounded-2xl border border-border">
              {guests.map((guest) => (
                <StayGuestItem
                  key={guest.id}
                  t={t}
                  lang={lang}
                  guest={guest}
                  arrived={reservation.startDate <= todayInZagreb()}
                  onCancel={(name) => cancellation.show({ guests: [{ id: guest.id, name }] })}
                  onUndo={(name) => undo(guest, name)}
                  onRegisterAgain={(name) => registerAgain(guest, name)}
                  onApprove={(name) => approve(guest, name)}
                  onRemove={(name) => removal.show({ id: guest.id, name })}
                />
              ))}
            </ul>
          )}

        <RemoveGuestDialog
          t={t}
          open={removal.open}
          guest={removal.value}
          onClose={removal.hide}
          onRemoved={() => onChanged?.()}
        />

        {cancellation.value && (
          <CancelRegistrationDialog
            key={`cancel-${cancellation.key}`}
            t={t}
            open={cancellation.open}
            target={cancellation.value}
            onClose={cancellation.hide}
            onQueued={(ids) => {
              mark(ids, "cancel");
              onChanged?.();
            }}
          />
        )}

        {guests.length > 0 && (
          <p className="mt-3 text-[0.9375rem] text-fg-muted">
            {t("reservations.guestsPageHint")}{" "}
            <a
              href={guestsPageUrl(reservation.accommodationUnit?.propertyId)}
              onClick={markNavigation}
              className={`${TEXT_LINK} inline-flex items-center gap-1`}
            >
              {t("reservations.guestsPageLink")}
              <Icon name="arrowRight" className="size-4" />
            </a>
          </p>
        )}

        {reservation.kind !== "Block" && (
          <div className="mt-5">
            <ShareStayLinks t={t} lang={lang} reservation={reservation} />
          </div>
        )}
      </div>
      <div className="flex justify-end rounded-b-2xl border-t border-border bg-surface-muted/50 px-5 py-4 sm:px-6">
        <Button variant="secondary" onClick={onClose} data-autofocus>
          {t("shell.close")}
        </Button>
      </div>
    </DialogFrame>
  );
}
