import { type FormEvent, useState } from "react";
import { type Property, PropertySettingsUpdate } from "@shared/schemas/property.ts";
import { updatePropertySettings } from "../../lib/api/properties.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { describeApiError, translateServerMessage } from "../../i18n/server-messages.ts";
import { FormAlert } from "../../ui/forms/FormAlert.tsx";
import { SwitchField } from "../../ui/forms/SwitchField.tsx";
import { TextField } from "../../ui/forms/TextField.tsx";
import { useFieldErrors } from "../../ui/forms/use-field-errors.ts";
import { useFieldFocus } from "../../ui/forms/use-field-focus.ts";
import { FormDialog } from "../../ui/FormDialog.tsx";
import { AutoCheckOutHelp } from "./AutoCheckOutHelp.tsx";
import { WifiFields } from "./WifiFields.tsx";
import { wifiRequestOf, type WifiValues, wifiValuesOf } from "./wifi-form.ts";

const FIELDS = [
  "automaticCheckOut",
  "automaticCheckIn",
  "defaultCheckInTime",
  "defaultCheckOutTime",
  "maxNumberOfGuests",
  "defaultNumberOfNights",
  "wifiName",
  "wifiPassword",
  "wifiEncryptionType",
  "guestContactPhone",
  "guestContactWhatsApp",
  "guestContactEmail",
] as const;
type Field = (typeof FIELDS)[number];

interface PropertySettingsDialogProps {
  open: boolean;
  property: Property;
  onClose: () => void;
  onSaved: (property: Property) => void;
}

/** Text of a number input: empty is "not set"; anything else must be a whole number. */
const numberOrUndefined = (text: string) => text.trim() === "" ? undefined : Number(text.trim());

/**
 * The settings dialog of spec section 2: automatic check-out (with its help) and check-in, the
 * property's default times and numbers, and the guest WiFi. The API replaces all of them, so the
 * dialog starts from the saved values and sends every one.
 */
export function PropertySettingsDialog(
  { open, property, onClose, onSaved }: PropertySettingsDialogProps,
) {
  const { t } = useTranslation();
  const { formRef, messageRef, focusField } = useFieldFocus<Field>();
  const [autoCheckOut, setAutoCheckOut] = useState(property.automaticCheckOut);
  const [autoCheckIn, setAutoCheckIn] = useState(property.automaticCheckIn);
  const [checkInTime, setCheckInTime] = useState(property.defaultCheckInTime ?? "");
  const [checkOutTime, setCheckOutTime] = useState(property.defaultCheckOutTime ?? "");
  const [maxGuests, setMaxGuests] = useState(String(property.maxNumberOfGuests ?? ""));
  const [nights, setNights] = useState(String(property.defaultNumberOfNights ?? ""));
  const [wifi, setWifi] = useState<WifiValues>(wifiValuesOf(property.wifiDetails));
  const [contact, setContact] = useState({
    guestContactPhone: property.guestContactPhone ?? "",
    guestContactWhatsApp: property.guestContactWhatsApp ?? "",
    guestContactEmail: property.guestContactEmail ?? "",
  });
  const { errorOf, showClientErrors, showServerErrors, clearErrors } = useFieldErrors(
    FIELDS,
    (message) => translateServerMessage(t, message),
  );
  const [alert, setAlert] = useState<string>();
  const [isBusy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = PropertySettingsUpdate.safeParse({
      propertyId: property.id,
      defaultCheckInTime: checkInTime || undefined,
      defaultCheckOutTime: checkOutTime || undefined,
      maxNumberOfGuests: numberOrUndefined(maxGuests),
      defaultNumberOfNights: numberOrUndefined(nights),
      automaticCheckOut: autoCheckOut,
      automaticCheckIn: autoCheckIn,
      ...wifiRequestOf(wifi),
      ...contact,
    });
    if (!parsed.success) {
      const field = showClientErrors(parsed.error);
      setAlert(undefined);
      focusField(field);
      return;
    }

    clearErrors();
    setAlert(undefined);
    setBusy(true);
    try {
      const saved = await updatePropertySettings(property.id, parsed.data);
      notify(t("properties.toast.settingsSaved", { name: saved.name }), { color: "success" });
      onSaved(saved);
    } catch (error) {
      const field = showServerErrors(error);
      setAlert(field ? undefined : describeApiError(t, error));
      notify(t("properties.toast.settingsFailed"), { color: "error" });
      focusField(field);
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      t={t}
      open={open}
      size="lg"
      title={t("settings.title")}
      description={t("settings.intro", { name: property.name })}
      submitLabel={t("settings.save")}
      busyLabel={t("dialog.saving")}
      busy={isBusy}
      onSubmit={handleSubmit}
      onClose={onClose}
      formRef={formRef}
    >
      <FormAlert ref={messageRef} message={alert} />
      <fieldset className="rounded-2xl border border-border p-4 sm:p-5">
        <legend className="px-1.5 font-semibold">{t("settings.automation")}</legend>
        <div className="space-y-4">
          <SwitchField
            name="automaticCheckOut"
            label={t("settings.autoCheckOut")}
            description={t("settings.autoCheckOutText")}
            checked={autoCheckOut}
            onChange={setAutoCheckOut}
            extra={<AutoCheckOutHelp t={t} />}
          />
          <SwitchField
            name="automaticCheckIn"
            label={t("settings.autoCheckIn")}
            description={t("settings.autoCheckInText")}
            checked={autoCheckIn}
            onChange={setAutoCheckIn}
          />
        </div>
      </fieldset>
      <fieldset className="rounded-2xl border border-border p-4 sm:p-5">
        <legend className="px-1.5 font-semibold">{t("settings.defaults")}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="defaultCheckInTime"
            type="time"
            label={t("settings.checkInTime")}
            value={checkInTime}
            onChange={(event) => setCheckInTime(event.target.value)}
            error={errorOf("defaultCheckInTime")}
          />
          <TextField
            name="defaultCheckOutTime"
            type="time"
            label={t("settings.checkOutTime")}
            value={checkOutTime}
            onChange={(event) => setCheckOutTime(event.target.value)}
            error={errorOf("defaultCheckOutTime")}
          />
          <TextField
            name="maxNumberOfGuests"
            label={t("settings.maxGuests")}
            inputMode="numeric"
            maxLength={4}
            value={maxGuests}
            onChange={(event) => setMaxGuests(event.target.value)}
            error={errorOf("maxNumberOfGuests")}
          />
          <TextField
            name="defaultNumberOfNights"
            label={t("settings.nights")}
            inputMode="numeric"
            maxLength={3}
            value={nights}
            onChange={(event) => setNights(event.target.value)}
            error={errorOf("defaultNumberOfNights")}
          />
        </div>
      </fieldset>
      <WifiFields
        t={t}
        values={wifi}
        onChange={setWifi}
        errorOf={errorOf}
        description={t("wifi.description")}
      />
      <fieldset className="rounded-2xl border border-border p-4 sm:p-5">
        <legend className="px-1.5 font-semibold">{t("settings.guestContact")}</legend>
        <p className="mb-4 text-sm text-fg-muted">{t("settings.guestContactText")}</p>
        <div className="grid gap-4">
          <TextField
            name="guestContactPhone"
            type="tel"
            autoComplete="tel"
            label={t("settings.guestContactPhone")}
            value={contact.guestContactPhone}
            onChange={(event) => setContact({ ...contact, guestContactPhone: event.target.value })}
            error={errorOf("guestContactPhone")}
          />
          <TextField
            name="guestContactWhatsApp"
            type="tel"
            label={t("settings.guestContactWhatsApp")}
            description={t("settings.guestContactWhatsAppText")}
            value={contact.guestContactWhatsApp}
            onChange={(event) =>
              setContact({ ...contact, guestContactWhatsApp: event.target.value })}
            error={errorOf("guestContactWhatsApp")}
          />
          <TextField
            name="guestContactEmail"
            type="email"
            autoComplete="email"
            label={t("settings.guestContactEmail")}
            value={contact.guestContactEmail}
            onChange={(event) => setContact({ ...contact, guestContactEmail: event.target.value })}
            error={errorOf("guestContactEmail")}
          />
        </div>
      </fieldset>
    </FormDialog>
  );
}
