import { Description, DialogTitle } from "@headlessui/react";
import type { Guest } from "@shared/schemas/guest.ts";
import type { Reservation } from "@shared/schemas/reservation.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate } from "../../i18n/translate.ts";
import { Button } from "../../ui/Button.tsx";
import { DialogFrame } from "../../ui/DialogFrame.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { TEXT_LINK } from "../../ui/button-styles.ts";
import { countryName } from "../guests/country-names.ts";
import { GuestRegistration } from "../guests/GuestRegistration.tsx";
import { GuestStatusChip } from "../guests/GuestStatusChip.tsx";
import { guestsPageUrl } from "../guests/page-query.ts";
import { ShareStayLinks } from "./ShareStayLinks.tsx";
import { todayInZagreb } from "./stay-dates.ts";

interface GuestsDialogProps {
  t: Translate;
  lang: Locale;
  open: boolean;
  reservation: Reservation;
  onClose: () => void;
}

/**
 * The guests dialog of spec section 2: who has checked in to the stay (name, document,
 * citizenship, their status and where their eVisitor registration stands, eVisitor's message when
 * it refused one), with the way to the guests page where they are managed; or, before anyone has,
 * how guests get here: through the check-in link, shared from here.
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
              {guests.map((guest) => (
                <GuestItem
                  key={guest.id}
                  t={t}
                  lang={lang}
                  guest={guest}
                  arrived={reservation.startDate <= todayInZagreb()}
                />
              ))}
            </ul>
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

function GuestItem(
  { t, lang, guest, arrived }: { t: Translate; lang: Locale; guest: Guest; arrived: boolean },
) {
  const name = [guest.name, guest.middleName, guest.surname].filter(Boolean).join(" ");
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        {guest.anonymisedAt
          ? (
            // Removed after the retention period: say so rather than show a blank.
            <p className="font-semibold text-fg-muted italic">
              {t("guests.dataRemoved")}
              <span className="block text-sm font-normal not-italic">
                {t("guests.dataRemovedHint")}
              </span>
            </p>
          )
          : <p className="font-semibold break-words">{name}</p>}
        <p className="text-sm text-fg-muted">
          {t(`reservations.document.${guest.documentType}`)}{" "}
          {guest.anonymisedAt ? "" : guest.documentNumber}
          {" · "}
          {t("reservations.citizenship", { country: countryName(guest.citizenship, lang) })}
        </p>
        <div className="mt-1.5">
          <GuestRegistration t={t} lang={lang} guest={guest} arrived={arrived} now={Date.now()} />
        </div>
      </div>
      <div className="shrink-0">
        <GuestStatusChip t={t} status={guest.status} />
      </div>
    </li>
  );
}
