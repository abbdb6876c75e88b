import assert from "node:assert/strict";
import type { PublicGuest } from "@shared/schemas/guest.ts";
import type { PublicReservation } from "@shared/schemas/reservation.ts";
import { newDraft } from "../../../site/src/features/checkin/guest-draft.ts";
import {
  checkinFlow,
  type CheckinFlowAction,
  type CheckinFlowState,
  MAX_GUESTS,
  outcomeOf,
  roomOf,
  startFlow,
} from "../../../site/src/features/checkin/use-checkin-flow.ts";

/** A stay with what the flow reads of it: its unit's capacity and the guests entered so far. */
function stay(capacity: number | null, guests: Partial<PublicGuest>[] = []): PublicReservation {
  return {
    code: "R-2026-001",
    status: "Active",
    accommodationUnit: { capacity },
    guests: guests.map((guest, index) => ({
      id: `g${index}`,
      name: "Ana",
      surname: "Horvat",
      status: "CheckedIn",
      registrationState: "registered",
      registrationError: null,
      ...guest,
    })),
  } as unknown as PublicReservation;
}

const run = (state: CheckinFlowState, ...actions: CheckinFlowAction[]) =>
  actions.reduce(checkinFlow, state);

Deno.test("the check-in flow starts on the stay's overview with no guest entered", () => {
  const reservation = stay(4);
  const state = startFlow(reservation);
  assert.equal(state.reservation, reservation);
  assert.equal(state.step, "overview");
  assert.deepEqual(state.drafts, []);
  assert.deepEqual(state.phase, { kind: "form" });
  assert.equal(state.terms, false);
  assert.equal(state.sending, false);
});

Deno.test("the room a stay has left: its unit's capacity less the guests entered, else 50", () => {
  assert.equal(roomOf(stay(3, [{}])), 2);
  assert.equal(roomOf(stay(1, [{}, {}])), 0);
  assert.equal(roomOf(stay(null, [{}])), MAX_GUESTS);
});

Deno.test("going to the guests opens the first guest's form only when none is there and one fits", () => {
  const first = newDraft();
  const opened = run(startFlow(stay(2)), { type: "startGuests", draft: first });
  assert.equal(opened.step, "guests");
  assert.deepEqual(opened.drafts, [first]);

  // Back and forth again: the guest entered stays, no second form opens.
  const again = run(opened, { type: "step", step: "overview" }, {
    type: "startGuests",
    draft: newDraft(),
  });
  assert.deepEqual(again.drafts, [first]);

  const full = run(startFlow(stay(1, [{}])), { type: "startGuests", draft: newDraft() });
  assert.equal(full.step, "guests");
  assert.deepEqual(full.drafts, []);
});

Deno.test("guests are added (clearing the alert), edited one at a time and removed", () => {
  const [a, b] = [newDraft(), newDraft()];
  let state = run(
    startFlow(stay(null)),
    { type: "addGuest", draft: a },
    { type: "guestsRefused", alert: { key: "checkinError.tooManyGuests" } },
  );
  assert.deepEqual(state.guestsAlert, { key: "checkinError.tooManyGuests" });
  state = run(state, { type: "addGuest", draft: b });
  assert.equal(state.guestsAlert, undefined);
  assert.deepEqual(state.drafts.map((d) => d.key), [a.key, b.key]);

  state = run(state, {
    type: "editGuest",
    key: b.key,
    update: (draft) => ({ ...draft, values: { ...draft.values, firstName: "Iva" } }),
  });
  assert.equal(state.drafts[0], a);
  assert.equal(state.drafts[1].values.firstName, "Iva");

  state = run(state, { type: "removeGuest", key: a.key });
  assert.deepEqual(state.drafts.map((d) => d.key), [b.key]);
});

Deno.test("guests that cannot go on return to their step with the alert and their errors", () => {
  const draft = newDraft();
  const onSummary = run(
    startFlow(stay(2)),
    { type: "startGuests", draft },
    { type: "toSummary" },
  );
  assert.equal(onSummary.step, "summary");

  const withErrors = [{ ...draft, errors: { documentNumber: "Obavezno" } }];
  const refused = run(onSummary, {
    type: "guestsRefused",
    alert: { key: "checkinError.invalidData" },
    drafts: withErrors,
  });
  assert.equal(refused.step, "guests");
  assert.deepEqual(refused.guestsAlert, { key: "checkinError.invalidData" });
  assert.equal(refused.drafts, withErrors);

  // Without drafts given, the guests stay as they are.
  const alertOnly = run(refused, {
    type: "guestsRefused",
    alert: { message: "At least one guest is required" },
  });
  assert.equal(alertOnly.drafts, withErrors);

  // Every guest complete: on to the summary, the alert and an earlier failure gone.
  const failed = { ...alertOnly, failure: { kind: "server" as const } };
  const next = run(failed, { type: "toSummary" });
  assert.equal(next.step, "summary");
  assert.equal(next.guestsAlert, undefined);
  assert.equal(next.failure, undefined);
});

Deno.test("the terms: missing shows the error, accepting clears it, declining keeps it", () => {
  let state = run(startFlow(stay(2)), { type: "termsMissing" });
  assert.equal(state.termsError, true);
  state = run(state, { type: "terms", accepted: false });
  assert.equal(state.termsError, true);
  state = run(state, { type: "terms", accepted: true });
  assert.deepEqual([state.terms, state.termsError], [true, false]);
  state = run(state, { type: "terms", accepted: false });
  assert.deepEqual([state.terms, state.termsError], [false, false]);
});

Deno.test("sending: busy until it comes back, a failure kept, and the outcome with the stay", () => {
  const failedBefore = { ...startFlow(stay(2)), failure: { kind: "offline" as const } };
  const sending = run(failedBefore, { type: "send" });
  assert.equal(sending.sending, true);
  assert.equal(sending.failure, undefined);

  const failed = run(sending, { type: "sendFailed", failure: { kind: "server" } }, {
    type: "sent",
  });
  assert.equal(failed.sending, false);
  assert.deepEqual(failed.failure, { kind: "server" });

  const latest = stay(2, [{ id: "mine" }]);
  const registering = run(sending, {
    type: "phase",
    reservation: latest,
    phase: { kind: "registering", guestIds: ["mine"], since: 1, slow: false },
  }, { type: "sent" });
  assert.equal(registering.reservation, latest);
  assert.equal(registering.phase.kind, "registering");

  // A later phase without a fresher read keeps the stay.
  const slow = run(registering, {
    type: "phase",
    phase: { kind: "registering", guestIds: ["mine"], since: 1, slow: true },
  });
  assert.equal(slow.reservation, latest);
  assert.deepEqual(slow.phase, { kind: "registering", guestIds: ["mine"], since: 1, slow: true });
});

Deno.test("checking in more guests starts over on the overview, keeping the stay as read", () => {
  const latest = stay(3, [{ id: "mine" }]);
  const done = run(
    startFlow(stay(3)),
    { type: "startGuests", draft: newDraft() },
    { type: "terms", accepted: true },
    { type: "toSummary" },
    {
      type: "phase",
      reservation: latest,
      phase: { kind: "done", outcome: "registered", guestIds: ["mine"] },
    },
    { type: "refreshing", refreshing: true },
  );
  const again = run(done, { type: "checkInMore" });
  assert.deepEqual(again, { ...startFlow(latest), refreshing: true });
});

Deno.test("the outcome of this phone's guests once none is queued", () => {
  const guests = (states: Partial<PublicGuest>[]) => stay(null, states).guests;
  assert.equal(outcomeOf(guests([{ registrationState: "queued" }]), ["g0"]), undefined);
  assert.equal(outcomeOf(guests([{}]), []), undefined);
  assert.equal(
    outcomeOf(guests([{}, { registrationState: "waiting" }]), ["g0", "g1"]),
    "registered",
  );
  assert.equal(outcomeOf(guests([{ registrationState: "waiting" }]), ["g0"]), "waiting");
  // Automatic check-in off: the host confirms the guests first (issue 20).
  assert.equal(
    outcomeOf(guests([{ registrationState: "waiting", awaitingHost: true }]), ["g0"]),
    "host",
  );
  assert.equal(
    outcomeOf(
      guests([{ registrationState: "failed", registrationRetryAt: "2026-11-25T13:32:00Z" }]),
      ["g0"],
    ),
    "delayed",
  );
  assert.equal(outcomeOf(guests([{ registrationState: "failed" }]), ["g0"]), "failed");
  // Only this phone's guests count.
  assert.equal(outcomeOf(guests([{ registrationState: "failed" }, {}]), ["g1"]), "registered");
});
