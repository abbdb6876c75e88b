import type { MrzGuest } from "@shared/schemas/mrz-guest.ts";
import { Icon } from "./CheckinIcon.tsx";
import type { BorderCrossing } from "./checkin-api.ts";
import type { Country } from "./countries.ts";
import { CountryCombobox } from "./CountryCombobox.tsx";
import { DocumentScan } from "./DocumentScan.tsx";
import { InputField, SelectField } from "./fields.tsx";
import { SettlementCombobox } from "./SettlementCombobox.tsx";
import type { SearchSettlements } from "../../lib/settlement-search.ts";
import { todayInZagreb } from "./format.ts";
import {
  asksForEntry,
  DOCUMENT_TYPE_CHOICES,
  GENDER_CHOICES,
  type GuestDraft,
  type GuestField,
  markChecked,
  prefillFromDocument,
  validateDraft,
} from "./guest-draft.ts";
import { useTranslator } from "./i18n-context.ts";

/** The element id of a guest's field: focus goes there when it has an error. */
export function guestFieldId(draft: GuestDraft, field: GuestField): string {
  return `guest-${draft.key}-${field}`;
}

export type BorderCrossings =
  | { state: "loading" }
  | { state: "failed"; retry: () => void }
  | { state: "loaded"; list: BorderCrossing[] };

interface GuestCardProps {
  draft: GuestDraft;
  number: number;
  onChange: (update: (draft: GuestDraft) => GuestDraft) => void;
  onRemove: () => void;
  countries: Country[] | undefined;
  borderCrossings: BorderCrossings;
  /** Searches eVisitor's settlements, for a city in Croatia. */
  searchSettlements: SearchSettlements;
}

/** The city that goes with a country: chosen from eVisitor's settlements in Croatia. */
const CITY_OF: Partial<Record<GuestField, GuestField>> = {
  countryOfBirth: "cityOfBirth",
  countryOfResidence: "cityOfResidence",
};
const CROATIA = "HRV";

/** One guest's form: scan a document or type; the entry fields only for residents outside the EU. */
export function GuestCard(
  { draft, number, onChange, onRemove, countries, borderCrossings, searchSettlements }:
    GuestCardProps,
) {
  // A language switch renames every country: the selectors start afresh with the new names.
  const { t, validation, lang } = useTranslator();
  const { values } = draft;
  const headingId = `guest-${draft.key}-heading`;

  function set(field: GuestField, value: string) {
    onChange((current) => {
      const next = { ...current.values, [field]: value };
      const errors = { ...current.errors };
      // A field showing an error is checked again as the guest corrects it.
      if (errors[field]) {
        const result = validateDraft(next);
        errors[field] = result.ok ? undefined : result.errors[field];
      }
      return {
        ...current,
        values: next,
        errors,
        prefilled: current.prefilled.filter((f) => f !== field),
        // Changed by the guest: looked at.
        toCheck: current.toCheck.filter((f) => f !== field),
      };
    });
  }

  function fillFrom(guest: MrzGuest) {
    onChange((current) => prefillFromDocument(current, guest));
    // What the document gives, and what of it is uncertain, depends on the document alone.
    const filled = prefillFromDocument(draft, guest);
    return { filled: filled.prefilled.length, toCheck: filled.toCheck.length };
  }

  const field = (name: GuestField) => ({
    id: guestFieldId(draft, name),
    label: t(`field.${name}`),
    value: values[name],
    onChange: (value: string) => set(name, value),
    error: draft.errors[name] ? validation(draft.errors[name]!) : undefined,
    prefilled: draft.prefilled.includes(name),
    onChecked: draft.toCheck.includes(name)
      ? () => onChange((current) => markChecked(current, name))
      : undefined,
  });
  const country = (name: GuestField) => ({
    ...field(name),
    countries,
    onChange: (code: string) => {
      // A city typed for another country is no Croatian settlement, nor the other way round.
      const city = CITY_OF[name];
      if (city && (code === CROATIA) !== (values[name] === CROATIA) && values[city]) set(city, "");
      set(name, code);
    },
  });
  /** A city: from the settlements for Croatia, typed for any other country. */
  const city = (name: GuestField, countryField: GuestField) =>
    values[countryField] === CROATIA
      ? (
        <SettlementCombobox
          key={`${name}-settlement`}
          {...field(name)}
          search={searchSettlements}
        />
      )
      : <InputField key={name} {...field(name)} autoCapitalize="words" maxLength={100} />;
  const today = todayInZagreb();

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-border bg-surface p-4 shadow-xs sm:p-6"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} tabIndex={-1} className="text-lg font-bold focus:outline-none">
          {t("guest.heading", { number })}
          {(values.firstName || values.surname) && (
            <span className="font-semibold text-fg-muted">
              {" · "}
              {`${values.firstName} ${values.surname}`.trim()}
            </span>
          )}
        </h2>
        <button
          type="button"
          onClick={onRemove}
          className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-xl px-3 text-sm font-semibold text-error hover:bg-error-soft"
        >
          <Icon name="trash" className="size-5" />
          <span className="sr-only sm:not-sr-only">{t("guest.remove")}</span>
          <span className="sr-only">{t("guest.removeWho", { number })}</span>
        </button>
      </div>

      <div className="mt-4">
        <DocumentScan id={`guest-${draft.key}-scan`} onRead={fillFrom} />
      </div>

      <fieldset className="mt-6">
        <legend className="text-base font-bold">{t("guest.section.person")}</legend>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <InputField
            {...field("firstName")}
            autoComplete="off"
            autoCapitalize="words"
            maxLength={64}
          />
          <InputField
            {...field("surname")}
            autoComplete="off"
            autoCapitalize="words"
            maxLength={64}
          />
          <InputField
            {...field("middleName")}
            optional
            autoComplete="off"
            autoCapitalize="words"
            maxLength={64}
          />
          <SelectField
            {...field("gender")}
            options={GENDER_CHOICES.map((g) => ({ value: String(g), label: t(`gender.${g}`) }))}
          />
          <InputField {...field("dateOfBirth")} type="date" max={today} min="1900-01-01" />
          <CountryCombobox key={`${lang}-citizenship`} {...country("citizenship")} />
          <CountryCombobox key={`${lang}-countryOfBirth`} {...country("countryOfBirth")} />
          {city("cityOfBirth", "countryOfBirth")}
        </div>
      </fieldset>

      <fieldset className="mt-6">
        <legend className="text-base font-bold">{t("guest.section.document")}</legend>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <SelectField
            {...field("documentType")}
            options={DOCUMENT_TYPE_CHOICES.map((d) => ({
              value: String(d),
              label: t(`documentType.${d}`),
            }))}
          />
          <InputField
            {...field("documentNumber")}
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={16}
          />
        </div>
      </fieldset>

      <fieldset className="mt-6">
        <legend className="text-base font-bold">{t("guest.section.residence")}</legend>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <CountryCombobox key={`${lang}-countryOfResidence`} {...country("countryOfResidence")} />
          {city("cityOfResidence", "countryOfResidence")}
          <div className="sm:col-span-2">
            <InputField
              {...field("residenceAddress")}
              optional
              autoComplete="street-address"
              maxLength={200}
            />
          </div>
        </div>
      </fieldset>

      {asksForEntry(values) && (
        <fieldset className="mt-6">
          <legend className="text-base font-bold">{t("guest.section.entry")}</legend>
          <p className="mt-1 text-sm text-fg-muted">{t("entry.hint")}</p>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            {borderCrossings.state === "failed"
              ? (
                <div className="text-sm">
                  <p className="font-semibold">{t("field.borderCrossing")}</p>
                  <p
                    className="mt-1.5 text-error"
                    id={`${guestFieldId(draft, "borderCrossing")}-error`}
                  >
                    {t("borderCrossing.failed")}
                  </p>
                  <button
                    type="button"
                    id={guestFieldId(draft, "borderCrossing")}
                    onClick={borderCrossings.retry}
                    className="mt-2 inline-flex min-h-11 items-center rounded-xl border border-border-strong/50 px-4 font-semibold hover:bg-surface-muted"
                  >
                    {t("actions.retry")}
                  </button>
                </div>
              )
              : (
                <SelectField
                  {...field("borderCrossing")}
                  disabled={borderCrossings.state === "loading"}
                  hint={borderCrossings.state === "loading"
                    ? t("borderCrossing.loading")
                    : undefined}
                  options={borderCrossings.state === "loaded"
                    ? borderCrossings.list.map((b) => ({ value: b.code, label: b.name }))
                    : []}
                />
              )}
            <InputField {...field("passageDate")} type="date" max={today} />
          </div>
        </fieldset>
      )}

      <fieldset className="mt-6">
        <legend className="text-base font-bold">{t("guest.section.contact")}</legend>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <InputField
            {...field("email")}
            type="email"
            optional
            autoComplete="email"
            inputMode="email"
            maxLength={254}
          />
          <InputField
            {...field("telephone")}
            type="tel"
            optional
            autoComplete="tel"
            inputMode="tel"
            maxLength={30}
          />
        </div>
      </fieldset>
    </section>
  );
}
