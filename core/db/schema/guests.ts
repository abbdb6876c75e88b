import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { GUEST_STATUSES, REGISTRATION_STATES } from "../../../shared/enums.ts";
import { REGISTRATION_FAILURES } from "../../../shared/registration-failures.ts";
import { accommodationUnits } from "./accommodation-units.ts";
import { properties } from "./properties.ts";
import { reservations } from "./reservations.ts";
import { users } from "./users.ts";

/**
 * A guest of a stay, as the check-in form or the host entered them. `guid` is the registration id
 * sent to eVisitor: generated once, so a retried check-in edits the same registration instead of
 * making a second. The document number is sealed (AES-GCM, like credentials): it is the most
 * sensitive field and nothing searches by it. `documentKey` is its keyed hash (HMAC) so the same
 * document twice on one stay is found without opening it.
 *
 * `anonymisedAt`: GUEST_DATA_RETENTION_DAYS after the stay's check-out, once eVisitor has the
 * guest checked out, the identifying fields are emptied (names, birth date and city, residence,
 * document, contact, border crossing, eVisitor's message) and this is set; the row stays, with
 * its status, dates, gender, countries and document type, so counts and statistics do not change
 * (core/services/guests/guest-data-retention.ts).
 */
export const guests = sqliteTable("guests", {
  id: text().primaryKey(),
  guid: text().notNull().unique(),
  userId: text().notNull().references(() => users.id),
  reservationId: text().notNull().references(() => reservations.id),
  propertyId: text().notNull().references(() => properties.id),
  accommodationUnitId: text().notNull().references(() => accommodationUnits.id),
  name: text().notNull(),
  middleName: text(),
  surname: text().notNull(),
  gender: integer().notNull(),
  dateOfBirth: text().notNull(),
  citizenship: text().notNull(),
  countryOfBirth: text().notNull(),
  cityOfBirth: text(),
  countryOfResidence: text().notNull(),
  cityOfResidence: text().notNull(),
  residenceAddress: text(),
  documentType: integer().notNull(),
  documentNumberSealed: text().notNull(),
  documentKey: text().notNull(),
  email: text(),
  telephone: text(),
  /** Entry into the EU, asked only of guests living outside it (eVisitor requires both). */
  borderCrossing: text(),
  passageDate: text(),
  /**
   * The tourist-tax category the host chose for the guest (an eVisitor `Code` offered for the
   * property's facility, e.g. "11" students); null: chosen by age (tax-category.ts).
   */
  taxCategory: text(),
  status: text({ enum: GUEST_STATUSES }).notNull(),
  registrationState: text({ enum: REGISTRATION_STATES }).notNull(),
  /** Why registering (or checking out) failed (migration 0044 gave older rows their codes). */
  registrationFailure: text({ enum: REGISTRATION_FAILURES }),
  /**
   * Free text beside the failure: eVisitor's own message when it refused the guest, or the code it
   * does not offer (shared/registration-failures.ts).
   */
  registrationError: text(),
  /**
   * A registration that failed only because eVisitor did not answer is sent again at this time
   * (core/services/guests/registration/retry-schedule.ts); null when none is planned.
   */
  registrationRetryAt: integer({ mode: "timestamp_ms" }),
  /** How many times it was sent again so; back to 0 once registered or sent by the host. */
  registrationRetries: integer().notNull().default(0),
  registeredAt: integer({ mode: "timestamp_ms" }),
  /**
   * The arrival date and time eVisitor has for the registration (StayFrom, TimeStayFrom), which an
   * obveznik cannot change: an edit of the registration (a new departure, a corrected guest)
   * sends these, even if the unit's check-in time changed since.
   */
  registeredStayFrom: text(),
  registeredTimeStayFrom: text(),
  checkedOutAt: integer({ mode: "timestamp_ms" }),
  /** The check-out was queued (by the host or automatically); not queued twice. */
  checkOutRequestedAt: integer({ mode: "timestamp_ms" }),
  /**
   * The host asked to cancel the registration (Htz/CancelTouristCheckIn) with this reason; cleared
   * once eVisitor answered (status Cancelled, or a failure kept beside the guest).
   */
  cancelRequestedAt: integer({ mode: "timestamp_ms" }),
  cancelReason: text(),
  /**
   * The host moved the arrival of the registered stay, which eVisitor does not let change: once
   * the cancel above is done, the guest is registered again with the stay's new dates (by the
   * cancel consumer, so the two are sent in that order). Cleared when the new registration is
   * queued, or with the cancel when eVisitor refused it.
   */
  reRegisterRequestedAt: integer({ mode: "timestamp_ms" }),
  /**
   * The stay's departure moved: the registration's ForeseenStayUntil is sent again (an edit under
   * the same id); cleared once eVisitor answered.
   */
  departureUpdateRequestedAt: integer({ mode: "timestamp_ms" }),
  cancelledAt: integer({ mode: "timestamp_ms" }),
  /** The host asked to undo the check-out (Htz/CancelTouristCheckOut); cleared once answered. */
  undoCheckOutRequestedAt: integer({ mode: "timestamp_ms" }),
  /**
   * A check-out was undone: the automatic check-out leaves this guest to the host from then on
   * (it was a mistake once).
   */
  checkOutUndoneAt: integer({ mode: "timestamp_ms" }),
  /**
   * How the guest came in without the host: "link" (the stay's link) or "door" (the unit's QR
   * code); null when the host entered them. Such guests are announced to the host with a "not my
   * guest" action.
   */
  entrance: text({ enum: ["link", "door"] }),
  /**
   * A guest who came in by the link or the door while the property does not check guests in
   * automatically is held for the host's approval (issue 20): set when entered, and until
   * `approvedAt` is set too the guest stays "waiting" and nothing goes to eVisitor, whatever the
   * date. Once approved the guest goes at once from the arrival day on. Null for guests not held.
   */
  approvalRequestedAt: integer({ mode: "timestamp_ms" }),
  approvedAt: integer({ mode: "timestamp_ms" }),
  /**
   * The host said "not my guest" of a held guest on the approval page (issue 32): the guest stays
   * held and unregistered, is left out of every approval by link, and the host still sees them in
   * the stay, where they can delete them or approve them after all (that clears this).
   */
  approvalDeclinedAt: integer({ mode: "timestamp_ms" }),
  /** The check-in receipt of the device that entered the guest (it sees them in full). */
  checkinReceiptId: text(),
  /**
   * The host said "not my guest" of a guest already registered: hidden from the stay's public
   * reads and its room, while the registration's cancel goes through the lifecycle.
   */
  disownedAt: integer({ mode: "timestamp_ms" }),
  /** When the guest's personal data was removed (retention); null while it is held. */
  anonymisedAt: integer({ mode: "timestamp_ms" }),
  createdAt: integer({ mode: "timestamp_ms" }).notNull(),
  updatedAt: integer({ mode: "timestamp_ms" }).notNull(),
}, (t) => [
  index("guests_reservation_idx").on(t.reservationId),
  index("guests_property_idx").on(t.propertyId, t.createdAt),
  index("guests_user_state_idx").on(t.userId, t.registrationState),
  uniqueIndex("guests_reservation_document_idx").on(t.reservationId, t.documentKey),
]);
