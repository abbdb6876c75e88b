import assert from "node:assert/strict";
import {
  compareRegistrations,
  type OurStay,
} from "../../../workers/evisitor/reconciliation/compare-registrations.ts";

const TODAY = "2026-08-10";
const guest = (id: string, status: "PreCheckIn" | "CheckedIn" | "CheckedOut") => ({
  id,
  guid: `${id}-guid`,
  status,
  registrationState: status === "PreCheckIn" ? "waiting" : "registered",
  stayStart: "2026-08-05",
  stayEnd: "2026-08-09",
});
const stay = (id: string, start: string, end: string, guests: OurStay["guests"]): OurStay => ({
  id,
  startDate: start,
  endDate: end,
  guests,
});

Deno.test("a stay that began before today with nobody registered is reported; today's arrivals are not yet", () => {
  const findings = compareRegistrations(
    [
      stay("s1", "2026-08-08", "2026-08-12", []),
      stay("s2", "2026-08-09", "2026-08-12", [guest("g1", "PreCheckIn")]),
      stay("s3", TODAY, "2026-08-12", []),
    ],
    [],
    TODAY,
  );
  assert.deepEqual(findings, [
    { kind: "arrived-not-registered", stayId: "s1" },
    { kind: "arrived-not-registered", stayId: "s2" },
  ]);
});

Deno.test("registrations missing in eVisitor, checked out there, or still in after departure are told apart", () => {
  const findings = compareRegistrations([
    stay("s1", "2026-08-05", "2026-08-09", [
      guest("gone", "CheckedIn"),
      guest("left", "CheckedIn"),
      guest("stays", "CheckedIn"),
      guest("done", "CheckedOut"),
    ]),
    stay("s2", "2026-08-08", "2026-08-15", [guest("fine", "CheckedIn")]),
  ], [
    { id: "LEFT-GUID", checkedOut: true },
    { id: "stays-guid", checkedOut: false },
    { id: "done-guid", checkedOut: true },
    { id: "fine-guid", checkedOut: false },
  ], TODAY);
  assert.deepEqual(findings, [
    { kind: "missing-in-evisitor", stayId: "s1", guestId: "gone" },
    { kind: "checked-out-there", stayId: "s1", guestId: "left" },
    { kind: "not-checked-out", stayId: "s1", guestId: "stays" },
  ]);
});
