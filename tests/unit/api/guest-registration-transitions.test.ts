/**
 * The one owner of a guest's registration state (core/services/guests/registration/
 * transitions.ts): which moves are allowed from which state, what each writes and which outbox
 * events go with it. Pure: rows in, decisions out.
 */
import assert from "node:assert/strict";
import {
  GuestCancelRequested,
  GuestCheckInRequested,
  GuestCheckOutRequested,
  GuestDepartureUpdateRequested,
  GuestUndoCheckOutRequested,
} from "@shared/events.ts";
import {
  decide,
  type Decision,
  type GuestRow,
  heldWorkOf,
  registrationStateFor,
  type Transition,
} from "../../../core/services/guests/registration/transitions.ts";

const NOW = new Date("2026-07-10T12:00:00Z");
const EARLIER = new Date("2026-07-10T08:00:00Z");

function guest(over: Partial<GuestRow> = {}): GuestRow {
  return {
    id: "g1",
    guid: "guid-1",
    userId: "u1",
    reservationId: "r1",
    propertyId: "p1",
    accommodationUnitId: "a1",
    name: "Ana",
    middleName: null,
    surname: "Horvat",
    gender: 2,
    dateOfBirth: "1990-01-01",
    citizenship: "HRV",
    countryOfBirth: "HRV",
    cityOfBirth: null,
    countryOfResidence: "HRV",
    cityOfResidence: "Zagreb-Zagreb",
    residenceAddress: null,
    documentType: 1,
    documentNumberSealed: "sealed",
    documentKey: "key",
    email: null,
    telephone: null,
    borderCrossing: null,
    passageDate: null,
    taxCategory: null,
    status: "PreCheckIn",
    registrationState: "queued",
    registrationFailure: null,
    registrationError: null,
    registrationRetryAt: null,
    registrationRetries: 0,
    registeredAt: null,
    registeredStayFrom: null,
    registeredTimeStayFrom: null,
    checkedOutAt: null,
    checkOutRequestedAt: null,
    cancelRequestedAt: null,
    cancelReason: null,
    reRegisterRequestedAt: null,
    departureUpdateRequestedAt: null,
    cancelledAt: null,
    undoCheckOutRequestedAt: null,
    checkOutUndoneAt: null,
    entrance: null,
    approvalRequestedAt: null,
    approvedAt: null,
    approvalDeclinedAt: null,
    checkinReceiptId: null,
    disownedAt: null,
    anonymisedAt: null,
    createdAt: EARLIER,
    updatedAt: EARLIER,
    ...over,
  };
}

/** A registered guest, as eVisitor holds them now. */
const registered = (over: Partial<GuestRow> = {}) =>
  guest({ status: "CheckedIn", registrationState: "registered", registeredAt: EARLIER, ...over });

const REGISTERED: Transition = {
  kind: "registered",
  stayFrom: "2026-07-10",
  timeStayFrom: "14:00",
  notice: { unitName: "A1", stayCode: "ABC" },
};

function applied(decision: Decision) {
  assert.equal(decision.outcome, "apply", JSON.stringify(decision));
  return decision as Extract<Decision, { outcome: "apply" }>;
}

const refusedWith = (decision: Decision, code: string | null) => {
  assert.equal(decision.outcome, "refused");
  assert.equal((decision as Extract<Decision, { outcome: "refused" }>).code, code);
};

Deno.test("a queued guest eVisitor took is registered, checked in, with the arrival it holds", () => {
  const { columns, events } = applied(decide(guest(), REGISTERED, NOW));
  assert.equal(columns.status, "CheckedIn");
  assert.equal(columns.registrationState, "registered");
  assert.equal(columns.registeredStayFrom, "2026-07-10");
  assert.equal(columns.registrationRetries, 0);
  assert.deepEqual(events, []);
});

Deno.test("a late answer never moves a checked-out or cancelled guest back to registered", () => {
  // An edit (queued) answered after the guest was checked out, in eVisitor or here.
  refusedWith(
    decide(registered({ status: "CheckedOut", registrationState: "queued" }), REGISTERED, NOW),
    null,
  );
  refusedWith(decide(guest({ status: "Cancelled" }), REGISTERED, NOW), null);
  refusedWith(decide(guest({ anonymisedAt: EARLIER }), REGISTERED, NOW), null);
  assert.equal(decide(registered(), REGISTERED, NOW).outcome, "unchanged");
});

Deno.test("a late failure never marks a registered or checked-out guest failed", () => {
  const failed: Transition = {
    kind: "registration-failed",
    failure: { code: "unanswered-retrying", detail: null },
    retryAt: NOW,
    notice: null,
  };
  refusedWith(decide(registered(), failed, NOW), null);
  refusedWith(decide(registered({ status: "CheckedOut" }), failed, NOW), null);
  const { columns } = applied(decide(guest(), failed, NOW));
  assert.equal(columns.registrationState, "failed");
  assert.equal(columns.registrationFailure, "unanswered-retrying");
  assert.equal(columns.registrationRetryAt, NOW);
});

Deno.test("the arrival day queues a waiting guest, never one held for the host's approval", () => {
  const { columns, events } = applied(
    decide(guest({ registrationState: "waiting" }), { kind: "arrival-day" }, NOW),
  );
  assert.equal(columns.registrationState, "queued");
  assert.deepEqual(events, [GuestCheckInRequested]);
  refusedWith(
    decide(
      guest({ registrationState: "waiting", approvalRequestedAt: EARLIER }),
      { kind: "arrival-day" },
      NOW,
    ),
    null,
  );
  assert.equal(decide(guest(), { kind: "arrival-day" }, NOW).outcome, "unchanged");
});

Deno.test("a failed registration goes again by itself only once its time has come", () => {
  const failed = guest({ registrationState: "failed", registrationRetryAt: EARLIER });
  const { columns, events } = applied(decide(failed, { kind: "retry-due" }, NOW));
  assert.equal(columns.registrationState, "queued");
  assert.equal(columns.registrationRetries, 1);
  assert.deepEqual(events, [GuestCheckInRequested]);
  const later = guest({ registrationState: "failed", registrationRetryAt: new Date(+NOW + 1) });
  assert.equal(decide(later, { kind: "retry-due" }, NOW).outcome, "unchanged");
  const hostsTurn = guest({ registrationState: "failed" });
  assert.equal(decide(hostsTurn, { kind: "retry-due" }, NOW).outcome, "unchanged");
});

Deno.test("sending again: left while on its way, refused once registered or checked out", () => {
  const again = (state: "queued" | "waiting") =>
    ({ kind: "sent-again", by: "send-again", state }) as const;
  assert.equal(decide(guest(), again("queued"), NOW).outcome, "unchanged");
  refusedWith(decide(registered(), again("queued"), NOW), "GuestAlreadyCheckedIn");
  refusedWith(
    decide(registered({ status: "CheckedOut" }), again("queued"), NOW),
    "GuestAlreadyCheckedIn",
  );
  const failed = guest({ registrationState: "failed", registrationRetryAt: NOW });
  const { columns, events } = applied(decide(failed, again("queued"), NOW));
  assert.equal(columns.registrationRetryAt, null);
  assert.deepEqual(events, [GuestCheckInRequested]);
  // Before the arrival day it waits, with nothing queued.
  assert.deepEqual(applied(decide(failed, again("waiting"), NOW)).events, []);
  // A cancelled registration is made anew under a new id.
  const cancelled = applied(
    decide(guest({ status: "Cancelled", registrationState: "waiting" }), again("queued"), NOW),
  );
  assert.equal(cancelled.columns.status, "PreCheckIn");
  assert.notEqual(cancelled.columns.guid, undefined);
  refusedWith(
    decide(
      registered({ status: "CheckedOut" }),
      { kind: "sent-again", by: "host-edit", state: "queued" },
      NOW,
    ),
    "GuestCheckedOut",
  );
});

Deno.test("a check-out is asked only of a registered guest not being cancelled, once", () => {
  const ask: Transition = { kind: "check-out-asked", by: "host" };
  refusedWith(decide(guest(), ask, NOW), "CannotCheckOut");
  refusedWith(decide(registered({ cancelRequestedAt: EARLIER }), ask, NOW), "CannotCheckOut");
  assert.deepEqual(applied(decide(registered(), ask, NOW)).events, [GuestCheckOutRequested]);
  assert.equal(decide(registered({ checkOutRequestedAt: EARLIER }), ask, NOW).outcome, "unchanged");
  // One that failed is the host's to send again.
  const failed = registered({
    checkOutRequestedAt: EARLIER,
    registrationFailure: "evisitor-refused",
    registrationError: "Ne.",
  });
  assert.equal(applied(decide(failed, ask, NOW)).columns.registrationFailure, null);
  // The schedule leaves a check-out once undone to the host.
  refusedWith(
    decide(
      registered({ checkOutUndoneAt: EARLIER }),
      { kind: "check-out-asked", by: "schedule" },
      NOW,
    ),
    null,
  );
});

Deno.test("a check-out answered is taken only by a checked-in guest", () => {
  const out = applied(decide(registered(), { kind: "checked-out" }, NOW));
  assert.equal(out.columns.status, "CheckedOut");
  assert.equal(out.columns.checkedOutAt, NOW);
  assert.equal(
    decide(registered({ status: "CheckedOut" }), { kind: "checked-out" }, NOW).outcome,
    "unchanged",
  );
  refusedWith(decide(guest({ status: "Cancelled" }), { kind: "checked-out" }, NOW), null);
  // A check-out refused while eVisitor holds the registration cancelled: the guest follows it.
  const failed = applied(decide(registered(), {
    kind: "check-out-failed",
    failure: { code: "evisitor-refused", detail: "Ne." },
    retryAt: null,
    held: "cancelled",
  }, NOW));
  assert.equal(failed.columns.status, "Cancelled");
  refusedWith(
    decide(guest({ status: "CheckedOut" }), {
      kind: "check-out-failed",
      failure: { code: "unanswered", detail: null },
      retryAt: null,
      held: null,
    }, NOW),
    null,
  );
});

Deno.test("a cancel is asked only of an active registration with nothing else on its way", () => {
  const ask: Transition = { kind: "cancel-asked", reason: "Greška", reRegister: false };
  const { columns, events } = applied(decide(registered(), ask, NOW));
  assert.equal(columns.cancelReason, "Greška");
  assert.deepEqual(events, [GuestCancelRequested]);
  assert.equal(decide(registered({ cancelRequestedAt: EARLIER }), ask, NOW).outcome, "unchanged");
  for (
    const busy of [
      guest(),
      registered({ status: "CheckedOut" }),
      registered({ checkOutRequestedAt: EARLIER }),
      registered({ undoCheckOutRequestedAt: EARLIER }),
      registered({ registrationState: "queued" }),
    ]
  ) {
    refusedWith(decide(busy, ask, NOW), "CannotCancelRegistration");
  }
});

Deno.test("a cancel done registers the guest anew when the arrival moved", () => {
  const stay = { startDate: "2026-07-10", accommodationUnitId: "a2", propertyId: "p2" };
  const done = (g: GuestRow, today: string) => decide(g, { kind: "cancelled", stay, today }, NOW);
  const plain = applied(done(registered({ cancelRequestedAt: EARLIER }), "2026-07-10"));
  assert.equal(plain.columns.status, "Cancelled");
  assert.deepEqual(plain.events, []);
  const moved = registered({ cancelRequestedAt: EARLIER, reRegisterRequestedAt: EARLIER });
  const again = applied(done(moved, "2026-07-10"));
  assert.equal(again.columns.status, "PreCheckIn");
  assert.equal(again.columns.registrationState, "queued");
  assert.equal(again.columns.accommodationUnitId, "a2");
  assert.notEqual(again.columns.guid, moved.guid);
  assert.deepEqual(again.events, [GuestCheckInRequested]);
  assert.deepEqual(applied(done(moved, "2026-07-09")).events, []);
  // Not asked (any more): a stray answer changes nothing.
  assert.equal(done(registered(), "2026-07-10").outcome, "unchanged");
});

Deno.test("a request a refused login held stays for the new credentials; others are cleared", () => {
  const asked = registered({ cancelRequestedAt: EARLIER, reRegisterRequestedAt: EARLIER });
  const login = applied(decide(asked, {
    kind: "cancel-failed",
    failure: { code: "credentials", detail: null },
    held: null,
  }, NOW));
  assert.equal(login.columns.cancelRequestedAt, undefined);
  assert.equal(login.columns.registrationFailure, "credentials");
  const refused = applied(decide(asked, {
    kind: "cancel-failed",
    failure: { code: "evisitor-refused", detail: "Odjavljen." },
    held: "checked-out",
  }, NOW));
  assert.equal(refused.columns.cancelRequestedAt, null);
  assert.equal(refused.columns.reRegisterRequestedAt, null);
  assert.equal(refused.columns.status, "CheckedOut");
  // Nothing held: the work goes again only where a login held it.
  assert.equal(heldWorkOf(asked, false), undefined);
  const held = { ...asked, registrationFailure: "credentials" as const };
  assert.equal(heldWorkOf(held, false)?.event, GuestCancelRequested);
  const registration = guest({ registrationState: "failed", registrationFailure: "api-key" });
  assert.equal(heldWorkOf(registration, true), undefined);
  const resent = applied(
    decide(registration, { kind: "held-work-resent", stayCancelled: false }, NOW),
  );
  assert.equal(resent.columns.registrationState, "queued");
  assert.deepEqual(resent.events, [GuestCheckInRequested]);
});

Deno.test("an undo is asked of a checked-out guest only, and done only while asked", () => {
  const out = registered({ status: "CheckedOut", checkedOutAt: EARLIER });
  assert.deepEqual(
    applied(decide(out, { kind: "undo-check-out-asked" }, NOW)).events,
    [GuestUndoCheckOutRequested],
  );
  refusedWith(decide(registered(), { kind: "undo-check-out-asked" }, NOW), "CannotUndoCheckOut");
  refusedWith(
    decide({ ...out, anonymisedAt: EARLIER }, { kind: "undo-check-out-asked" }, NOW),
    "CannotUndoCheckOut",
  );
  assert.equal(decide(out, { kind: "check-out-undone" }, NOW).outcome, "unchanged");
  const undone = applied(
    decide({ ...out, undoCheckOutRequestedAt: EARLIER }, { kind: "check-out-undone" }, NOW),
  );
  assert.equal(undone.columns.status, "CheckedIn");
  assert.equal(undone.columns.checkOutUndoneAt, NOW);
});

Deno.test("a new departure is asked of a registered guest and cleared only as asked", () => {
  assert.deepEqual(
    applied(decide(registered(), { kind: "departure-update-asked" }, NOW)).events,
    [GuestDepartureUpdateRequested],
  );
  assert.equal(
    decide(registered({ checkOutRequestedAt: EARLIER }), { kind: "departure-update-asked" }, NOW)
      .outcome,
    "unchanged",
  );
  const asked = registered({ departureUpdateRequestedAt: NOW });
  // A later move asked again meanwhile: its own event clears it.
  assert.equal(
    decide(asked, { kind: "departure-updated", askedAt: EARLIER }, NOW).outcome,
    "unchanged",
  );
  assert.equal(
    applied(decide(asked, { kind: "departure-updated", askedAt: NOW }, NOW)).columns
      .departureUpdateRequestedAt,
    null,
  );
});

Deno.test("approving queues a held guest from the arrival day on, once", () => {
  const held = guest({ registrationState: "waiting", approvalRequestedAt: EARLIER });
  const approve = { kind: "approved", state: "queued", declinedToo: false } as const;
  const { columns, events } = applied(decide(held, approve, NOW));
  assert.equal(columns.approvedAt, NOW);
  assert.deepEqual(events, [GuestCheckInRequested]);
  assert.equal(decide({ ...held, approvedAt: EARLIER }, approve, NOW).outcome, "unchanged");
  const declined = { ...held, approvalDeclinedAt: EARLIER };
  assert.equal(decide(declined, approve, NOW).outcome, "unchanged");
  assert.equal(decide(declined, { ...approve, declinedToo: true }, NOW).outcome, "apply");
});

Deno.test("a guest entered is queued from the arrival day on", () => {
  assert.equal(registrationStateFor("2026-07-10", "2026-07-10"), "queued");
  assert.equal(registrationStateFor("2026-07-11", "2026-07-10"), "waiting");
});
