import { useReducer } from "react";
import type { PublicGuest } from "@shared/schemas/guest.ts";
import type { CheckinKey } from "../../i18n/checkin/translator.ts";
import type { PublicReservation } from "./checkin-api.ts";
import type { CheckinFailure } from "./checkin-errors.ts";
import { restoreDrafts } from "./draft-storage.ts";
import type { GuestDraft } from "./guest-draft.ts";
import type { Outcome } from "./OutcomeView.tsx";
import type { Step } from "./StepIndicator.tsx";

/** Schema limit of one check-in; a unit without a capacity takes up to this many at once. */
export const MAX_GUESTS = 50;

/**
 * Above the guests: why the step cannot go on (a shared message, one of the page's texts, or the
 * fields still to check against the document, named as they stand).
 */
export type Alert = { message: string } | { key: CheckinKey } | { toCheck: true };

/** The form (its three steps), then eVisitor registering this phone's guests, then the outcome. */
export type Phase =
  | { kind: "form" }
  | { kind: "registering"; guestIds: string[]; since: number; slow: boolean }
  | { kind: "done"; outcome: Outcome; guestIds: string[] };

/** Where the check-in stands: the stay as last read, the step, the guests entered, the send. */
export interface CheckinFlowState {
  reservation: PublicReservation;
  step: Step;
  drafts: GuestDraft[];
  guestsAlert?: Alert;
  terms: boolean;
  termsError: boolean;
  sending: boolean;
  failure?: { kind: CheckinFailure; detail?: string };
  phase: Phase;
  /** The outcome's "check again" is asking. */
  refreshing: boolean;
}

export type CheckinFlowAction =
  /** A fresher read of the stay. */
  | { type: "read"; reservation: PublicReservation }
  /** Back (or to the guests from the summary), nothing checked. */
  | { type: "step"; step: Step }
  /** Overview → Guests: the first guest's form (`draft`) opens if none is there and one fits. */
  | { type: "startGuests"; draft: GuestDraft }
  | { type: "addGuest"; draft: GuestDraft }
  | { type: "removeGuest"; key: string }
  | { type: "editGuest"; key: string; update: (draft: GuestDraft) => GuestDraft }
  /** The guests cannot go on: why, and the guests with their errors if it is about them. */
  | { type: "guestsRefused"; alert: Alert; drafts?: GuestDraft[] }
  /** Guests → Summary, every guest complete. */
  | { type: "toSummary" }
  | { type: "terms"; accepted: boolean }
  | { type: "termsMissing" }
  /** The check-in is on its way (`sent` once it has come back, whichever way). */
  | { type: "send" }
  | { type: "sent" }
  | { type: "sendFailed"; failure: CheckinFailureDetail }
  /** Where this phone's guests stand: registering (slow after a while), or their outcome. */
  | { type: "phase"; phase: Phase; reservation?: PublicReservation }
  | { type: "refreshing"; refreshing: boolean }
  /** After the outcome: more guests of the same stay, from the start. */
  | { type: "checkInMore" };

type CheckinFailureDetail = NonNullable<CheckinFlowState["failure"]>;

/** How many more guests the stay takes (up to MAX_GUESTS when its unit has no capacity). */
export function roomOf(reservation: PublicReservation): number {
  const capacity = reservation.accommodationUnit?.capacity ?? null;
  return capacity === null ? MAX_GUESTS : Math.max(0, capacity - reservation.guests.length);
}

/**
 * Where this phone's guests stand once none is queued any more: all registered (or waiting for
 * the arrival day, or for the host's approval) is a success, a refusal by eVisitor a failure. Undefined while some are queued.
 */
export function outcomeOf(guests: PublicGuest[], ids: string[]): Outcome | undefined {
  const mine = guests.filter((g) => ids.includes(g.id));
  if (mine.length === 0 || mine.some((g) => g.registrationState === "queued")) return undefined;
  const failed = mine.filter((g) => g.registrationState === "failed");
  // Refused, or past every retry: the host has to act. eVisitor only slow: it goes by itself.
  if (failed.some((g) => !g.registrationRetryAt)) return "failed";
  if (failed.length > 0) return "delayed";
  if (mine.some((g) => g.awaitingHost)) return "host";
  return mine.every((g) => g.registrationState === "waiting") ? "waiting" : "registered";
}

/** The flow as it starts: the stay's overview, no guest entered yet. */
export function startFlow(reservation: PublicReservation): CheckinFlowState {
  return {
    reservation,
    step: "overview",
    drafts: [],
    terms: false,
    termsError: false,
    sending: false,
    phase: { kind: "form" },
    refreshing: false,
  };
}

/** The check-in flow's transitions; what they set off (requests, focus) is the page's. */
export function checkinFlow(state: CheckinFlowState, action: CheckinFlowAction): CheckinFlowState {
  switch (action.type) {
    case "read":
      return { ...state, reservation: action.reservation };
    case "step":
      return { ...state, step: action.step };
    case "startGuests":
      return {
        ...state,
        drafts: state.drafts.length === 0 && roomOf(state.reservation) > 0
          ? [action.draft]
          : state.drafts,
        step: "guests",
      };
    case "addGuest":
      return { ...state, drafts: [...state.drafts, action.draft], guestsAlert: undefined };
    case "removeGuest":
      return { ...state, drafts: state.drafts.filter((d) => d.key !== action.key) };
    case "editGuest":
      return {
        ...state,
        drafts: state.drafts.map((d) => d.key === action.key ? action.update(d) : d),
      };
    case "guestsRefused":
      return {
        ...state,
        guestsAlert: action.alert,
        drafts: action.drafts ?? state.drafts,
        step: "guests",
      };
    case "toSummary":
      return { ...state, guestsAlert: undefined, failure: undefined, step: "summary" };
    case "terms":
      return {
        ...state,
        terms: action.accepted,
        termsError: action.accepted ? false : state.termsError,
      };
    case "termsMissing":
      return { ...state, termsError: true };
    case "send":
      return { ...state, sending: true, failure: undefined };
    case "sent":
      return { ...state, sending: false };
    case "sendFailed":
      return { ...state, failure: action.failure };
    case "phase":
      return {
        ...state,
        phase: action.phase,
        reservation: action.reservation ?? state.reservation,
      };
    case "refreshing":
      return { ...state, refreshing: action.refreshing };
    case "checkInMore":
      return {
        ...startFlow(state.reservation),
        sending: state.sending,
        refreshing: state.refreshing,
      };
  }
}

/**
 * The check-in flow's state (spec sections 4, 5) and the dispatch of its actions; the guests typed
 * on this phone before a reload come back (draft-storage.ts), kept under `draftCode`: the stay's
 * code, or the door's when the page reached the stay by the door.
 */
export function useCheckinFlow(initial: PublicReservation, draftCode: string) {
  return useReducer(checkinFlow, initial, (reservation) => {
    const state = startFlow(reservation);
    const kept = restoreDrafts(draftCode);
    return kept ? { ...state, ...kept } : state;
  });
}
