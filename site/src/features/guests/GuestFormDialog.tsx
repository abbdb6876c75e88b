import type { StayGuest } from "@shared/schemas/guest.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { FormAlert } from "../../ui/forms/FormAlert.tsx";
import { FormDialog } from "../../ui/FormDialog.tsx";
import { GuestFormFields } from "./GuestFormFields.tsx";
import { GuestStayChoice } from "./GuestStayChoice.tsx";
import { type GuestFormTarget, useGuestForm } from "./use-guest-form.ts";

export type { GuestFormTarget };

interface GuestFormDialogProps {
  open: boolean;
  target: GuestFormTarget;
  /** The property chosen on the page: a new guest joins one of its stays. */
  propertyId: string;
  onClose: () => void;
  /** The guest as stored; reception's answer has no personal data (ReceptionGuest). */
  onSaved: (guest: StayGuest) => void;
}

/**
 * The guest form dialog of spec section 2: the fields of the shared GuestForm (the check-in
 * page's), checked here with the same rules before sending; the server's own field errors are
 * shown at their fields. Saving (re)registers the guest with eVisitor: a registered guest's
 * registration is edited. The border crossing and date of entry are asked only of guests living
 * outside the EU, from eVisitor's list of crossings.
 */
export function GuestFormDialog(
  { open, target, propertyId, onClose, onSaved }: GuestFormDialogProps,
) {
  const { t, lang } = useTranslation();
  const form = useGuestForm({ t, target, propertyId, onSaved });
  const { editing } = form;

  return (
    <FormDialog
      t={t}
      open={open}
      size="lg"
      title={t(editing ? "guests.form.editTitle" : "guests.form.addTitle")}
      description={editing
        ? (
          <>
            <span className="block">
              {t("guests.form.editIntro", {
                name: editing.item.surnameAndName,
                code: editing.item.reservationCode,
              })}
            </span>
            {editing.guest.status === "CheckedIn" && (
              <span className="mt-1 block">{t("guests.form.editRegistered")}</span>
            )}
          </>
        )
        : t("guests.form.addIntro")}
      submitLabel={t(editing ? "guests.form.saveChanges" : "guests.form.submitAdd")}
      busyLabel={t("dialog.saving")}
      busy={form.isBusy}
      onSubmit={form.handleSubmit}
      onClose={onClose}
      formRef={form.formRef}
    >
      <FormAlert ref={form.messageRef} message={form.alert} />

      {!editing && (
        <GuestStayChoice
          t={t}
          load={form.stays.load}
          onRetry={form.stays.retry}
          value={form.stayCode}
          onChange={form.chooseStay}
          error={form.stayError}
          lang={lang}
        />
      )}

      <GuestFormFields
        t={t}
        lang={lang}
        field={form.field}
        outsideEu={form.outsideEu}
        crossings={form.crossings}
        taxCategories={form.taxCategories}
        hasStay={form.reservationCode !== ""}
        reservationCode={form.reservationCode}
      />
    </FormDialog>
  );
}
