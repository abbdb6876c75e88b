/**
 * Why a guest's registration (or check-out) with eVisitor failed, as the evisitor worker stores it
 * (guests.registration_failure) and the API sends it; the site translates each code
 * (guests.registrationFailure.{code}). `detail` is free text beside the code: eVisitor's own
 * message when it refused the data ("evisitor-refused"), or the code eVisitor does not offer.
 */
export const REGISTRATION_FAILURES = [
  /** eVisitor refused the data; its own message (Croatian) is the detail. */
  "evisitor-refused",
  "credentials",
  "locked-out",
  "api-key",
  "forbidden",
  /** eVisitor did not answer and no automatic retry is planned. */
  "unanswered",
  /** eVisitor did not answer; the registration is sent again by itself. */
  "unanswered-retrying",
  /**
   * eVisitor's firewall refused the request (its HTML block page); the detail is the page's
   * support ID, null when the page named none. Sent again by itself later, like an unanswered one.
   */
  "firewall",
  "stay-cancelled",
  "unknown-document-type",
  "gender-not-recorded",
  /** The detail is the code eVisitor does not offer. */
  "document-type-not-offered",
  /** Written by older workers, which chose the category from a fixed list. */
  "payment-category-not-offered",
  /**
   * No category the facility offers fits the guest's age by itself: the host must choose one
   * (guests.tax_category, sent again with it). The detail is the age group and the categories
   * offered ("18+: 5 …, 11 …").
   */
  "payment-category-choice",
  "arrival-not-offered",
  "no-overnight-service",
  /**
   * eVisitor's FacilityTouristCheckInLookup no longer lists the property's facility (the tourist
   * board deactivated it): nothing is sent until the host settles it with the tourist board.
   */
  "facility-closed",
  /**
   * A city in Croatia (of residence, or of birth) is not one of eVisitor's settlements: eVisitor
   * would refuse it or take it wrongly, so it is never sent; the host picks the place from the
   * list. The detail is the city as entered.
   */
  "city-not-settlement",
  /**
   * A check-out asked for on the arrival day before the arrival time registered with eVisitor:
   * no honest time can be sent (not before the arrival, not in the future), so nothing is. The
   * detail is the registered arrival time (hh:mm).
   */
  "checkout-before-arrival",
] as const;
export type RegistrationFailureCode = (typeof REGISTRATION_FAILURES)[number];

/**
 * The failures of work that stopped only because eVisitor refused the account's login: it is held
 * until the account's credentials change, and then goes again by itself
 * (core/services/external-accounts/resend-held.ts).
 */
export const LOGIN_FAILURES = ["credentials", "api-key", "locked-out"] as const;

export function isHeldByLogin(failure: { code: string } | null | undefined): boolean {
  return (LOGIN_FAILURES as readonly string[]).includes(failure?.code ?? "");
}

/**
 * Failures that are the product holding a registration for the host to settle, not eVisitor
 * refusing it: the guest's check-in page shows such a guest as waiting for the host.
 */
export const HELD_FOR_HOST: ReadonlySet<RegistrationFailureCode> = new Set([
  "city-not-settlement",
  "facility-closed",
]);

export interface RegistrationFailure {
  code: RegistrationFailureCode;
  detail: string | null;
}

/**
 * The English sentence of each failure, as the API has always answered it (`registrationError`);
 * `{detail}` stands for the detail. Older workers stored only the sentence: migration
 * 0044_guest_failure_codes turned those rows into codes, so no sentence is read back.
 */
const SENTENCES: Record<RegistrationFailureCode, string> = {
  "evisitor-refused": "{detail}",
  "credentials": "eVisitor no longer accepts the connected account's username and password.",
  "locked-out": "The eVisitor account is temporarily locked after failed sign-ins.",
  "api-key": "eVisitor refused the account's API key.",
  "forbidden": "The eVisitor account may not register guests in this property.",
  "unanswered": "eVisitor did not answer. Try the registration again later.",
  "unanswered-retrying":
    "eVisitor did not answer. Prijavko will send the registration again by itself.",
  "firewall": "eVisitor's firewall refused the request (support ID: {detail}).",
  "stay-cancelled": "The stay was cancelled.",
  "unknown-document-type": "Unknown document type.",
  "gender-not-recorded": "eVisitor records a guest as male or female: choose one.",
  "document-type-not-offered":
    'eVisitor does not offer the document type "{detail}" for this property.',
  "payment-category-not-offered":
    'eVisitor does not offer the tourist tax category "{detail}" for this property.',
  "payment-category-choice":
    "No tourist tax category eVisitor offers for this property fits the guest's age by itself. " +
    "Choose the one that applies to the guest, or ask the tourist board to allow the usual one " +
    "for this age. Age group and categories offered: {detail}.",
  "arrival-not-offered": 'eVisitor does not offer the arrival "{detail}" for this property.',
  "no-overnight-service": "eVisitor lists no overnight service type.",
  "facility-closed": "eVisitor no longer takes check-ins into this property (the tourist board " +
    "has deactivated its facility). Nothing was sent. Ask the tourist board to reactivate it, " +
    "then send the registration again.",
  "city-not-settlement": 'The place in Croatia "{detail}" is not one of eVisitor\'s places, so ' +
    "nothing was sent. Open the guest, choose the place from the list, and save.",
  "checkout-before-arrival": "The guest is leaving before the arrival time registered with " +
    "eVisitor ({detail}); a check-out can be dated neither before the arrival nor in the future, " +
    "so nothing was sent. Check the guest out once that time has passed, or cancel the registration if " +
    "the guest did not stay.",
};

/**
 * The sentence of a failure whose detail may be missing, said without it: a firewall page that
 * names no support ID must not read "(support ID: )".
 */
const WITHOUT_DETAIL: Partial<Record<RegistrationFailureCode, string>> = {
  "firewall": "eVisitor's firewall refused the request.",
};

export function isRegistrationFailureCode(value: unknown): value is RegistrationFailureCode {
  return (REGISTRATION_FAILURES as readonly unknown[]).includes(value);
}

/** The English sentence of a failure (the API's `registrationError`). */
export function registrationFailureText(failure: RegistrationFailure): string;
export function registrationFailureText(failure: RegistrationFailure | null): string | null;
export function registrationFailureText(failure: RegistrationFailure | null): string | null {
  if (!failure) return null;
  const bare = failure.detail ? undefined : WITHOUT_DETAIL[failure.code];
  return bare ?? SENTENCES[failure.code].replace("{detail}", failure.detail ?? "");
}

/** A guest's failure from its stored columns: the code with its detail, null when none. */
export function registrationFailureOf(
  stored: { registrationFailure: string | null; registrationError: string | null },
): RegistrationFailure | null {
  const { registrationFailure: code, registrationError: detail } = stored;
  return isRegistrationFailureCode(code) ? { code, detail } : null;
}
