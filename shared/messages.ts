/**
 * Validation messages of spec section 5, in the spec's exact English wording.
 * The API answers with these texts; the site maps each one back to its key
 * (see `messageKeyOf`) and shows the translation for the page's language.
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
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Fills `{name}` placeholders of a message template. */
export function formatMessage(
  template: string,
  params: Record<string, string | number> = {},
): string {
  return template.replace(
    /\{(\w+)\}/g,
    (whole, name: string) => name in params ? String(params[name]) : whole,
  );
}

/** Compiles every template once into a matcher that recovers key and parameters from a text. */
const MATCHERS = (Object.entries(MESSAGES) as [MessageKey, string][]).map(([key, template]) => {
  const names: string[] = [];
  const pattern = template
    .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
    .replace(/\\?\{(\w+)\\?\}/g, (_m, name: string) => {
      names.push(name);
      return "(.+?)";
    });
  return { key, names, regex: new RegExp(`^${pattern}$`) };
});

/** Finds which message a text is, with its parameters, so a client can translate it. */
export function messageKeyOf(
  text: string,
): { key: MessageKey; params: Record<string, string> } | undefined {
  for (const { key, names, regex } of MATCHERS) {
    const match = regex.exec(text);
    if (match) {
      return { key, params: Object.fromEntries(names.map((n, i) => [n, match[i + 1]])) };
    }
  }
  return undefined;
}
