/** A guest's actions in the guest list, as buttons in a card or icon buttons in a table row. */
import type { GuestListItem } from "@shared/schemas/guest-list.ts";
import type { Translate } from "../../i18n/translate.ts";
import { Button } from "../../ui/Button.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { guestNameOf } from "./guest-name.ts";

export interface GuestActions {
  onDetails: (guest: GuestListItem) => void;
  onEdit: (guest: GuestListItem) => void;
  onCheckOut: (guest: GuestListItem) => void;
  /** Sends the guest's stored data to eVisitor again (refused, waiting, or cancelled). */
  onRegister: (guest: GuestListItem) => void;
  /** Approves a guest waiting for the host's approval, or one they declined (issue 32). */
  onApprove: (guest: GuestListItem) => void;
  /** Removes a guest the host declined ("not my guest"; a confirmation first). */
  onRemove: (guest: GuestListItem) => void;
  /** Asks to cancel the guest's eVisitor registration (a confirmation with the reason). */
  onCancel: (guest: GuestListItem) => void;
  /** Asks to undo a check-out made by mistake. */
  onUndoCheckOut: (guest: GuestListItem) => void;
}

/**
 * Details (the proof of residence) for everyone; edit while the guest is not checked out; check
 * out and cancel the registration for a checked-in guest; undo the check-out of a checked-out
 * one. In the table (`compact`) all but details are icon buttons, named for screen readers and on
 * hover.
 */
export function RowActions(
  {
    t,
    guest,
    compact = false,
    checkingOut,
    busy,
    onDetails,
    onEdit,
    onCheckOut,
    onCancel,
    onUndoCheckOut,
    documents = true,
  }:
    & GuestActions
    & {
      t: Translate;
      guest: GuestListItem;
      compact?: boolean;
      /** Guests whose check-out was asked for and is not confirmed yet. */
      checkingOut: ReadonlySet<string>;
      /** Guests whose stored data is being read for an edit, or who are being sent again. */
      busy: ReadonlyMap<string, "edit" | "register" | "approve">;
      /** Whether the caller may see the guests' documents (reception may not). */
      documents?: boolean;
    },
) {
  const canCancel = guest.status === "CheckedIn" && guest.registrationState === "registered" &&
    !guest.cancelRequestedAt && !checkingOut.has(guest.id);
  const name = <span className="sr-only">{` ${guestNameOf(t, guest)}`}</span>;
  return (
    <div className="flex flex-wrap gap-2 desktop:justify-end">
      {documents && (
        <Button variant="secondary" size="sm" onClick={() => onDetails(guest)}>
          <Icon name="info" className="size-4" />
          {t("guests.action.details")}
          {name}
        </Button>
      )}
      {documents && guest.status !== "CheckedOut" && (
        <Button
          variant="secondary"
          size="sm"
          title={compact ? t("guests.action.edit") : undefined}
          busy={busy.get(guest.id) === "edit"}
          onClick={() => onEdit(guest)}
        >
          {busy.get(guest.id) !== "edit" && <Icon name="pencil" className="size-4" />}
          <span className={compact ? "sr-only" : undefined}>{t("guests.action.edit")}</span>
          {name}
        </Button>
      )}
      {guest.status === "CheckedIn" && (
        <Button
          variant="secondary"
          size="sm"
          title={compact ? t("guests.action.checkOut") : undefined}
          disabled={checkingOut.has(guest.id)}
          onClick={() => onCheckOut(guest)}
        >
          <Icon name="logOut" className="size-4" />
          <span className={compact ? "sr-only" : undefined}>{t("guests.action.checkOut")}</span>
          {name}
        </Button>
      )}
      {canCancel && (
        <Button
          variant="secondary"
          size="sm"
          title={compact ? t("guests.action.cancelRegistration") : undefined}
          onClick={() => onCancel(guest)}
        >
          <Icon name="close" className="size-4" />
          <span className={compact ? "sr-only" : undefined}>
            {t("guests.action.cancelRegistration")}
          </span>
          {name}
        </Button>
      )}
      {guest.status === "CheckedOut" && (
        <Button
          variant="secondary"
          size="sm"
          title={compact ? t("guests.action.undoCheckOut") : undefined}
          disabled={!!guest.undoCheckOutRequestedAt}
          onClick={() => onUndoCheckOut(guest)}
        >
          <Icon name="history" className="size-4" />
          <span className={compact ? "sr-only" : undefined}>
            {t("guests.action.undoCheckOut")}
          </span>
          {name}
        </Button>
      )}
    </div>
  );
}
