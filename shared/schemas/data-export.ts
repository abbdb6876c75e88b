import { z } from "zod";
import { DateTime, Id } from "./fields.ts";

/**
 * GET /DataExport: everything a host has in the product, as one JSON document or one CSV file per
 * list. Rows are flat (every value a string, number, boolean or null; notification placeholders
 * an object, written as JSON in a CSV cell) so the JSON lists and the CSV files hold the same
 * columns in the same order. Secrets are never exported: no password hashes, no eVisitor
 * credentials, no two-factor key, no calendar export token. Guests' personal data is the host's
 * own and is included, document numbers opened; guests anonymised after the retention period
 * come with those fields empty and `anonymisedAt` set.
 */

const Text = z.string().nullable();
const When = DateTime.nullable();

export const ExportAccount = z.object({
  id: Id,
  email: z.string(),
  pendingEmail: Text,
  language: z.string(),
  emailNotifications: z.boolean(),
  twoFactorEnabled: z.boolean(),
  createdAt: DateTime,
  lastLoginAt: When,
  /** The profile (GET /Users/manage/profile) and settings (GET /Users/manage/settings). */
  fullName: Text,
  phone: Text,
  companyName: Text,
  oib: Text,
  street: Text,
  postalCode: Text,
  city: Text,
  inVatSystem: z.boolean(),
  theme: Text,
  defaultCheckInTime: Text,
  defaultCheckOutTime: Text,
  /** The door sheet's guest languages, "hr,en" (null: never chosen). */
  qrSheetLanguages: Text,
}).meta({ id: "ExportAccount" });

export const ExportSubscription = z.object({
  packageId: z.string(),
  packageName: z.string(),
  /** 0 Active, 1 Expired, 2 Cancelled (as in GET /Subscriptions/current). */
  status: z.number().int(),
  isTrial: z.boolean(),
  startAt: DateTime,
  endAt: DateTime,
}).meta({ id: "ExportSubscription" });

export const ExportExternalAccount = z.object({
  id: Id,
  type: z.number().int(),
  environment: z.string(),
  username: z.string(),
  email: Text,
  status: z.number().int(),
  lastError: Text,
  lastSyncedAt: When,
  createdAt: DateTime,
}).meta({ id: "ExportExternalAccount" });

export const ExportProperty = z.object({
  id: Id,
  externalAccountId: Id,
  facilityCode: z.string(),
  name: z.string(),
  address: Text,
  facilityType: Text,
  category: Text,
  defaultCheckInTime: Text,
  defaultCheckOutTime: Text,
  maxNumberOfGuests: z.number().int().nullable(),
  defaultNumberOfNights: z.number().int().nullable(),
  automaticCheckIn: z.boolean(),
  automaticCheckOut: z.boolean(),
  wifiName: Text,
  wifiPassword: Text,
  deactivatedAt: When,
  createdAt: DateTime,
}).meta({ id: "ExportProperty" });

export const ExportAccommodationUnit = z.object({
  id: Id,
  code: z.string(),
  propertyId: Id,
  name: z.string(),
  description: Text,
  capacity: z.number().int().nullable(),
  type: Text,
  category: Text,
  externalCalendarLink: Text,
  defaultCheckInTime: Text,
  defaultCheckOutTime: Text,
  wifiName: Text,
  wifiPassword: Text,
  createdAt: DateTime,
}).meta({ id: "ExportAccommodationUnit" });

export const ExportReservation = z.object({
  id: Id,
  code: z.string(),
  propertyId: Id,
  accommodationUnitId: Id,
  /** Local dates (Europe/Zagreb): arrival, and departure (exclusive). */
  startDate: z.string(),
  endDate: z.string(),
  kind: z.string(),
  type: z.string(),
  description: Text,
  canceledAt: When,
  createdAt: DateTime,
}).meta({ id: "ExportReservation" });

export const ExportGuest = z.object({
  id: Id,
  /** The registration id at eVisitor. */
  guid: z.string(),
  reservationId: Id,
  reservationCode: z.string(),
  propertyId: Id,
  accommodationUnitId: Id,
  name: z.string(),
  middleName: Text,
  surname: z.string(),
  gender: z.number().int(),
  dateOfBirth: z.string(),
  citizenship: z.string(),
  countryOfBirth: z.string(),
  cityOfBirth: Text,
  countryOfResidence: z.string(),
  cityOfResidence: z.string(),
  residenceAddress: Text,
  documentType: z.number().int(),
  documentNumber: z.string(),
  email: Text,
  telephone: Text,
  borderCrossing: Text,
  passageDate: Text,
  status: z.string(),
  registrationState: z.string(),
  registrationError: Text,
  registeredAt: When,
  checkedOutAt: When,
  anonymisedAt: When,
  createdAt: DateTime,
}).meta({ id: "ExportGuest" });

export const ExportNotification = z.object({
  id: Id,
  template: z.string(),
  notificationType: z.string(),
  placeholders: z.record(z.string(), z.string()),
  createdAt: DateTime,
  /** When the app first showed it (read); null while unread. */
  readAt: When,
}).meta({ id: "ExportNotification" });

export const ExportPurchaseRequest = z.object({
  id: Id,
  number: z.number().int(),
  referenceCode: z.string(),
  packageId: z.string(),
  packageName: z.string(),
  months: z.number().int(),
  /** Euros, two decimals (from whole cents). */
  finalPrice: z.number(),
  discountPercent: z.number(),
  /** 0 Pending, 1 Paid, 2 Trial, 3 Expired, 4 Cancelled. */
  status: z.number().int(),
  paidAt: When,
  createdAt: DateTime,
}).meta({ id: "ExportPurchaseRequest" });

export const ExportReceipt = z.object({
  id: Id,
  number: z.string(),
  purchaseRequestId: Id.nullable(),
  packageName: z.string(),
  months: z.number().int(),
  /** Euros, two decimals (from whole cents). */
  amount: z.number(),
  periodStart: DateTime,
  periodEnd: DateTime,
  createdAt: DateTime,
}).meta({ id: "ExportReceipt" });

/** The lists of the export, each also available as one CSV file (`?format=csv&entity=…`). */
export const DATA_EXPORT_ENTITIES = [
  "externalAccounts",
  "properties",
  "accommodationUnits",
  "reservations",
  "guests",
  "notifications",
  "purchaseRequests",
  "receipts",
] as const;
export type DataExportEntity = (typeof DATA_EXPORT_ENTITIES)[number];

export const DataExport = z.object({
  /** The layout of this document; raised when a field changes meaning or goes away. */
  formatVersion: z.literal(1),
  exportedAt: DateTime,
  account: ExportAccount,
  subscription: ExportSubscription.nullable(),
  externalAccounts: z.array(ExportExternalAccount),
  properties: z.array(ExportProperty),
  accommodationUnits: z.array(ExportAccommodationUnit),
  reservations: z.array(ExportReservation),
  guests: z.array(ExportGuest),
  notifications: z.array(ExportNotification),
  purchaseRequests: z.array(ExportPurchaseRequest),
  receipts: z.array(ExportReceipt),
}).meta({ id: "DataExport" });
export type DataExport = z.infer<typeof DataExport>;

/** Each CSV file's columns, in order: the keys of its row schema. */
export const DATA_EXPORT_COLUMNS: Record<DataExportEntity, readonly string[]> = {
  externalAccounts: Object.keys(ExportExternalAccount.shape),
  properties: Object.keys(ExportProperty.shape),
  accommodationUnits: Object.keys(ExportAccommodationUnit.shape),
  reservations: Object.keys(ExportReservation.shape),
  guests: Object.keys(ExportGuest.shape),
  notifications: Object.keys(ExportNotification.shape),
  purchaseRequests: Object.keys(ExportPurchaseRequest.shape),
  receipts: Object.keys(ExportReceipt.shape),
};
