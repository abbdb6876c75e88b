import { DocumentType, Gender } from "@shared/enums.ts";
import { needsBorderCrossing } from "@shared/eu-countries.ts";
import { GuestForm } from "@shared/schemas/guest.ts";
import type { MrzGuest, MrzGuestReadField } from "@shared/schemas/mrz-guest.ts";
import { initialsOf } from "@shared/guest-initials.ts";
import type { PublicGuest } from "@shared/schemas/guest.ts";

/** The inputs of one guest's form, in the order the form shows them (and errors are focused). */
export const GUEST_FIELDS = [
  "firstName",
  "middleName",
  "surname",
  "gender",
  "dateOfBirth",
  "citizenship",
  "countryOfBirth",
  "cityOfBirth",
  "documentType",
  "documentNumber",
  "countryOfResidence",
  "cityOfResidence",
  "residenceAddress",
  "borderCrossing",
  "passageDate",
  "email",
  "telephone",
] as const;
export type GuestField = (typeof GUEST_FIELDS)[number];
export type GuestValues = Record<GuestField, string>;
export type GuestErrors = Partial<Record<GuestField, string>>;

/** One guest being entered on this phone: the typed values, what the document filled in, errors. */
export interface GuestDraft {
  /** Stable across edits, for React keys and element ids. */
  key: string;
  values: GuestValues;
  /** Fields filled in from the scanned document and not changed since: shown highlighted. */
  prefilled: GuestField[];
  /**
   * Fields the document filled in whose reading is not certain, until the guest edits them or
   * says they are checked: the step does not go on while any is left.
   */
  toCheck: GuestField[];
  /** English messages from the shared schema or the API; the page translates them. */
  errors: GuestErrors;
  /** The scanned document's expiry date, to warn about an expired document. */
  documentExpiry?: string;
}

const EMPTY: GuestValues = Object.fromEntries(GUEST_FIELDS.map((f) => [f, ""])) as GuestValues;

export function newDraft(): GuestDraft {
  return {
    key: crypto.randomUUID(),
    values: { ...EMPTY },
    prefilled: [],
    toCheck: [],
    errors: {},
  };
}

/** Selects offer these; eVisitor registers only male and female guests. */
export const GENDER_CHOICES = [Gender.Male, Gender.Female] as const;
export const DOCUMENT_TYPE_CHOICES = [
  DocumentType.Passport,
  DocumentType.IdentityCard,
  DocumentType.Visa,
  DocumentType.DriversLicence,
  DocumentType.SocialSecurityCard,
] as const;

/** Whether this guest is asked where and when they entered Croatia (residence outside the EU). */
export function asksForEntry(values: GuestValues): boolean {
  return needsBorderCrossing(values.countryOfResidence);
}

const optional = (value: string) => value.trim() === "" ? undefined : value;
const choice = (value: string) => value === "" ? undefined : Number(value);

/** The values as the shared GuestForm schema takes them; entry fields only where they apply. */
export function toGuestFormInput(values: GuestValues): Record<string, unknown> {
  const entry = asksForEntry(values);
  return {
    firstName: values.firstName,
    middleName: optional(values.middleName),
    surname: values.surname,
    gender: choice(values.gender),
    dateOfBirth: values.dateOfBirth,
    citizenship: values.citizenship,
    countryOfBirth: values.countryOfBirth,
    cityOfBirth: values.cityOfBirth,
    countryOfResidence: values.countryOfResidence,
    cityOfResidence: values.cityOfResidence,
    residenceAddress: optional(values.residenceAddress),
    documentType: choice(values.documentType),
    documentNumber: values.documentNumber,
    email: optional(values.email),
    telephone: optional(values.telephone),
    borderCrossing: entry ? values.borderCrossing : undefined,
    passageDate: entry ? values.passageDate : undefined,
  };
}

/** Checks one guest with the shared schema: the form to send, or the first message per field. */
export function validateDraft(
  values: GuestValues,
): { ok: true; guest: GuestForm } | { ok: false; errors: GuestErrors } {
  const parsed = GuestForm.safeParse(toGuestFormInput(values));
  if (parsed.success) return { ok: true, guest: parsed.data };
  const errors: GuestErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as GuestField;
    if (GUEST_FIELDS.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** The first field (in form order) with an error. */
export function firstErrorField(errors: GuestErrors): GuestField | undefined {
  return GUEST_FIELDS.find((field) => errors[field]);
}

/** The form's field each field of the MRZ answer fills in (the expiry date only warns). */
const FORM_FIELD_OF: Record<MrzGuestReadField, GuestField | null> = {
  name: "firstName",
  surname: "surname",
  gender: "gender",
  dateOfBirth: "dateOfBirth",
  citizenship: "citizenship",
  documentType: "documentType",
  documentNumber: "documentNumber",
  documentExpiryDate: null,
};

/** The first field (in form order) still to check against the document. */
export function firstToCheck(draft: GuestDraft): GuestField | undefined {
  return GUEST_FIELDS.find((field) => draft.toCheck.includes(field));
}

/** The guest looked at the field and says it is right (or changed it): no longer to check. */
export function markChecked(draft: GuestDraft, field: GuestField): GuestDraft {
  return draft.toCheck.includes(field)
    ? { ...draft, toCheck: draft.toCheck.filter((f) => f !== field) }
    : draft;
}

/**
 * Fills a draft with what a document's MRZ says. Only what the document says: the places of birth
 * and residence are for the guest to type. An "unspecified" sex (X) is left for the guest to choose.
 * The filled fields the reader is not sure of are to be checked against the document.
 */
export function prefillFromDocument(draft: GuestDraft, mrz: MrzGuest): GuestDraft {
  const found: Partial<GuestValues> = {
    firstName: mrz.name,
    middleName: mrz.middleName ?? "",
    surname: mrz.surname,
    gender: (GENDER_CHOICES as readonly number[]).includes(mrz.gender) ? String(mrz.gender) : "",
    dateOfBirth: mrz.dateOfBirth,
    citizenship: mrz.citizenship ?? "",
    // A visa gives its holder's fields only: the document is the passport, typed or scanned.
    documentType: mrz.documentType === null ? "" : String(mrz.documentType),
    documentNumber: mrz.documentNumber ?? "",
  };
  const filled = (Object.entries(found) as [GuestField, string][]).filter(([, v]) => v !== "");
  const values = { ...draft.values, ...Object.fromEntries(filled) };
  const errors = { ...draft.errors };
  for (const [field] of filled) delete errors[field];
  return {
    ...draft,
    values,
    errors,
    prefilled: filled.map(([field]) => field),
    toCheck: GUEST_FIELDS.filter((field) =>
      field in found && found[field] !== "" &&
      mrz.uncertainFields.some((uncertain) => FORM_FIELD_OF[uncertain] === field)
    ),
    documentExpiry: mrz.documentExpiryDate ?? undefined,
  };
}

/** A person as names go: "Birgitte Rasmussen" and "BIRGITTE  rasmussen" are one. */
export function personKey(name: string, surname: string): string {
  return `${name} ${surname}`.normalize("NFC").toLocaleLowerCase().replace(/\s+/g, " ").trim();
}

/** The drafts a stay already holds (entered through an earlier, interrupted submit). */
export function storedDrafts(
  drafts: GuestDraft[],
  guests: PublicGuest[],
  knownBefore: ReadonlySet<string>,
): { stored: GuestDraft[]; storedIds: string[] } {
  const fresh = guests.filter((g) => !knownBefore.has(g.id));
  const stored: GuestDraft[] = [];
  const storedIds: string[] = [];
  for (const draft of drafts) {
    const key = personKey(draft.values.firstName, draft.values.surname);
    const initials = initialsOf(draft.values.firstName, draft.values.surname);
    // Without this device's receipt (its answer was lost) others' guests come as initials only.
    const match = fresh.find((g) =>
      !storedIds.includes(g.id) &&
      (g.name !== null ? personKey(g.name, g.surname ?? "") === key : g.initials === initials)
    );
    if (match) {
      stored.push(draft);
      storedIds.push(match.id);
    }
  }
  return { stored, storedIds };
}
