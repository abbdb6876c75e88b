import assert from "node:assert/strict";
import {
  DocumentType,
  DocumentTypeSchema,
  ExternalAccountStatus,
  ExternalAccountStatusSchema,
  ExternalAccountType,
  Gender,
  GenderSchema,
  GUEST_STATUSES,
  PurchaseRequestStatus,
  PurchaseRequestStatusSchema,
  RESERVATION_STATUSES,
  ReservationFilter,
  ReservationStatusSchema,
  SubscriptionStatus,
  WifiEncryptionType,
  WifiEncryptionTypeSchema,
} from "../../../shared/enums.ts";

Deno.test("numeric enums carry the spec's exact wire values", () => {
  assert.deepEqual(WifiEncryptionType, { None: 0, WEP: 1, WPA: 2 });
  assert.equal(ExternalAccountType.EVisitor, 0);
  assert.deepEqual(
    [ExternalAccountStatus.Created, ExternalAccountStatus.Edited],
    [0, 1],
  );
  assert.deepEqual(
    [ExternalAccountStatus.Synchronized, ExternalAccountStatus.Provisioning],
    [2, 3],
  );
  assert.deepEqual(DocumentType, {
    IdentityCard: 0,
    Passport: 1,
    Visa: 2,
    DriversLicence: 3,
    SocialSecurityCard: 4,
  });
  assert.deepEqual(Gender, { Male: 0, Female: 1, Unspecified: 2 });
  assert.deepEqual(ReservationFilter, { All: 0, Upcoming: 1, Ongoing: 2, Completed: 3 });
  assert.deepEqual(SubscriptionStatus, { Active: 0, Expired: 1, Cancelled: 2 });
  assert.deepEqual(PurchaseRequestStatus, {
    Pending: 0,
    Paid: 1,
    Trial: 2,
    Expired: 3,
    Cancelled: 4,
  });
});

Deno.test("Unknown has a value of its own, distinct from every real one", () => {
  assert.equal(new Set(Object.values(ExternalAccountType)).size, 2);
  assert.equal(new Set(Object.values(ExternalAccountStatus)).size, 5);
});

Deno.test("numeric enum schemas accept the numbers and reject others and names", () => {
  assert.equal(DocumentTypeSchema.parse(1), DocumentType.Passport);
  assert.equal(DocumentTypeSchema.safeParse(7).success, false);
  assert.equal(DocumentTypeSchema.safeParse("Passport").success, false);
  assert.equal(GenderSchema.safeParse(3).success, false);
  assert.equal(WifiEncryptionTypeSchema.parse(2), WifiEncryptionType.WPA);
  assert.equal(ExternalAccountStatusSchema.parse(-1), ExternalAccountStatus.Unknown);
  assert.equal(PurchaseRequestStatusSchema.safeParse(5).success, false);
});

Deno.test("string enums list the spec's states in order", () => {
  assert.deepEqual(RESERVATION_STATUSES, [
    "Pending",
    "Active",
    "CheckedIn",
    "Completed",
    "Expired",
    "Canceled",
    "Unknown",
  ]);
  // The spec's three, then the one it lacks: a registration cancelled in eVisitor.
  assert.deepEqual(GUEST_STATUSES, ["PreCheckIn", "CheckedIn", "CheckedOut", "Cancelled"]);
  assert.equal(ReservationStatusSchema.safeParse("Cancelled").success, false);
  assert.equal(ReservationStatusSchema.parse("Canceled"), "Canceled");
});
