/** One guest in a stay's guests dialog: who, where their registration stands, what to do. */
import { useState } from "react";
import { isFullGuest, type StayGuest } from "@shared/schemas/guest.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate } from "../../i18n/translate.ts";
import { Button } from "../../ui/Button.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { countryName } from "../../lib/format/country-names.ts";
import { GuestRegistration } from "../shared-guests/GuestRegistration.tsx";
import { GuestStatusChip } from "../shared-guests/GuestStatusChip.tsx";

export function StayGuestItem(
  { t, lang, guest, arrived, onCancel, onUndo, onRegisterAgain, onApprove, onRemove }: {
    t: Translate;
    lang: Locale;
    guest: StayGuest;
    arrived: boolean;
    onCancel: (name: string) => void;
    onUndo: (name: string) => void;
    onRegisterAgain: (name: string) => Promise<void>;
    onApprove: (name: string) => Promise<void>;
    onRemove: (name: string) => void;
  },
) {
  const [registering, setRegistering] = useState(false);
  const [approving, setApproving] = useState(false);
  const name = [guest.name, guest.middleName, guest.surname].filter(Boolean).join(" ");
  const canCancel = guest.status === "CheckedIn" && guest.registrationState === "registered" &&
    !guest.cancelRequestedAt && !guest.anonymisedAt;
  const canUndo = guest.status === "CheckedOut" && !guest.undoCheckOutRequestedAt &&
    !guest.anonymisedAt;
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
        {
          // Reception sees no document and no citizenship (issue 30, N5): the line is left out.
          isFullGuest(guest) && (
            <p className="text-sm text-fg-muted">
              {t(`reservations.document.${guest.documentType}`)}{" "}
              {guest.anonymisedAt ? "" : guest.documentNumber}
              {" · "}
              {t("reservations.citizenship", { country: countryName(guest.citizenship, lang) })}
            </p>
          )
        }
        <div className="mt-1.5">
          <GuestRegistration
            t={t}
            lang={lang}
            guest={guest}
            arrived={arrived}
            now={Date.now()}
            approveAction={
              <span className="flex flex-wrap gap-2">
                <Button
                  variant={guest.approval === "declined" ? "secondary" : "primary"}
                  size="sm"
                  busy={approving}
                  aria-label={`${
                    t(
                      guest.approval === "declined"
                        ? "guests.action.approveAnyway"
                        : "guests.action.approve",
                    )
                  } ${name}`}
                  onClick={async () => {
                    setApproving(true);
                    await onApprove(name);
                    setApproving(false);
                  }}
                >
                  <Icon name="shieldCheck" className="size-4" />
                  {t(
                    guest.approval === "declined"
                      ? "guests.action.approveAnyway"
                      : "guests.action.approve",
                  )}
                </Button>
                {guest.approval === "declined" && (
                  <Button
                    variant="dangerSecondary"
                    size="sm"
                    aria-label={`${t("guests.action.remove")} ${name}`}
                    onClick={() => onRemove(name)}
                  >
                    <Icon name="close" className="size-4" />
                    {t("guests.action.remove")}
                  </Button>
                )}
              </span>
            }
            registerAction={guest.status === "Cancelled" && !guest.anonymisedAt && (
              <Button
                variant="secondary"
                size="sm"
                busy={registering}
                aria-label={`${t("guests.action.registerAgain")} ${name}`}
                onClick={async () => {
                  setRegistering(true);
                  await onRegisterAgain(name);
                  setRegistering(false);
                }}
              >
                <Icon name="sync" className="size-4" />
                {t("guests.action.registerAgain")}
              </Button>
            )}
          />
        </div>
      </div>
      <div className="flex shrink-0 flex-col items-start gap-2 sm:items-end">
        <GuestStatusChip t={t} status={guest.status} />
        {canCancel && (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`${t("guests.action.cancelRegistration")} ${name}`}
            onClick={() => onCancel(name)}
          >
            <Icon name="close" className="size-4" />
            {t("guests.action.cancelRegistration")}
          </Button>
        )}
        {canUndo && (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`${t("guests.action.undoCheckOut")} ${name}`}
            onClick={() => onUndo(name)}
          >
            <Icon name="history" className="size-4" />
            {t("guests.action.undoCheckOut")}
          </Button>
        )}
      </div>
    </li>
  );
}
