import type { ReactNode } from "react";
import { DocumentType, Gender } from "@shared/enums.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate } from "../../i18n/translate.ts";
import { SelectField } from "../../ui/forms/SelectField.tsx";
import { TextField } from "../../ui/forms/TextField.tsx";
import { todayInZagreb } from "../../lib/format/stay-dates.ts";
import { BorderCrossingField } from "./BorderCrossingField.tsx";
import { countryOptions } from "../../lib/format/country-names.ts";
import { DateField } from "./DateField.tsx";
import { SettlementField } from "./SettlementField.tsx";
import type { GuestFormValues } from "./guest-form-values.ts";
import type { CrossingsLoad } from "./use-border-crossings.ts";
import { TaxCategoryField } from "./TaxCategoryField.tsx";
import type { TaxCategoriesLoad } from "./use-tax-categories.ts";
import type { GuestFieldProps } from "./use-guest-form.ts";

const GENDERS = [Gender.Female, Gender.Male, Gender.Unspecified] as const;
const DOCUMENTS = [
  DocumentType.IdentityCard,
  DocumentType.Passport,
  DocumentType.Visa,
  DocumentType.DriversLicence,
  DocumentType.SocialSecurityCard,
] as const;

interface GuestFormFieldsProps {
  t: Translate;
  lang: Locale;
  field: (name: keyof GuestFormValues) => GuestFieldProps;
  /** The guest lives outside the EU: the border crossing and date of entry are asked too. */
  outsideEu: boolean;
  crossings: { load: CrossingsLoad; retry: () => void };
  /** The tourist-tax categories of the chosen stay's property. */
  taxCategories: { load: TaxCategoriesLoad; retry: () => void };
  /** A stay is chosen (the crossings are read for its property). */
  hasStay: boolean;
  /** The chosen stay's code ("" for none): Croatian settlements are searched for its property. */
  reservationCode: string;
}

const CROATIA = "HRV";

/**
 * The fields of the shared GuestForm in their sections: the person, birth, residence, document,
 * entry (only for guests living outside the EU) and contact.
 */
export function GuestFormFields(
  { t, lang, field, outsideEu, crossings, taxCategories, hasStay, reservationCode }:
    GuestFormFieldsProps,
) {
  /** A country whose city goes with it: a new choice across Croatia's border clears the city. */
  const country = (name: "countryOfBirth" | "countryOfResidence", city: keyof GuestFormValues) => {
    const own = field(name);
    const cityField = field(city);
    return {
      ...own,
      onChange: (event: { target: { value: string } }) => {
        const code = event.target.value;
        if ((code === CROATIA) !== (own.value === CROATIA) && cityField.value) {
          cityField.onChange({ target: { value: "" } });
        }
        own.onChange(event);
      },
    };
  };
  /** A city: from eVisitor's settlements in Croatia, typed for any other country. */
  const city = (name: "cityOfBirth" | "cityOfResidence", countryCode: string, label: string) =>
    countryCode === CROATIA
      ? (
        <SettlementField
          key={`${name}-settlement`}
          {...field(name)}
          t={t}
          lang={lang}
          label={label}
          reservationCode={reservationCode}
        />
      )
      : (
        <TextField
          key={name}
          {...field(name)}
          label={label}
          autoComplete="off"
          maxLength={100}
          required
        />
      );
  const today = todayInZagreb();
  const countryChoices = [
    { value: "", label: t("guests.form.chooseCountry") },
    ...countryOptions(lang),
  ];
  return (
    <>
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
          {...country("countryOfBirth", "cityOfBirth")}
          label={t("guests.form.countryOfBirth")}
          required
          options={countryChoices}
        />
        {city("cityOfBirth", field("countryOfBirth").value, t("guests.form.cityOfBirth"))}
      </Section>

      <Section legend={t("guests.form.residence")}>
        <SelectField
          {...country("countryOfResidence", "cityOfResidence")}
          label={t("guests.form.countryOfResidence")}
          required
          options={countryChoices}
        />
        {city(
          "cityOfResidence",
          field("countryOfResidence").value,
          t("guests.form.cityOfResidence"),
        )}
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

      {hasStay && (
        <Section legend={t("guests.form.tax")}>
          <div className="sm:col-span-2">
            <TaxCategoryField
              t={t}
              load={taxCategories.load}
              onRetry={taxCategories.retry}
              {...field("taxCategory")}
            />
          </div>
        </Section>
      )}

      {outsideEu && (
        <Section legend={t("guests.form.entry")} hint={t("guests.form.entryHint")}>
          <BorderCrossingField
            t={t}
            load={crossings.load}
            onRetry={crossings.retry}
            hasStay={hasStay}
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
    </>
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
