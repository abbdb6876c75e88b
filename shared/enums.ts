import { z } from "zod";

/**
 * Enumerations of spec sections 3 and 4. Numeric enums keep the spec's exact numbers (they are the
 * wire values); the others are string tuples so the database layer can derive its columns and
 * checks from the same list.
 */

export const WifiEncryptionType = { None: 0, WEP: 1, WPA: 2 } as const;
export const WifiEncryptionTypeSchema = z.enum(WifiEncryptionType);
export type WifiEncryptionType = (typeof WifiEncryptionType)[keyof typeof WifiEncryptionType];

/**
 * The spec numbers only EVisitor (0) and names Unknown without a value. Unknown gets -1 rather
 * than 1 so that a second real provider can later take 1 without changing stored data.
 */
export const ExternalAccountType = { Unknown: -1, EVisitor: 0 } as const;
export const ExternalAccountTypeSchema = z.enum(ExternalAccountType);
export type ExternalAccountType = (typeof ExternalAccountType)[keyof typeof ExternalAccountType];

/** Unknown is -1 for the same reason as ExternalAccountType.Unknown: 4 stays free for a real state. */
export const ExternalAccountStatus = {
  Unknown: -1,
  Created: 0,
  Edited: 1,
  Synchronized: 2,
  Provisioning: 3,
} as const;
export const ExternalAccountStatusSchema = z.enum(ExternalAccountStatus);
export type ExternalAccountStatus =
  (typeof ExternalAccountStatus)[keyof typeof ExternalAccountStatus];

export const DocumentType = {
  IdentityCard: 0,
  Passport: 1,
  Visa: 2,
  DriversLicence: 3,
  SocialSecurityCard: 4,
} as const;
export const DocumentTypeSchema = z.enum(DocumentType);
export type DocumentType = (typeof DocumentType)[keyof typeof DocumentType];

export const Gender = { Male: 0, Female: 1, Unspecified: 2 } as const;
export const GenderSchema = z.enum(Gender);
export type Gender = (typeof Gender)[keyof typeof Gender];

export const ReservationFilter = { All: 0, Upcoming: 1, Ongoing: 2, Completed: 3 } as const;
export const ReservationFilterSchema = z.enum(ReservationFilter);
export type ReservationFilter = (typeof ReservationFilter)[keyof typeof ReservationFilter];

/**
 * What a reservation holds: guests arriving (Booking), dates closed by the host or a platform
 * with nobody to check in (Block), or a platform that does not say (Unknown, treated as occupied).
 */
export const RESERVATION_KIND_VALUES = ["Booking", "Block", "Unknown"] as const;
export const ReservationKindSchema = z.enum(RESERVATION_KIND_VALUES);
export type ReservationKind = z.infer<typeof ReservationKindSchema>;

export const SubscriptionStatus = { Active: 0, Expired: 1, Cancelled: 2 } as const;
export const SubscriptionStatusSchema = z.enum(SubscriptionStatus);
export type SubscriptionStatus = (typeof SubscriptionStatus)[keyof typeof SubscriptionStatus];

export const PurchaseRequestStatus = {
  Pending: 0,
  Paid: 1,
  Trial: 2,
  Expired: 3,
  Cancelled: 4,
} as const;
export const PurchaseRequestStatusSchema = z.enum(PurchaseRequestStatus);
export type PurchaseRequestStatus =
  (typeof PurchaseRequestStatus)[keyof typeof PurchaseRequestStatus];

/** The spec gives no numbers for these; Unknown is what a value outside the list becomes. */
export const RESERVATION_STATUSES = [
  "Pending",
  "Active",
  "CheckedIn",
  "Completed",
  "Expired",
  "Canceled",
  "Unknown",
] as const;
export const ReservationStatusSchema = z.enum(RESERVATION_STATUSES);
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/**
 * Spec: "PreCheck in (ready), Checked in, Checked out", and beside them Cancelled: the host
 * cancelled the guest's registration in eVisitor (Htz/CancelTouristCheckIn); such a guest can be
 * registered again.
 */
export const GUEST_STATUSES = ["PreCheckIn", "CheckedIn", "CheckedOut", "Cancelled"] as const;
export const GuestStatusSchema = z.enum(GUEST_STATUSES);
export type GuestStatus = (typeof GUEST_STATUSES)[number];

/**
 * Where a guest's registration with eVisitor stands (the status says where the guest stands):
 * waiting (before arrival, registered on the arrival day, or for the host to check in), queued
 * (the evisitor worker has it), registered (eVisitor accepted it), failed (eVisitor refused it or
 * kept failing; its message is kept).
 */
export const REGISTRATION_STATES = ["waiting", "queued", "registered", "failed"] as const;
export const RegistrationStateSchema = z.enum(REGISTRATION_STATES);
export type RegistrationState = (typeof REGISTRATION_STATES)[number];

import { THEMES } from "./themes.ts";
export { DEFAULT_THEME, type Theme, THEMES } from "./themes.ts";
export const ThemeSchema = z.enum(THEMES);

/** Palette names of the light and dark themes; snackbars take one of them as their colour. */
export const THEME_COLORS = [
  "primary",
  "secondary",
  "info",
  "success",
  "warning",
  "error",
  "accent",
] as const;
export const ThemeColorSchema = z.enum(THEME_COLORS);
export type ThemeColor = (typeof THEME_COLORS)[number];

/** hr is the default and fallback; the last five exist on the check-in page only. */
export const LANGUAGE_KEYS = ["hr", "en", "fr", "it", "de", "es", "ru"] as const;
export const LanguageKeySchema = z.enum(LANGUAGE_KEYS);
export type LanguageKey = (typeof LANGUAGE_KEYS)[number];
export const DEFAULT_LANGUAGE: LanguageKey = "hr";

/** The only role the spec names; hosts have no role. */
export const ADMINISTRATOR_ROLE = "Administrator";
