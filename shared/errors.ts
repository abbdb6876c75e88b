import { DOOR_OPENS_EVENING_BEFORE } from "./door-window.ts";
import { MESSAGES } from "./messages.ts";

/**
 * The closed set of server error codes (spec section 8) with their HTTP status and the
 * message a person reads. Problem-details answers carry the code in `code` and the
 * message in `detail`; `type` is a stable URL per code.
 */
export const ERROR_CODES = {
  ValidationFailed: { status: 400, title: "One or more validation errors occurred." },
  BadRequest: { status: 400, title: "The request is not valid." },
  MalformedJson: { status: 400, title: "The request body is not valid JSON." },
  DuplicateEmail: { status: 400, title: MESSAGES.duplicateEmail },
  InvalidEmail: { status: 400, title: MESSAGES.email },
  PasswordTooShort: { status: 400, title: "The password is too short." },
  PasswordRequiresNonAlphanumeric: {
    status: 400,
    title: "The password must contain a special character.",
  },
  PasswordRequiresDigit: { status: 400, title: "The password must contain a digit." },
  PasswordRequiresLower: { status: 400, title: "The password must contain a lowercase letter." },
  PasswordRequiresUpper: { status: 400, title: "The password must contain an uppercase letter." },
  GenericError: { status: 500, title: "An error occurred. Please try again." },
  SubscriptionNotFound: { status: 403, title: "No active subscription found." },
  SubscriptionExpired: { status: 403, title: "Your subscription has expired." },
  SubscriptionLimitReached: { status: 403, title: "You have reached your subscription limit." },
  ExternalAccountNotFound: { status: 404, title: "The external account was not found." },
  ExternalAccountInvalid: { status: 400, title: "The external account credentials are invalid." },
  ExternalAccountExists: { status: 409, title: "This external account is already connected." },
  ExternalAccountLimit: {
    status: 403,
    title: "External account limit reached for your subscription.",
  },
  SpamDetected: { status: 400, title: MESSAGES.spamDetected },
  InvalidCredentials: { status: 401, title: "Incorrect email or password. Please try again." },
  EmailNotConfirmed: {
    status: 401,
    title: "Please confirm your e-mail address first. We sent you a link when you registered.",
  },
  RequiresTwoFactor: { status: 401, title: "Enter the code from your authenticator app." },
  InvalidTwoFactorCode: { status: 401, title: MESSAGES.invalidTwoFactorCode },
  LockedOut: {
    status: 429,
    title: "Too many failed sign-in attempts. Please wait a few minutes and try again.",
  },
  InvalidRefreshToken: { status: 401, title: "Your session has ended. Please sign in again." },
  InvalidToken: { status: 400, title: "This link is invalid or has expired." },
  ReservationOverlap: { status: 409, title: MESSAGES.dateRangeTaken },
  ImportedReservation: {
    status: 409,
    title: "This stay comes from a booking platform's calendar; change its dates there.",
  },
  CheckInClosed: {
    status: 409,
    title: "Check-in for this stay is closed: it is over or was cancelled.",
  },
  GuestAlreadyCheckedIn: { status: 409, title: "This guest is already checked in for this stay." },
  TooManyGuests: { status: 400, title: "There are more guests than this accommodation sleeps." },
  GuestCheckedOut: {
    status: 409,
    title: "This guest has checked out: eVisitor takes no more changes to the registration.",
  },
  ReservationHasRegisteredGuests: {
    status: 409,
    title: "Guests of this stay are checked in with eVisitor: check them out before deleting it.",
  },
  RegisteredArrivalLocked: {
    status: 409,
    title: "Guests of this stay are registered with eVisitor, which does not let the arrival " +
      "change: choose to cancel their registrations and register them again with the new dates.",
  },
  CannotCheckOut: {
    status: 409,
    title: "Only a guest registered with eVisitor can be checked out.",
  },
  CannotCancelRegistration: {
    status: 409,
    title: "Only a guest registered with eVisitor and not checked out can have the " +
      "registration cancelled.",
  },
  CannotUndoCheckOut: {
    status: 409,
    title: "Only a guest checked out of eVisitor can have the check-out undone.",
  },
  UnknownCode: {
    status: 404,
    title: "This code does not exist — check the link or ask your host.",
  },
  NoStayToday: {
    status: 404,
    title: "There is no stay in this unit today. Check-in by the door code opens at " +
      `${DOOR_OPENS_EVENING_BEFORE} the evening before arrival.`,
  },
  StayRequestClosed: {
    status: 409,
    title: "This stay request was already answered or has expired.",
  },
  StayRequestLimit: {
    status: 409,
    title: "A stay request for this accommodation is already waiting for the host.",
  },
  CannotImpersonate: { status: 403, title: "This user cannot be impersonated." },
  LastAdministrator: {
    status: 409,
    title: "The last administrator's account cannot be deleted: make someone else an " +
      "administrator first.",
  },
  AccountDeletionPending: {
    status: 409,
    title: "This account is scheduled for deletion: cancel the deletion first.",
  },
  Unauthorized: { status: 401, title: "Authentication is required." },
  Forbidden: { status: 403, title: "You don't have permission to do this." },
  NotFound: { status: 404, title: "The requested resource was not found." },
  MethodNotAllowed: { status: 405, title: "This method is not allowed here." },
  PayloadTooLarge: { status: 413, title: "The request body is too large." },
  UnsupportedMediaType: { status: 415, title: "The request body must be JSON." },
  TooManyRequests: { status: 429, title: "Too many requests. Please wait and try again." },
  ServiceUnavailable: { status: 503, title: "The service is temporarily unavailable." },
  ImageNotSupported: {
    status: 400,
    title: "This file is not a photo. Please upload a JPEG, PNG or WebP photo of the document.",
  },
  ImageTooLarge: { status: 413, title: "The photo is too large: at most 8 MB." },
  DocumentUnreadable: {
    status: 422,
    title: "We could not read the document; please type the details.",
  },
  ImportFileTooLarge: { status: 413, title: "The file is too large: at most 5 MB." },
  ImportTooManyRows: { status: 400, title: "The file has too many rows: at most 5,000 stays." },
  ImportFileUnreadable: {
    status: 400,
    title: "The file could not be read. Please upload a CSV or XLSX file made from the template.",
  },
  ImportChanged: {
    status: 409,
    title: "The stays changed since the preview. Please preview the file again.",
  },
  MemberAlreadyInvited: {
    status: 409,
    title: "This address is already a member of the property or invited to it.",
  },
  DocumentScanUnavailable: {
    status: 503,
    title: "Document scanning is not available right now; please type the details.",
  },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Stable documentation URL used as the problem `type` of each code. */
export function problemTypeOf(code: ErrorCode): string {
  return `/api/problems/${code}`;
}
