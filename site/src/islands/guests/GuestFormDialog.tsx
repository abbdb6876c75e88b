import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { DocumentType, Gender } from "@shared/enums.ts";
import { needsBorderCrossing } from "@shared/eu-countries.ts";
import { MESSAGES } from "@shared/messages.ts";
import { type Guest, GuestForm } from "@shared/schemas/guest.ts";
import type { GuestListItem } from "@shared/schemas/guest-list.ts";
import { checkInGuests } from "../../lib/api/guests.ts";
import { formatCalendarRange } from "../../lib/format/calendar-date.ts";
import { fieldErrorsFromZod } from "../../lib/forms/field-errors.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { describeApiError, translateServerMessage } from "../../i18n/server-messages.ts";
import { FormAlert } from "../../ui/forms/FormAlert.tsx";
import { FormNotice } from "../../ui/forms/FormNotice.tsx";
import { SelectField } from "../../ui/forms/SelectField.tsx";
import { TextField } from "../../ui/forms/TextField.tsx";
import { useFieldErrors } from "../../ui/forms/use-field-errors.ts";
import { useFieldFocus } from "../../ui/forms/use-field-focus.ts";
import { Button } from "../../ui/Button.tsx";
import { FormDialog } from "../../ui/FormDialog.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { todayInZagreb } from "../reservations/stay-dates.ts";
import { countryOptions } from "./country-names.ts";
import { DateField } from "./DateField.tsx";
import {
  EMPTY_GUEST,
  GUEST_FIELDS,
  type GuestField,
  guestFormInput,
  type GuestFormValues,
  valuesOfGuest,
} from "./guest-form-values.ts";
import { useBorderCrossings } from "./use-border-crossings.ts";
import { useStayChoices } from "./use-stay-choices.ts";

/** A new guest of one of the property's stays, or a guest to fix (with what is stored). */
export type GuestFormTarget =
  | { mode: "add" }
  | {
    mode: "edit";
    item: GuestListItem;
    guest: Guest;
    /** A failed re-send whose field errors the dialog opens with. */
    failure?: unknown;
  };

interface GuestFormDialogProps {
  open: boolean;
  target: GuestFormTarget;
  /** The property chosen on the page: a new guest joins one of its stays. */
  propertyId: string;
  onClose: () => void;
  onSaved: (guest: Guest) => void;
}

const GENDERS = [Gender.Female, Gender.Male, Gender.Unspecified] as const;
const DOCUMENTS = [
  DocumentType.IdentityCard,
  DocumentType.Passport,
  DocumentType.Visa,
  DocumentType.DriversLicence,
  DocumentType.SocialSecurityCard,
] as const;

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
  const editing = target.mode === "edit" ? target : undefined;
  const [values, setValues] = useState<GuestFormValues>(
    editing ? valuesOfGuest(editing.guest) : EMPTY_GUEST,
  );
  const stays = useStayChoices(editing ? undefined : propertyId);
  const [stayCode, setStayCode] = useState(editing?.item.reservationCode ?? "");
  const reservationCode = editing?.item.reservationCode ?? stayCode;
  const outsideEu = needsBorderCrossing(values.countryOfResidence);
  const crossings = useBorderCrossings(reservationCode || undefined, outsideEu);
  const { formRef, messageRef, focusField } = useFieldFocus<GuestField>();
  const { errorOf, showErrors, showServerErrors, clearErrors, recheck } = useFieldErrors(
    GUEST_FIELDS,
    (message) => translateServerMessage(t, message),
  );
  const [alert, setAlert] = useState<string>();
  const [isBusy, setBusy] = useState(false);
  const today = todayInZagreb();
  const countries = countryOptions(lang);

  // With one stay to choose from, it is chosen.
  useEffect(() => {
    if (stays.load.status === "loaded" && stays.load.stays.length === 1 && !stayCode) {
      setStayCode(stays.load.stays[0].code);
    }
  }, [stays.load]);

  // A re-send that eVisitor's rules (or ours) refused opens with its errors at the fields.
  useEffect(() => {
    if (!editing?.failure) return;
    const field = showServerErrors(editing.failure);
    setAlert(field ? undefined : describeApiError(t, editing.failure));
  }, []);

  function set(field: keyof GuestFormValues, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    recheck(field, () => GuestForm.safeParse(guestFormInput(next)));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = GuestForm.safeParse(guestFormInput(values));
    if (!reservationCode || !parsed.success) {
      const errors = parsed.success ? {} : fieldErrorsFromZod(parsed.error, GUEST_FIELDS);
      if (!reservationCode) errors.reservationCode = [MESSAGES.selectRequired];
      setAlert(undefined);
      focusField(showErrors(errors));
      return;
    }

    clearErrors();
    setAlert(undefined);
    setBusy(true);
    try {
      const [saved] = await checkInGuests([{
        id: editing?.item.id,
        reservationCode,
        guest: parsed.data,
      }]);
      const name = `${saved.name} ${saved.surname}`;
      notify(
        t(
          saved.registrationState === "waiting"
            ? "guests.toast.savedWaiting"
            : "guests.toast.saved",
          {
            name,
          },
        ),
        { color: "success" },
      );
      onSaved(saved);
    } catch (error) {
      const field = showServerErrors(error);
      setAlert(field ? undefined : describeApiError(t, error));
      notify(t("guests.toast.saveFailed"), { color: "error" });
      focusField(field);
    } finally {
      setBusy(false);
    }
  }

  const field = (name: keyof GuestFormValues) => ({
    name,
    value: values[name],
    error: errorOf(name),
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  });
  const countryChoices = [{ value: "", label: t("guests.form.chooseCountry") }, ...countries];

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
      busy={isBusy}
      onSubmit={handleSubmit}
      onClose={onClose}
      formRef={formRef}
    >
      <FormAlert ref={messageRef} message={alert} />

      {!editing && (
        <StayChoice
          t={t}
          load={stays.load}
          onRetry={stays.retry}
          value={stayCode}
          onChange={(code) => {
            setStayCode(code);
            recheck("reservationCode", () => ({ success: true }));
          }}
          error={errorOf("reservationCode")}
          lang={lang}
        />
      )}

      <Section legend={t("guests.form.person")}>
        <TextField
          {...field("firstName")}
          label={t("guests.form.firstName")}
          autoComplete="off"
          maxLength={64}
          required
        />
        <TextField
          {...field("middleName")}
          label={t("guests.form.middleName")}
          autoComplete="off"
          maxLength={64}
        />
        <TextField
          {...field("surname")}
          label={t("guests.form.surname")}
          autoComplete="off"
          maxLength={64}
          required
        />
        <SelectField
          {...field("gender")}
          label={t("guests.form.gender")}
          required
          options={[
            { value: "", label: t("guests.form.choose") },
            ...GENDERS.map((value) => ({
              value: String(value),
              label: t(`guests.gender.${value}`),
            })),
          ]}
        />
        <DateField
          {...field("dateOfBirth")}
          label={t("guests.form.dateOfBirth")}
          max={today}
          required
        />
        <SelectField
          {...field("citizenship")}
          label={t("guests.form.citizenship")}
          required
          options={countryChoices}
        />
      </Section>

      <Section legend={t("guests.form.birth")}>
        <SelectField
          {...field("countryOfBirth")}
          label={t("guests.form.countryOfBirth")}
          required
          options={countryChoices}
        />
        <TextField
          {...field("cityOfBirth")}
          label={t("guests.form.cityOfBirth")}
          autoComplete="off"
          maxLength={100}
          required
        />
      </Section>

      <Section legend={t("guests.form.residence")}>
        <SelectField
          {...field("countryOfResidence")}
          label={t("guests.form.countryOfResidence")}
          required
          options={countryChoices}
        />
        <TextField
          {...field("cityOfResidence")}
          label={t("guests.form.cityOfResidence")}
          autoComplete="off"
          maxLength={100}
          required
        />
        <div className="sm:col-span-2">
          <TextField
            {...field("residenceAddress")}
            label={t("guests.form.residenceAddress")}
            autoComplete="off"
            maxLength={200}
          />
        </div>
      </Section>

      <Section legend={t("guests.form.document")}>
        <SelectField
          {...field("documentType")}
          label={t("guests.form.documentType")}
          required
          options={[
            { value: "", label: t("guests.form.choose") },
            ...DOCUMENTS.map((value) => ({
              value: String(value),
              label: t(`reservations.document.${value}`),
            })),
          ]}
        />
        <TextField
          {...field("documentNumber")}
          label={t("guests.form.documentNumber")}
          autoComplete="off"
          maxLength={16}
          required
        />
      </Section>

      {outsideEu && (
        <Section legend={t("guests.form.entry")} hint={t("guests.form.entryHint")}>
          <BorderCrossingField
            t={t}
            load={crossings.load}
            onRetry={crossings.retry}
            hasStay={reservationCode !== ""}
            {...field("borderCrossing")}
          />
          <DateField
            {...field("passageDate")}
            label={t("guests.form.passageDate")}
            max={today}
            required
          />
        </Section>
      )}

      <Section legend={t("guests.form.contact")} hint={t("guests.form.contactHint")}>
        <TextField
          {...field("email")}
          type="email"
          label={t("guests.form.email")}
          autoComplete="off"
          maxLength={254}
        />
        <TextField
          {...field("telephone")}
          type="tel"
          label={t("guests.form.telephone")}
          autoComplete="off"
          inputMode="tel"
          maxLength={30}
        />
      </Section>
    </FormDialog>
  );
}

/** A group of fields under its legend, two columns on wider screens. */
function Section(
  { legend, hint, children }: { legend: string; hint?: string; children: ReactNode },
) {
  return (
    <fieldset className="border-t border-border pt-4">
      <legend className="pr-2 text-[0.9375rem] font-bold">{legend}</legend>
      {hint && <p className="-mt-1 mb-3 text-sm text-fg-muted">{hint}</p>}
      <div className={`grid gap-4 sm:grid-cols-2 ${hint ? "" : "mt-2"}`}>{children}</div>
    </fieldset>
  );
}

function StayChoice(
  { t, lang, load, onRetry, value, onChange, error }: {
    t: ReturnType<typeof useTranslation>["t"];
    lang: ReturnType<typeof useTranslation>["lang"];
    load: ReturnType<typeof useStayChoices>["load"];
    onRetry: () => void;
    value: string;
    onChange: (code: string) => void;
    error?: string;
  },
) {
  if (load.status === "loading") {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-fg-muted">
        <Spinner />
        {t("guests.form.loadingStays")}
      </p>
    );
  }
  if (load.status === "failed") {
    return (
      <FormNotice
        tone="error"
        action={<Button variant="secondary" size="sm" onClick={onRetry}>{t("app.retry")}</Button>}
      >
        {t("guests.form.staysFailed", { reason: describeApiError(t, load.error) })}
      </FormNotice>
    );
  }
  if (load.stays.length === 0) {
    return (
      <FormNotice tone="info">
        {t("guests.form.noStays")}{" "}
        <a
          href={ROUTES.reservations}
          onClick={markNavigation}
          className="underline underline-offset-4"
        >
          {t("guests.form.noStaysLink")}
        </a>
      </FormNotice>
    );
  }
  return (
    <SelectField
      name="reservationCode"
      label={t("guests.form.stay")}
      description={t("guests.form.stayHint")}
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      options={[
        ...(value ? [] : [{ value: "", label: t("guests.form.chooseStay") }]),
        ...load.stays.map((stay) => ({
          value: stay.code,
          label: [
            formatCalendarRange(stay.startDate, stay.endDate, lang),
            stay.accommodationUnit?.name,
            stay.code,
          ].filter(Boolean).join(" · "),
        })),
      ]}
    />
  );
}

/**
 * eVisitor's crossings as a list to choose from; should the list not be there (not read yet from
 * eVisitor, or not loading), the crossing's code can be typed.
 */
function BorderCrossingField(
  { t, load, onRetry, hasStay, name, value, error, onChange }: {
    t: ReturnType<typeof useTranslation>["t"];
    load: ReturnType<typeof useBorderCrossings>["load"];
    onRetry: () => void;
    hasStay: boolean;
    name: string;
    value: string;
    error?: string;
    onChange: (event: { target: { value: string } }) => void;
  },
) {
  const label = t("guests.form.borderCrossing");
  if (load.status === "loaded" && load.crossings.length > 0) {
    return (
      <SelectField
        name={name}
        label={label}
        required
        value={value}
        onChange={onChange}
        error={error}
        options={[
          { value: "", label: t("guests.form.choose") },
          ...load.crossings.map((crossing) => ({ value: crossing.code, label: crossing.name })),
        ]}
      />
    );
  }
  if (load.status === "loading" || (load.status === "idle" && hasStay)) {
    return (
      <p role="status" className="flex items-center gap-2 self-center text-sm text-fg-muted">
        <Spinner />
        {t("guests.form.loadingCrossings")}
      </p>
    );
  }
  return (
    <div>
      <TextField
        name={name}
        label={label}
        description={hasStay ? t("guests.form.crossingCode") : t("guests.form.crossingNeedsStay")}
        required
        maxLength={20}
        value={value}
        onChange={onChange}
        error={error}
      />
      {load.status === "failed" && (
        <Button variant="ghost" size="sm" className="mt-1" onClick={onRetry}>
          {t("guests.form.reloadCrossings")}
        </Button>
      )}
    </div>
  );
}
