import { Description, DialogTitle } from "@headlessui/react";
import type { Guest } from "@shared/schemas/guest.ts";
import type { Reservation } from "@shared/schemas/reservation.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate } from "../../i18n/translate.ts";
import { Button } from "../ui/Button.tsx";
import { DialogFrame } from "../ui/DialogFrame.tsx";
import { Icon } from "../ui/Icon.tsx";
import { ShareStayLinks } from "./ShareStayLinks.tsx";

interface GuestsDialogProps {
  t: Translate;
  lang: Locale;
  open: boolean;
  reservation: Reservation;
  onClose: () => void;
}

/**
 * The guests dialog of spec section 2: who has checked in to the stay (name, document,
 * citizenship, where they are in check-in), or, before anyone has, how guests get here: through
 * the check-in link, shared from here.
 */
export function GuestsDialog({ t, lang, open, reservation, onClose }: GuestsDialogProps) {
  const guests = reservation.guests;
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
              {guests.map((guest) => <GuestItem key={guest.id} t={t} guest={guest} />)}
            </ul>
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

function GuestItem({ t, guest }: { t: Translate; guest: Guest }) {
  const name = [guest.name, guest.middleName, guest.surname].filter(Boolean).join(" ");
  return (
    <li className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold break-words">{name}</p>
        <p className="text-sm text-fg-muted">
          {t(`reservations.document.${guest.documentType}`)} {guest.documentNumber}
          {" · "}
          {t("reservations.citizenship", { country: guest.citizenship })}
        </p>
      </div>
      <span className="self-start rounded-full bg-surface-muted px-2.5 py-0.5 text-sm font-semibold text-fg-muted sm:self-center">
        {t(`reservations.guestStatus.${guest.status}`)}
      </span>
    </li>
  );
}
