import assert from "node:assert/strict";
import { ReservationFilter } from "../../../shared/enums.ts";
import { matchesFilter, reservationStatus } from "../../../shared/reservation-status.ts";
import { newReservationCode } from "@core/services/reservations/reservation-code.ts";

const stay = { start: "2026-11-20", end: "2026-11-23", canceled: false, registeredGuests: 0 };

Deno.test("reservationStatus follows the stay's dates and whether guests are registered", () => {
  assert.equal(reservationStatus(stay, "2026-11-19"), "Pending");
  assert.equal(reservationStatus(stay, "2026-11-20"), "Active", "arrival day");
  assert.equal(reservationStatus({ ...stay, registeredGuests: 2 }, "2026-11-22"), "CheckedIn");
  assert.equal(reservationStatus(stay, "2026-11-23"), "Expired", "check-out day: the stay is over");
  assert.equal(reservationStatus({ ...stay, registeredGuests: 1 }, "2026-11-23"), "Completed");
  assert.equal(reservationStatus({ ...stay, canceled: true }, "2026-11-21"), "Canceled");
});

Deno.test("matchesFilter sorts stays into upcoming, ongoing and completed without overlap", () => {
  const today = "2026-11-20";
  const stays = {
    past: { start: "2026-11-10", end: "2026-11-20" },
    arriving: { start: "2026-11-20", end: "2026-11-22" },
    future: { start: "2026-11-21", end: "2026-11-25" },
  };
  const pick = (filter: ReservationFilter) =>
    Object.entries(stays).filter(([, s]) => matchesFilter(s, filter, today)).map(([name]) => name);
  assert.deepEqual(pick(ReservationFilter.Upcoming), ["future"]);
  assert.deepEqual(pick(ReservationFilter.Ongoing), ["arriving"]);
  assert.deepEqual(pick(ReservationFilter.Completed), ["past"]);
  assert.deepEqual(pick(ReservationFilter.All), ["past", "arriving", "future"]);
});

Deno.test("newReservationCode gives distinct 10-character codes a guest can read out", () => {
  const codes = new Set(Array.from({ length: 5000 }, newReservationCode));
  assert.equal(codes.size, 5000);
  for (const code of codes) assert.match(code, /^[A-HJ-NP-Z2-9]{10}$/);
});
