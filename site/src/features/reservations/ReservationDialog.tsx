/*
 * One form, one file: every field's value goes into the same parse by the shared schema, each
 * change re-checks the fields that show an error, and whether guests must be registered again
 * follows from the unit and the dates together. Split by field group, each part would take most
 * of that state. The calendar itself is StayRangePicker.tsx.
 */
import { type FormEvent, useState } from "react";
import { message } from "@shared/messages.ts";
import type { Property } from "@shared/schemas/property.ts";
import { CreateReservationRequest, type Reservation } from "@shared/schemas/reservation.ts";
import { createReservation, updateReservation } from "../../lib/api/reservations.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { describeApiError, translateServerMessage } from "../../i18n/server-messages.ts";
import { FormAlert } from "../../ui/forms/FormAlert.tsx";
import { FormNotice } from "../../ui/forms/FormNotice.tsx";
import { SwitchField } from "../../ui/forms/SwitchField.tsx";
import { SelectField } from "../../ui/forms/SelectField.tsx";
import { TextField } from "../../ui/forms/TextField.tsx";
import { useFieldErrors } from "../../ui/forms/use-field-errors.ts";
import { fieldErrorsFromZod } from "../../lib/forms/field-errors.ts";
import { useFieldFocus } from "../../ui/forms/use-field-focus.ts";
import { FormDialog } from "../../ui/FormDialog.tsx";
import { requestDateTimeOf, todayInZagreb } from "../../lib/format/stay-dates.ts";
import { type StayRange, StayRangePicker } from "./StayRangePicker.tsx";

const FIELDS = [
  "propertyId",
  "accommodationUnitId",
  "startDateUTC",
  "endDateUTC",
  "numberOfGuests",
  "leadGuestName",
  "description",
] as const;
type Field = (typeof FIELDS)[number];

/** A new stay (with the property and unit chosen on the page, if any), or a manual one to edit. */
export type ReservationDialogTarget =
  | { mode: "create"; propertyId?: string; unitCode?: string }
  | { mode: "edit"; reservation: Reservation };

interface ReservationDialogProps {
  open: boolean;
  target: ReservationDialogTarget;
  /** The host's properties with their units. */
  properties: Property[];
  onClose: () => void;
  onSaved: (reservation: Reservation) => void;
}

/**
 * The create dialog of spec section 2 (property, accommodation unit, dates, notes), also used to
 * change a stay entered by hand. The calendar only offers free nights of the chosen unit; if one
 * is taken meanwhile (another tab, a calendar sync), the server's answer is shown at the dates and
 * the calendar is read again.
 */
export function ReservationDialog(
  { open, target, properties, onClose, onSaved }: ReservationDialogProps,
) {
  const { t, lang } = useTranslation();
  const editing = target.mode === "edit" ? target.reservation : undefined;
  const initial = initialChoice(target, properties);
  const [propertyId, setPropertyId] = useState(initial.propertyId);
  const [unitId, setUnitId] = useState(initial.unitId);
  const [range, setRange] = useState<StayRange>(
    editing ? { start: editing.startDate, end: editing.endDate } : {},
  );
  const [description, setDescription] = useState(editing?.description ?? "");
  const [numberOfGuests, setNumberOfGuests] = useState(
    editing?.numberOfGuests ? String(editing.numberOfGuests) : "",
  );
  const [leadGuestName, setLeadGuestName] = useState(editing?.leadGuestName ?? "");
  const [refreshKey, setRefreshKey] = useState(0);
  const { formRef, messageRef, focusField } = useFieldFocus<Field>();
  const { errorOf, showErrors, showServerErrors, clearErrors, recheck } = useFieldErrors(
    FIELDS,
    (message) => translateServerMessage(t, message),
  );
  const [alert, setAlert] = useState<string>();
  const [reRegister, setReRegister] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const today = todayInZagreb();

  const property = properties.find((item) => item.id === propertyId);
  const units = property?.accommodationUnits ?? [];
  const unit = units.find((item) => item.id === unitId);

  // Guests registered with eVisitor follow the stay: eVisitor keeps their arrival and unit, so
  // moving either needs their registrations cancelled and made again (the host's choice); a new
  // departure is sent to eVisitor on its own.
  const registered = editing?.guests.filter((guest) => guest.status === "CheckedIn") ?? [];
  const registeredNames = registered
    .map((guest) => [guest.name, guest.middleName, guest.surname].filter(Boolean).join(" "))
    .join(", ");
  const arrivalMoves = editing !== undefined && registered.length > 0 &&
    ((range.start !== undefined && range.start !== editing.startDate) ||
      unitId !== editing.accommodationUnitId);
  const departureMoves = editing !== undefined && registered.length > 0 && !arrivalMoves &&
    range.end !== undefined && range.end !== editing.endDate;

  /** The dates' group answers for both ends of the range. */
  const focusOn = (field: Field | undefined) =>
    focusField(field === "endDateUTC" ? "startDateUTC" : field);

  /** The request the form's values make, checked by the shared schema. */
  const parse = (
    values: {
      unitId?: string;
      range?: StayRange;
      description?: string;
      numberOfGuests?: string;
      leadGuestName?: string;
    } = {},
  ) => {
    const chosen = { unitId, range, description, numberOfGuests, leadGuestName, ...values };
    const count = chosen.numberOfGuests.trim();
    return CreateReservationRequest.safeParse({
      accommodationUnitId: chosen.unitId,
      startDateUTC: chosen.range.start && requestDateTimeOf(chosen.range.start),
      endDateUTC: chosen.range.end && requestDateTimeOf(chosen.range.end),
      // Digits only: "2a" or "2.5" is not a number of people.
      numberOfGuests: count === "" ? undefined : /^\d+$/.test(count) ? Number(count) : NaN,
      leadGuestName: chosen.leadGuestName.trim() || undefined,
      description: chosen.description.trim() || undefined,
    });
  };

  /** A field that shows an error loses it as soon as its new value is right. */
  function recheckAll(values: Parameters<typeof parse>[0]) {
    for (const field of FIELDS) recheck(field, () => parse(values));
  }

  function chooseProperty(id: string) {
    setPropertyId(id);
    const next = properties.find((item) => item.id === id)?.accommodationUnits ?? [];
    const nextUnit = next.length === 1 ? next[0].id : "";
    setUnitId(nextUnit);
    if (id) recheck("propertyId", () => ({ success: true }));
    recheck("accommodationUnitId", () => parse({ unitId: nextUnit }));
  }

  function chooseUnit(id: string) {
    setUnitId(id);
    recheck("accommodationUnitId", () => parse({ unitId: id }));
  }

  function chooseRange(next: StayRange) {
    setRange(next);
    recheckAll({ range: next });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parse();
    // Every empty or wrong field at once, not only the first.
    const found = parsed.success ? {} : fieldErrorsFromZod(parsed.error, FIELDS);
    if (!propertyId) found.propertyId = [message("selectRequired")];
    if (!parsed.success || !propertyId) {
      setAlert(undefined);
      focusOn(showErrors(found));
      return;
    }

    if (arrivalMoves && !reRegister) {
      clearErrors();
      setAlert(t("reservations.registered.reRegisterNeeded"));
      focusOn(undefined);
      return;
    }

    clearErrors();
    setAlert(undefined);
    setBusy(true);
    try {
      const saved = editing
        ? await updateReservation(editing.code, {
          ...parsed.data,
          ...(arrivalMoves ? { reRegisterGuests: true } : {}),
        })
        : await createReservation(parsed.data);
      notify(
        t(
          arrivalMoves
            ? "reservations.toast.reRegistering"
            : editing
            ? "reservations.toast.updated"
            : "reservations.toast.created",
          { code: saved.code },
        ),
        { color: "success" },
      );
      onSaved(saved);
    } catch (error) {
      const field = showServerErrors(error);
      setAlert(field ? undefined : describeApiError(t, error));
      notify(t("reservations.toast.saveFailed"), { color: "error" });
      // A night was taken meanwhile: show the calendar as it is now.
      if (field === "startDateUTC" || field === "endDateUTC") setRefreshKey((n) => n + 1);
      focusOn(field);
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      t={t}
      open={open}
      size="lg"
      title={t(editing ? "reservations.editTitle" : "reservations.createTitle")}
      description={editing
        ? t("reservations.editIntro", { code: editing.code })
        : t("reservations.createIntro")}
      submitLabel={t(editing ? "reservations.saveChanges" : "reservations.submitCreate")}
      busyLabel={t("dialog.saving")}
      busy={isBusy}
      onSubmit={handleSubmit}
      onClose={onClose}
      formRef={formRef}
    >
      <FormAlert ref={messageRef} message={alert} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          name="propertyId"
          label={t("reservations.property")}
          required
          value={propertyId}
          onChange={(event) => chooseProperty(event.target.value)}
          options={[
            ...(propertyId ? [] : [{ value: "", label: t("reservations.chooseProperty") }]),
            ...properties.map((item) => ({ value: item.id, label: item.name })),
          ]}
          error={errorOf("propertyId")}
        />
        <SelectField
          name="accommodationUnitId"
          label={t("reservations.unit")}
          required
          value={unitId}
          onChange={(event) => chooseUnit(event.target.value)}
          options={[
            ...(unitId ? [] : [{
              value: "",
              label: property && units.length === 0
                ? t("reservations.noUnitsInProperty")
                : t("reservations.chooseUnit"),
            }]),
            ...units.map((item) => ({ value: item.id, label: item.name })),
          ]}
          error={errorOf("accommodationUnitId")}
        />
      </div>
      <StayRangePicker
        t={t}
        lang={lang}
        name="startDateUTC"
        unitCode={unit?.code}
        exceptCode={editing?.code}
        value={range}
        onChange={chooseRange}
        today={today}
        error={errorOf("startDateUTC") ?? errorOf("endDateUTC")}
        refreshKey={refreshKey}
      />
      {arrivalMoves && (
        <div className="space-y-3 rounded-xl border border-warning/30 bg-warning-soft p-4 text-warning-soft-fg">
          <p className="font-semibold">{t("reservations.registered.arrivalTitle")}</p>
          <p className="text-[0.9375rem]">
            {t("reservations.registered.arrivalText", { names: registeredNames })}
          </p>
          <div className="rounded-lg bg-surface p-3 text-fg">
            <SwitchField
              name="reRegisterGuests"
              label={t("reservations.registered.reRegister")}
              description={t("reservations.registered.reRegisterHint")}
              checked={reRegister}
              onChange={(checked) => {
                setReRegister(checked);
                if (checked) setAlert(undefined);
              }}
            />
          </div>
        </div>
      )}
      {departureMoves && (
        <FormNotice tone="info">
          {t("reservations.registered.departureText", { names: registeredNames })}
        </FormNotice>
      )}
      <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <TextField
          name="numberOfGuests"
          label={t("reservations.numberOfGuests")}
          description={t("reservations.numberOfGuestsHint")}
          inputMode="numeric"
          maxLength={2}
          value={numberOfGuests}
          onChange={(event) => {
            setNumberOfGuests(event.target.value);
            recheck("numberOfGuests", () => parse({ numberOfGuests: event.target.value }));
          }}
          error={errorOf("numberOfGuests")}
        />
        <TextField
          name="leadGuestName"
          label={t("reservations.leadGuestName")}
          description={t("reservations.leadGuestNameHint")}
          autoComplete="off"
          maxLength={200}
          value={leadGuestName}
          onChange={(event) => setLeadGuestName(event.target.value)}
          error={errorOf("leadGuestName")}
        />
      </div>
      <TextField
        name="description"
        label={t("reservations.notes")}
        description={t("reservations.notesHint")}
        multiline
        rows={3}
        maxLength={1000}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        error={errorOf("description")}
      />
    </FormDialog>
  );
}

/** Which property and unit the dialog starts with: the stay's, the page's, or the only one. */
function initialChoice(target: ReservationDialogTarget, properties: Property[]) {
  if (target.mode === "edit") {
    const unit = target.reservation.accommodationUnit;
    return { propertyId: unit?.propertyId ?? "", unitId: target.reservation.accommodationUnitId };
  }
  const byUnit = target.unitCode
    ? properties.find((item) =>
      item.accommodationUnits.some((unit) => unit.code === target.unitCode)
    )
    : undefined;
  const property = byUnit ?? properties.find((item) => item.id === target.propertyId) ??
    (properties.length === 1 ? properties[0] : undefined);
  const units = property?.accommodationUnits ?? [];
  const unit = units.find((item) => item.code === target.unitCode) ??
    (units.length === 1 ? units[0] : undefined);
  return { propertyId: property?.id ?? "", unitId: unit?.id ?? "" };
}
