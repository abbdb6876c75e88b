import assert from "node:assert/strict";
import { DocumentType, Gender } from "../../../shared/enums.ts";
import { MESSAGES, messageText } from "../../../shared/messages.ts";
import {
  CreateReservationRequest,
  GuestRegistration,
  ImagePayload,
  Reservation,
  TermsAccepted,
} from "../../../shared/schemas/reservation.ts";

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [i.path.join("."), messageText(i.message)]) ?? [];

const create = {
  accommodationUnitId: "u1",
  startDateUTC: "2026-12-01T14:00:00Z",
  endDateUTC: "2026-12-04T10:00:00Z",
};

Deno.test("a reservation over three nights is accepted", () => {
  assert.deepEqual(CreateReservationRequest.parse(create), create);
});

Deno.test("a stay ending on its first day is less than a day", () => {
  const sameDay = { ...create, endDateUTC: "2026-12-01T18:00:00Z" };
  assert.deepEqual(messagesOf(CreateReservationRequest.safeParse(sameDay)), [
    ["endDateUTC", MESSAGES.dateRangeAtLeastOneDay],
  ]);
});

Deno.test("missing dates ask for a date range and a missing unit for a choice", () => {
  assert.deepEqual(messagesOf(CreateReservationRequest.safeParse({})), [
    ["accommodationUnitId", MESSAGES.selectRequired],
    ["startDateUTC", MESSAGES.dateRangeRequired],
    ["endDateUTC", MESSAGES.dateRangeRequired],
  ]);
});

Deno.test("a check-in needs at least one complete guest", () => {
  assert.deepEqual(
    messagesOf(GuestRegistration.safeParse({ reservationCode: "ABC123", reservationGuests: [] })),
    [["reservationGuests", MESSAGES.checkinGuestRequired]],
  );
  const guest = {
    firstName: "Ana",
    surname: "Horvat",
    gender: Gender.Female,
    dateOfBirth: "1990-02-03",
    citizenship: "HRV",
    countryOfBirth: "HRV",
    cityOfBirth: "Split",
    countryOfResidence: "HRV",
    cityOfResidence: "Zagreb",
    documentType: DocumentType.IdentityCard,
    documentNumber: "123456789",
  };
  const ok = GuestRegistration.parse({ reservationCode: "ABC123", reservationGuests: [guest] });
  assert.equal(ok.reservationGuests.length, 1);
  const { surname: _, ...incomplete } = guest;
  assert.deepEqual(
    messagesOf(
      GuestRegistration.safeParse({ reservationCode: "ABC123", reservationGuests: [incomplete] }),
    ),
    [["reservationGuests.0.surname", "Surname is required"]],
  );
});

Deno.test("the terms checkbox must be ticked", () => {
  assert.equal(TermsAccepted.parse(true), true);
  assert.deepEqual(messagesOf(TermsAccepted.safeParse(false)), [[
    "",
    MESSAGES.checkinTermsRequired,
  ]]);
});

Deno.test("an MRZ image must be base64", () => {
  assert.ok(ImagePayload.safeParse({ imageBytes: btoa("\xff\xd8\xff\xe0") }).success);
  assert.equal(ImagePayload.safeParse({ imageBytes: "not base64!" }).success, false);
  assert.equal(ImagePayload.safeParse({}).success, false);
});

Deno.test("a reservation response keeps the spec's status names", () => {
  const reservation = {
    code: "ABC123",
    accommodationUnitId: "u1",
    accommodationUnit: null,
    startDateUTC: "2026-12-01T14:00:00Z",
    endDateUTC: "2026-12-04T10:00:00Z",
    startDate: "2026-12-01",
    endDate: "2026-12-04",
    status: "Canceled",
    kind: "Booking",
    imported: false,
    type: null,
    platformMove: null,
    description: null,
    numberOfGuests: null,
    leadGuestName: null,
    guests: [],
  };
  assert.equal(Reservation.parse(reservation).status, "Canceled");
  assert.equal(Reservation.safeParse({ ...reservation, status: "Cancelled" }).success, false);
});
