/**
 * Validation and problem messages. Each English sentence lives here once, under its key (spec
 * section 5 gives most of them word for word). A message travels as its key with parameters, never
 * as its English text: zod issues, `AppError` field maps and the site's form errors carry a message
 * token (`message(key, params)`); the API writes the English beside the key in its answers
 * (`messageText`), and the site translates the key (`validation.<key>`). Nothing reads an English
 * sentence back into its key.
 */
export const MESSAGES = {
  required: "This field is required",
  fieldRequired: "{field} is required",
  email: "Please enter a valid email address",
  emailMustBeValid: "E-mail must be valid",
  passwordMinLength: "Password must be at least {length} characters",
  passwordComplexity:
    "Password must contain a lowercase letter, an uppercase letter, a digit and a special character",
  passwordConfirmationRequired: "Please confirm your password",
  passwordsDoNotMatch: "Passwords do not match",
  numberRequired: "A number is required",
  numberInvalid: "Please enter a valid number",
  numberWhole: "Please enter a whole number",
  numberMin: "The value must be at least {min}",
  numberMax: "The value must be at most {max}",
  lengthMin: "Must be at least {min} characters",
  lengthMax: "Must be at most {max} characters",
  dateRequired: "Date is required",
  dateInvalid: "Please enter a valid date",
  dateFuture: "The date must be in the future",
  datePast: "The date must be in the past",
  dateAfter: "The date must be after {date}",
  dateBefore: "The date must be before {date}",
  dateRangeRequired: "Please select a date range",
  dateRangeAtLeastOneDay: "Please select at least one day",
  dateRangeTaken: "There is already a reservation for this date",
  selectRequired: "Please select an option",
  nameExists: "This name already exists",
  invalidType: "Invalid type selected",
  spamDetected: "Spam detected.",
  checkinGuestRequired: "At least one guest is required to proceed",
  checkinGuestsIncomplete: "Please complete all guest information before proceeding",
  checkinTermsRequired: "You must accept the terms and privacy policy to continue",
  legalAcceptanceRequired:
    "You must accept the terms of use, the privacy policy and the data-processing agreement",
  ratingRequired: "Please choose a rating from 1 to 5",
  parameterMustBeDefined: "The parameter '{name}' must be defined.",
  /** Not in the spec: the profile's OIB fails its ISO 7064 MOD 11,10 check digit. */
  oibInvalid: "Please enter a valid OIB",
  /** Not in the spec: an imported row names a unit the host has neither by name nor by code. */
  importUnitUnknown: "None of your units has this name or code",
  /** The e-mail of a new account is taken (also the DuplicateEmail code's title). */
  duplicateEmail: "This email is already registered.",
  /** The password that proves the caller (re-authentication, deleting the account) is wrong. */
  incorrectPassword: "Incorrect password.",
  /** A wrong authenticator or recovery code (also the InvalidTwoFactorCode code's title). */
  invalidTwoFactorCode: "The verification code is not valid.",
  evisitorCredentialsRejected: "eVisitor did not accept this username and password.",
  evisitorCredentialsRejectedNothingSaved:
    "eVisitor did not accept this username and password. Nothing was saved.",
  /** Why checking an eVisitor account failed (the problem's detail; nothing was saved). */
  evisitorLockedOut: "eVisitor has temporarily locked this account after failed logins. " +
    "Wait a few minutes, check the password, then try again.",
  evisitorApiKeyRejectedDetail: "eVisitor's test service refused the API key. Check it, or " +
    "leave it empty for the production service.",
  evisitorApiKeyMissingDetail: "eVisitor's test service needs an API key for this account. " +
    "Enter the key HTZ/eVisitor support issued for it. Nothing was saved.",
  evisitorFirewall:
    "eVisitor's firewall refused the request. Nothing was saved; please try again later.",
  evisitorFirewallWithId: "eVisitor's firewall refused the request (support ID {supportId}). " +
    "Nothing was saved; please try again later.",
  evisitorUnreachable: "eVisitor could not be reached to check the account. Nothing was saved; " +
    "please try again in a few minutes.",
  /** An API key eVisitor's test service refused, or needs and was not given. */
  evisitorApiKeyRejected: "eVisitor refused this API key.",
  evisitorApiKeyMissing: "eVisitor's test service needs an API key.",
  /**
   * An eVisitor account connected already: by this host, or by another host, who is not named
   * (the answer must not tell who uses which eVisitor account) but can invite this one.
   */
  evisitorAccountConnected: "This eVisitor account is already connected.",
  evisitorAccountConnectedByOtherHost:
    "This eVisitor account is already connected by another host. Ask that host to invite you to the property's team.",
  evisitorNewCredentialsRequired: "Enter the new password or the new API key.",
  /** A chosen tourist tax category is not among those offered. */
  taxCategoryNotOffered: "eVisitor does not offer this tourist tax category for this property.",
  apiTokenScopeRequired: "Choose at least one scope",
  apiTokenExpiryPast: "The expiry must be in the future",
  /** A stay entered with more guests than its unit sleeps. */
  stayGuestsOverCapacity:
    "More guests than the unit sleeps (beds and extra beds): enter fewer or choose a larger unit.",
  /** A stay beyond the plan's stays a month (entered by hand, or a row of an import). */
  planMonthFull: "Your plan includes {limit} stays a month; {month} is full.",
  /** A stay's guests would be more than its unit or property sleeps (the check-in page's field). */
  stayCapacityReached: "At most {capacity} guests can stay here.",
  calendarLinksInvalid: "Please enter valid calendar links",
  calendarLinksTooMany: "At most {max} calendar links",
  /** Row messages of the reservation import beyond the guest form's own. */
  importGuestWithoutStay: "A guest's row needs its stay's row above it.",
  importTooManyGuests: "More guests are listed than the stay's number of guests.",
  importGuestRowInvalid: "A guest of this stay has errors; see the guest's row.",
  importDocumentTwice: "This document is already listed for this stay.",
  importDepartureBeforeArrival:
    "Departure is before arrival: check both dates; departure is the day the guests leave.",
  /**
   * Why an import file could not be read (the `detail` of ImportFileUnreadable), each saying what
   * to do. Issue 32, item 8: "the file cannot be read" alone left a host nowhere to go.
   */
  importUnreadableOldExcel: "This is an old Excel file (.xls) or one locked with a password. In " +
    "Excel choose Save As, then Excel Workbook (.xlsx) or CSV, without a password, and upload " +
    "that file.",
  importUnreadableDamagedXlsx: "The file could not be opened as an Excel workbook (.xlsx): it is " +
    "damaged or another kind of file. Open it in Excel, save it as Excel Workbook (.xlsx) or CSV " +
    "and upload that file.",
  importUnreadableNotText: "This is not a spreadsheet or CSV file (it may be a PDF, an image or " +
    "a document). Save the list of stays from Excel as Excel Workbook (.xlsx) or CSV and upload " +
    "that file.",
  importUnreadableEmpty: "The file has no rows. Fill in the template and upload it.",
  importUnreadableNoHeader: "The first row must name the template's columns: at least Unit, " +
    "Arrival, Departure, Guests and Lead guest (in Croatian or English). Copy the header row " +
    "from the template.",
} as const;

export type MessageKey = keyof typeof MESSAGES;

/**
 * Names of the fields a message may name (`{field}` of "{field} is required"), by key; the message
 * carries the key and the site shows `field.<key>` in the page's language.
 */
export const FIELD_NAMES = {
  borderCrossing: "Border crossing",
  citizenship: "Citizenship",
  cityOfBirth: "City of birth",
  cityOfResidence: "City of residence",
  countryOfBirth: "Country of birth",
  countryOfResidence: "Country of residence",
  currentPassword: "Current password",
  dateOfBirth: "Date of birth",
  dateOfEntry: "Date of entry",
  documentNumber: "Document number",
  documentType: "Document type",
  email: "Email",
  entity: "entity",
  firstName: "First name",
  gender: "Gender",
  lastName: "Last name",
  leadGuest: "Lead guest",
  message: "Message",
  name: "Name",
  newEmail: "New email",
  password: "Password",
  reason: "Reason",
  reservationCode: "Reservation code",
  surname: "Surname",
  unit: "Unit",
  username: "Username",
  verificationCode: "Verification code",
  wifiName: "WiFi name",
  wifiPassword: "WiFi password",
} as const;

export type FieldName = keyof typeof FIELD_NAMES;

export type MessageParams = Record<string, string | number>;

/** A message as it travels in a structured answer: its key and parameters. */
export interface MessageCode {
  code: MessageKey;
  params?: MessageParams;
}

/**
 * Zod issues and field maps hold strings, so a message rides in them as a token: the key with its
 * parameters encoded (`msg:numberMax?max=50`). It is a code, never shown; `messageText` gives the
 * English and the site translates the key.
 */
const TOKEN_PREFIX = "msg:";

/** The token of a message, for a zod `error`, a field map or a form's errors. */
export function message(key: MessageKey, params?: MessageParams): string {
  const query = params && Object.keys(params).length > 0
    ? `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`
    : "";
  return `${TOKEN_PREFIX}${key}${query}`;
}

/** "{field} is required" for a field named by its key. */
export function requiredMessage(field: FieldName): string {
  return message("fieldRequired", { field });
}

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === "string" && Object.hasOwn(MESSAGES, value);
}

function isFieldName(value: unknown): value is FieldName {
  return typeof value === "string" && Object.hasOwn(FIELD_NAMES, value);
}

/** The key and parameters of a token; undefined for any other text (eVisitor's own words). */
export function parseMessage(token: string): MessageCode | undefined {
  if (!token.startsWith(TOKEN_PREFIX)) return undefined;
  const [key, query] = token.slice(TOKEN_PREFIX.length).split("?", 2);
  if (!isMessageKey(key)) return undefined;
  if (query === undefined) return { code: key };
  return { code: key, params: Object.fromEntries(new URLSearchParams(query)) };
}

/** Fills `{name}` placeholders of a message template. */
export function formatMessage(template: string, params: MessageParams = {}): string {
  return template.replace(
    /\{(\w+)\}/g,
    (whole, name: string) => Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** The English of a message by its key, a `{field}` parameter named in English. */
export function englishOf({ code, params = {} }: MessageCode): string {
  const field = params.field;
  const named = isFieldName(field) ? { ...params, field: FIELD_NAMES[field] } : params;
  return formatMessage(MESSAGES[code], named);
}

/** The English of a token; any other text (eVisitor's own words, zod's defaults) as it is. */
export function messageText(text: string): string {
  const parsed = parseMessage(text);
  return parsed ? englishOf(parsed) : text;
}
