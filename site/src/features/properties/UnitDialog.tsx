import { type FormEvent, useState } from "react";
import { MAX_CALENDAR_LINK_LENGTH, MAX_CALENDAR_LINKS } from "@shared/calendar-links.ts";
import type { AccommodationUnit } from "@shared/schemas/accommodation-unit.ts";
import type { Property } from "@shared/schemas/property.ts";
import { PropertySetupRequest } from "@shared/schemas/property-setup-request.ts";
import { createUnit, updateUnit } from "../../lib/api/accommodation-units.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { describeApiError, translateServerMessage } from "../../i18n/server-messages.ts";
import { FormAlert } from "../../ui/forms/FormAlert.tsx";
import { SelectField } from "../../ui/forms/SelectField.tsx";
import { TextField } from "../../ui/forms/TextField.tsx";
import { useFieldErrors } from "../../ui/forms/use-field-errors.ts";
import { useFieldFocus } from "../../ui/forms/use-field-focus.ts";
import { FormDialog } from "../../ui/FormDialog.tsx";
import { WifiFields } from "./WifiFields.tsx";
import { wifiRequestOf, type WifiValues, wifiValuesOf } from "./wifi-form.ts";

/** What the links look like, one a line. */
const LINKS_PLACEHOLDER =
  "https://www.airbnb.com/calendar/ical/…\nhttps://ical.booking.com/v1/export?t=…";

const FIELDS = [
  "propertyId",
  "name",
  "capacity",
  "externalCalendarLink",
  "wifiName",
  "wifiPassword",
  "wifiEncryptionType",
] as const;
type Field = (typeof FIELDS)[number];

/** Adding a unit to a property, or editing one. */
export type UnitDialogTarget =
  | { mode: "create"; propertyId: string }
  | { mode: "edit"; unit: AccommodationUnit };

interface UnitDialogProps {
  open: boolean;
  target: UnitDialogTarget;
  /** The properties the unit may belong to (a unit can move to another one). */
  properties: Property[];
  onClose: () => void;
  onSaved: (unit: AccommodationUnit, previousPropertyId?: string) => void;
}

/**
 * The unit dialog of spec section 2: property, name, external calendar link and WiFi, plus the
 * capacity. What the dialog does not show (type, category, times from eVisitor) is sent back as
 * it was, because the API replaces the whole unit.
 */
export function UnitDialog({ open, target, properties, onClose, onSaved }: UnitDialogProps) {
  const { t } = useTranslation();
  const unit = target.mode === "edit" ? target.unit : undefined;
  const { formRef, messageRef, focusField } = useFieldFocus<Field>();
  const [propertyId, setPropertyId] = useState(
    target.mode === "edit" ? target.unit.propertyId : target.propertyId,
  );
  const [name, setName] = useState(unit?.name ?? "");
  const [capacity, setCapacity] = useState(String(unit?.capacity ?? ""));
  const [calendarLink, setCalendarLink] = useState(unit?.externalCalendarLink ?? "");
  const [wifi, setWifi] = useState<WifiValues>(wifiValuesOf(unit?.wifiDetails ?? null));
  const { errorOf, showClientErrors, showServerErrors, clearErrors } = useFieldErrors(
    FIELDS,
    (message) => translateServerMessage(t, message),
  );
  const [alert, setAlert] = useState<string>();
  const [isBusy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = PropertySetupRequest.safeParse({
      propertyId,
      name,
      capacity: capacity.trim() === "" ? undefined : Number(capacity.trim()),
      type: unit?.type ?? undefined,
      category: unit?.category ?? undefined,
      externalCalendarLink: calendarLink.trim(),
      defaultCheckInTime: unit?.defaultCheckInTime ?? undefined,
      defaultCheckOutTime: unit?.defaultCheckOutTime ?? undefined,
      ...wifiRequestOf(wifi),
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
      const saved = unit ? await updateUnit(unit.id, parsed.data) : await createUnit(parsed.data);
      notify(
        t(unit ? "units.toast.updated" : "units.toast.created", { name: saved.name }),
        { color: "success" },
      );
      onSaved(saved, unit?.propertyId);
    } catch (error) {
      const field = showServerErrors(error);
      setAlert(field ? undefined : describeApiError(t, error));
      notify(t("units.toast.saveFailed"), { color: "error" });
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
      title={t(unit ? "units.editTitle" : "units.createTitle")}
      submitLabel={t("units.save")}
      busyLabel={t("dialog.saving")}
      busy={isBusy}
      onSubmit={handleSubmit}
      onClose={onClose}
      formRef={formRef}
    >
      <FormAlert ref={messageRef} message={alert} />
      <SelectField
        name="propertyId"
        label={t("units.property")}
        required
        value={propertyId}
        onChange={(event) => setPropertyId(event.target.value)}
        options={properties.map((property) => ({ value: property.id, label: property.name }))}
        error={errorOf("propertyId")}
      />
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <TextField
          name="name"
          label={t("units.name")}
          autoComplete="off"
          maxLength={100}
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errorOf("name")}
        />
        <TextField
          name="capacity"
          label={t("units.capacity")}
          inputMode="numeric"
          maxLength={3}
          value={capacity}
          onChange={(event) => setCapacity(event.target.value)}
          error={errorOf("capacity")}
        />
      </div>
      <TextField
        name="externalCalendarLink"
        type="url"
        multiline
        rows={3}
        label={t("units.calendarLink")}
        description={t("units.calendarLinkHint")}
        placeholder={LINKS_PLACEHOLDER}
        maxLength={MAX_CALENDAR_LINKS * (MAX_CALENDAR_LINK_LENGTH + 1)}
        value={calendarLink}
        onChange={(event) => setCalendarLink(event.target.value)}
        error={errorOf("externalCalendarLink")}
      />
      <WifiFields
        t={t}
        values={wifi}
        onChange={setWifi}
        errorOf={errorOf}
        description={t("wifi.unitDescription")}
      />
    </FormDialog>
  );
}
