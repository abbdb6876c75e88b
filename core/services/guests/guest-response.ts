import type { DocumentType, Gender } from "@shared/enums.ts";
import type {
  Guest,
  GuestApprovalState,
  PublicGuest,
  ReceptionGuest,
} from "@shared/schemas/guest.ts";
import {
  HELD_FOR_HOST,
  type RegistrationFailure,
  registrationFailureOf,
  registrationFailureText,
} from "@shared/registration-failures.ts";
import type { guests } from "../../db/schema/guests.ts";
import { initialsOf } from "@shared/guest-initials.ts";

export { initialsOf };
import type { SecretBox } from "../../platform/crypto/secret-box.ts";

export type GuestRow = typeof guests.$inferSelect;

/**
 * The guest's document number, opened; "" once the guest's personal data was removed after the
 * retention period (nothing sealed is left to open).
 */
export async function documentNumberOf(row: GuestRow, secretBox: SecretBox): Promise<string> {
  if (row.anonymisedAt || row.documentNumberSealed === "") return "";
  return await secretBox.open(row.documentNumberSealed);
}

/**
 * Why registering the guest failed: the English sentence the API has always answered and, beside
 * it, the code (only when it failed). Rows from before the code column are read back to theirs.
 */
export function registrationFailureFields(
  row: Pick<GuestRow, "registrationFailure" | "registrationError">,
): { registrationError: string | null; registrationFailure?: RegistrationFailure } {
  const failure = registrationFailureOf(row);
  return failure
    ? { registrationError: registrationFailureText(failure), registrationFailure: failure }
    : { registrationError: null };
}

/**
 * A guest as the API answers it. The document number is opened only for the host's own views;
 * `null` here leaves it out (the public check-in page never shows it back).
 */
export function toGuest(
  row: GuestRow,
  documentNumber: string | null,
  nextDeadline: string | null,
): Guest {
  return {
    id: row.id,
    guid: row.guid,
    name: row.name,
    middleName: row.middleName,
    surname: row.surname,
    gender: row.gender as Gender,
    dateOfBirth: row.dateOfBirth,
    citizenship: row.citizenship,
    countryOfBirth: row.countryOfBirth,
    cityOfBirth: row.cityOfBirth,
    countryOfResidence: row.countryOfResidence,
    cityOfResidence: row.cityOfResidence,
    residenceAddress: row.residenceAddress,
    documentType: row.documentType as DocumentType,
    documentNumber: documentNumber ?? "",
    email: row.email,
    telephone: row.telephone,
    status: row.status,
    borderCrossing: row.borderCrossing,
    passageDate: row.passageDate,
    taxCategory: row.taxCategory,
    registrationState: row.registrationState,
    ...registrationFailureFields(row),
    registrationRetryAt: row.registrationRetryAt?.toISOString() ?? null,
    nextDeadline,
    anonymisedAt: row.anonymisedAt?.toISOString() ?? null,
    cancelRequestedAt: row.cancelRequestedAt?.toISOString() ?? null,
    undoCheckOutRequestedAt: row.undoCheckOutRequestedAt?.toISOString() ?? null,
    approval: approvalOf(row),
  };
}

/**
 * Where the host's approval of the guest stands (issue 32): "waiting" while held for it and still
 * to be registered, "declined" once the host said "not my guest" on the approval page; null for a
 * guest not held, approved, disowned or no longer waiting.
 */
export function approvalOf(
  row: Pick<
    GuestRow,
    | "approvalRequestedAt"
    | "approvedAt"
    | "approvalDeclinedAt"
    | "disownedAt"
    | "status"
    | "registrationState"
  >,
): GuestApprovalState | null {
  if (!heldForHost(row) || row.disownedAt || row.status !== "PreCheckIn") return null;
  if (row.registrationState !== "waiting") return null;
  return row.approvalDeclinedAt ? "declined" : "waiting";
}

/**
 * A guest as a member without the right to documents (reception) sees it (issue 30, N5): the
 * names and the check-in and registration state, nothing else of the person.
 */
export function toReceptionGuest(guest: Guest): ReceptionGuest {
  return {
    id: guest.id,
    guid: guest.guid,
    name: guest.name,
    middleName: guest.middleName,
    surname: guest.surname,
    status: guest.status,
    registrationState: guest.registrationState,
    registrationError: guest.registrationError,
    ...(guest.registrationFailure ? { registrationFailure: guest.registrationFailure } : {}),
    registrationRetryAt: guest.registrationRetryAt,
    nextDeadline: guest.nextDeadline,
    anonymisedAt: guest.anonymisedAt,
    cancelRequestedAt: guest.cancelRequestedAt,
    undoCheckOutRequestedAt: guest.undoCheckOutRequestedAt,
    approval: guest.approval ?? null,
  };
}

/**
 * A guest who came in alone while the property does not check guests in automatically and whom
 * the host has not approved yet (issue 20 item 4).
 */
export function heldForHost(row: Pick<GuestRow, "approvalRequestedAt" | "approvedAt">): boolean {
  return row.approvalRequestedAt !== null && row.approvedAt === null;
}

/**
 * A guest on the check-in page: initials and registration state; the full name only when
 * `inFull` (the reader's check-in receipt entered this guest).
 */
export function toPublicGuest(row: GuestRow, inFull = false): PublicGuest {
  const failure = registrationFailureOf(row);
  // Held by the product for the host (a place not in eVisitor's list, a closed facility): the
  // guest sees it waiting for the host, not as eVisitor's refusal in the host's words.
  const heldHere = row.registrationState === "failed" && !!failure &&
    HELD_FOR_HOST.has(failure.code);
  return {
    id: row.id,
    initials: initialsOf(row.name, row.surname),
    name: inFull ? row.name : null,
    surname: inFull ? row.surname : null,
    status: row.status,
    registrationState: heldHere ? "waiting" : row.registrationState,
    registrationError: heldHere ? null : registrationFailureText(failure),
    registrationRetryAt: row.registrationRetryAt?.toISOString() ?? null,
    awaitingHost: heldHere || (heldForHost(row) && row.registrationState === "waiting"),
  };
}
