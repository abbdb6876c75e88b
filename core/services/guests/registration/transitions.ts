/**
 * Every move of a guest's registration with eVisitor, decided on data (pure: the guest's row in,
 * the decision out). A transition is allowed only from the states it belongs to; it answers the
 * columns it sets and the outbox events it writes (record-transition.ts writes both in one
 * transaction), that nothing is to be done (the guest is already there: a double click, a
 * redelivery), or a refusal with the server code the API answers with. A late answer from
 * eVisitor thus never moves a guest back: a checked-out or cancelled guest is not registered
 * again by an answer to an earlier request, a registered one not marked failed.
 *
 * The states: `status` says where the guest stands (PreCheckIn, CheckedIn, CheckedOut,
 * Cancelled), `registrationState` where the registration stands (waiting, queued, registered,
 * failed), and the `…RequestedAt` columns which request (check-out, cancel, undo, new departure)
 * is on its way; `registrationFailure` says why the last one failed, `registrationRetryAt` when
 * it goes again by itself.
 *
 * One file: it is the one table of a guest's registration moves, and a reviewer checks that no
 * move leaves a state another does not expect by reading them side by side.
 */
import {
  GuestCancelRequested,
  GuestCheckInRequested,
  GuestCheckOutRequested,
  GuestDepartureUpdateRequested,
  GuestUndoCheckOutRequested,
} from "@shared/events.ts";
import type { RegistrationState } from "@shared/enums.ts";
import type { ErrorCode } from "@shared/errors.ts";
import { isHeldByLogin, type RegistrationFailure } from "@shared/registration-failures.ts";
import type { guests } from "../../../db/schema/guests.ts";

export type GuestRow = typeof guests.$inferSelect;
export type GuestColumns = Partial<typeof guests.$inferInsert>;

/** Where eVisitor has a registration, as its tourist list shows (evisitor-api.md §3.3). */
export type HeldState = "cancelled" | "active" | "checked-out";

export type RegistrationEvent =
  | typeof GuestCheckInRequested
  | typeof GuestCheckOutRequested
  | typeof GuestCancelRequested
  | typeof GuestUndoCheckOutRequested
  | typeof GuestDepartureUpdateRequested;

/** The stay a cancelled registration is made again for (its arrival moved). */
export interface StayOfGuest {
  startDate: string;
  accommodationUnitId: string;
  propertyId: string;
}

export type Transition =
  // Registration.
  /** The arrival day came for a guest who waited for it (the schedule). */
  | { kind: "arrival-day" }
  /** A registration eVisitor did not answer goes again by itself (retry-schedule.ts). */
  | { kind: "retry-due" }
  /**
   * The host sends the guest (again): `host-edit` with the corrected data (`data`, the guest's
   * own fields), `send-again` as stored (with the tax category chosen, in `data`).
   */
  | {
    kind: "sent-again";
    by: "host-edit" | "send-again";
    state: RegistrationState;
    data?: GuestColumns;
  }
  /** The host approved a guest held for approval (issue 20). */
  | { kind: "approved"; state: RegistrationState; declinedToo: boolean }
  /** eVisitor took the registration, with the arrival it holds. */
  | {
    kind: "registered";
    stayFrom: string;
    timeStayFrom: string;
    notice: { unitName: string; stayCode: string };
  }
  /** The registration failed; `retryAt` when it goes again by itself; `notice` tells the host. */
  | {
    kind: "registration-failed";
    failure: RegistrationFailure;
    retryAt: Date | null;
    notice: { unitName: string } | null;
  }
  // Check-out.
  | { kind: "check-out-asked"; by: "host" | "schedule" }
  | { kind: "check-out-retry-due" }
  /** A check-out before the registered arrival (`arrivalTime`): held for the host. */
  | { kind: "check-out-held"; arrivalTime: string }
  | {
    kind: "check-out-failed";
    failure: RegistrationFailure;
    retryAt: Date | null;
    held: HeldState | null;
  }
  /** eVisitor confirmed the check-out this product sent. */
  | { kind: "checked-out" }
  /** eVisitor's list shows the guest checked out there (automatically, or by the host). */
  | { kind: "checked-out-in-evisitor" }
  // Cancel.
  | { kind: "cancel-asked"; reason: string; reRegister: boolean }
  | { kind: "cancelled"; stay: StayOfGuest; today: string }
  | { kind: "cancel-failed"; failure: RegistrationFailure; held: HeldState | null }
  // Undoing a check-out.
  | { kind: "undo-check-out-asked" }
  | { kind: "check-out-undone" }
  | { kind: "undo-check-out-failed"; failure: RegistrationFailure; held: HeldState | null }
  // A new departure.
  | { kind: "departure-update-asked" }
  | { kind: "departure-updated"; askedAt: Date }
  | { kind: "departure-update-failed"; failure: RegistrationFailure; held: HeldState | null }
  // Work a refused login held, going again with the account's new credentials.
  | { kind: "held-work-resent"; stayCancelled: boolean };

export type TransitionKind = Transition["kind"];

export type Decision =
  | { outcome: "apply"; columns: GuestColumns; events: RegistrationEvent[] }
  /** Already there, or no longer asked for: nothing to write. */
  | { outcome: "unchanged" }
  /**
   * Not allowed from the guest's state; `code` is the API's answer where a host asked, null for
   * a worker's late or stray answer (logged, never shown).
   */
  | { outcome: "refused"; code: ErrorCode | null; why: string };

const apply = (columns: GuestColumns, events: RegistrationEvent[] = []): Decision => ({
  outcome: "apply",
  columns,
  events,
});
const unchanged: Decision = { outcome: "unchanged" };
const refused = (code: ErrorCode | null, why: string): Decision => ({
  outcome: "refused",
  code,
  why,
});
/** A refusal no host asked for: a worker's late or stray answer. */
const stale = (why: string) => refused(null, why);

/**
 * When a guest entered now is registered: at once from the arrival day on; before it, on the
 * arrival day when the property checks guests in automatically, else when the host does.
 */
export function registrationStateFor(stayStart: string, today: string): RegistrationState {
  return today >= stayStart ? "queued" : "waiting";
}

/** The events a guest entered in `state` writes with its row. */
export function eventsOnEntry(state: RegistrationState): RegistrationEvent[] {
  return state === "queued" ? [GuestCheckInRequested] : [];
}

const failureColumns = (failure: RegistrationFailure | null) => ({
  registrationFailure: failure?.code ?? null,
  registrationError: failure?.detail ?? null,
});

/** The guest's columns for the state eVisitor holds, when it is not the one asked for. */
export function heldStateColumns(held: HeldState, now: Date): GuestColumns {
  switch (held) {
    case "active":
      return { status: "CheckedIn", checkedOutAt: null };
    case "checked-out":
      return { status: "CheckedOut", checkedOutAt: now };
    case "cancelled":
      return { status: "Cancelled", registrationState: "waiting", cancelledAt: now };
  }
}

/**
 * What a request that failed (a cancel, an undo, a new departure) leaves on the guest besides its
 * failure: held by the account's login, the request stays, to go again with the new credentials;
 * otherwise it is cleared (`clears`) and, where eVisitor refused because it holds another state
 * than `expected`, the guest takes the state eVisitor holds.
 */
function afterLifecycleFailure(
  { failure, held }: { failure: RegistrationFailure; held: HeldState | null },
  { expected, clears, now }: { expected: HeldState; clears: GuestColumns; now: Date },
): GuestColumns {
  const request = isHeldByLogin(failure)
    ? {}
    : { ...clears, ...(held && held !== expected ? heldStateColumns(held, now) : {}) };
  return { ...request, ...failureColumns(failure), updatedAt: now };
}

/**
 * The columns of a guest the host sends to eVisitor again, as entered or stored: a cancelled
 * registration cannot be used again, so it makes a new one under a new registration id
 * (eVisitor's rules on reusing an id are unknown); a held guest is approved by it; no automatic
 * retry is pending any more.
 */
export function sentAgain(guest: GuestRow, state: RegistrationState, now: Date): GuestColumns {
  const again = guest.status === "Cancelled"
    ? {
      guid: crypto.randomUUID(),
      status: "PreCheckIn" as const,
      cancelRequestedAt: null,
      cancelReason: null,
      cancelledAt: null,
      registeredAt: null,
    }
    : {};
  return {
    ...again,
    registrationState: state,
    approvedAt: guest.approvedAt ?? (guest.approvalRequestedAt ? now : null),
    ...failureColumns(null),
    registrationRetryAt: null,
    registrationRetries: 0,
    updatedAt: now,
  };
}

/** A check-out on its way (not one eVisitor refused: its reason is kept). */
const checkingOut = (guest: GuestRow) => guest.checkOutRequestedAt && !guest.registrationFailure;

/**
 * The work a refused login held on this guest, going again with the account's new credentials,
 * with when it was asked for (the work goes in that order); none when nothing is held.
 */
export function heldWorkOf(
  guest: Pick<
    GuestRow,
    | "status"
    | "registrationState"
    | "registrationFailure"
    | "anonymisedAt"
    | "createdAt"
    | "checkOutRequestedAt"
    | "cancelRequestedAt"
    | "undoCheckOutRequestedAt"
    | "departureUpdateRequestedAt"
  >,
  stayCancelled: boolean,
): { event: RegistrationEvent; askedAt: number; resetRetries: boolean } | undefined {
  if (!isHeldByLogin({ code: guest.registrationFailure ?? "" }) || guest.anonymisedAt) return;
  if (guest.status === "PreCheckIn" && guest.registrationState === "failed") {
    // A registration of a cancelled stay is not sent; what is registered still leaves eVisitor.
    if (stayCancelled) return;
    return { event: GuestCheckInRequested, askedAt: +guest.createdAt, resetRetries: true };
  }
  if (guest.status === "CheckedIn" && guest.cancelRequestedAt) {
    return { event: GuestCancelRequested, askedAt: +guest.cancelRequestedAt, resetRetries: false };
  }
  if (guest.status === "CheckedIn" && guest.checkOutRequestedAt) {
    return {
      event: GuestCheckOutRequested,
      askedAt: +guest.checkOutRequestedAt,
      resetRetries: true,
    };
  }
  if (guest.status === "CheckedIn" && guest.departureUpdateRequestedAt) {
    return {
      event: GuestDepartureUpdateRequested,
      askedAt: +guest.departureUpdateRequestedAt,
      resetRetries: false,
    };
  }
  if (guest.status === "CheckedOut" && guest.undoCheckOutRequestedAt) {
    return {
      event: GuestUndoCheckOutRequested,
      askedAt: +guest.undoCheckOutRequestedAt,
      resetRetries: false,
    };
  }
}

/** Whether the guest's registration time has come and it may go again by itself. */
const retryDue = (guest: GuestRow, now: Date) =>
  guest.registrationRetryAt !== null && +guest.registrationRetryAt <= +now && !guest.anonymisedAt;

/** Decides `transition` for `guest` at `now`. */
export function decide(guest: GuestRow, transition: Transition, now: Date): Decision {
  const t = transition;
  const checkedIn = guest.status === "CheckedIn";
  switch (t.kind) {
    case "arrival-day":
      if (guest.status !== "PreCheckIn" || guest.registrationState !== "waiting") return unchanged;
      if (guest.approvalRequestedAt && !guest.approvedAt) {
        return stale("held for the host's approval");
      }
      return apply({ registrationState: "queued", updatedAt: now }, [GuestCheckInRequested]);

    case "retry-due":
      if (guest.registrationState !== "failed" || !retryDue(guest, now)) return unchanged;
      return apply({
        registrationState: "queued",
        registrationRetryAt: null,
        registrationRetries: guest.registrationRetries + 1,
        updatedAt: now,
      }, [GuestCheckInRequested]);

    case "sent-again": {
      if (t.by === "host-edit" && guest.status === "CheckedOut") {
        return refused("GuestCheckedOut", "a checked-out registration cannot be edited");
      }
      if (t.by === "send-again") {
        if (guest.registrationState === "queued") return unchanged;
        const open = guest.status === "PreCheckIn" || guest.status === "Cancelled" ||
          (checkedIn && guest.registrationState === "failed");
        if (!open || (guest.cancelRequestedAt && guest.status !== "Cancelled")) {
          return refused("GuestAlreadyCheckedIn", "registered, on its way or being cancelled");
        }
      }
      return apply({ ...t.data, ...sentAgain(guest, t.state, now) }, eventsOnEntry(t.state));
    }

    case "approved": {
      const held = guest.approvalRequestedAt && !guest.approvedAt && !guest.disownedAt &&
        guest.status === "PreCheckIn" && guest.registrationState === "waiting" &&
        (t.declinedToo || !guest.approvalDeclinedAt);
      if (!held) return unchanged;
      return apply({
        approvedAt: now,
        approvalDeclinedAt: null,
        registrationState: t.state,
        updatedAt: now,
      }, eventsOnEntry(t.state));
    }

    case "registered":
      if (guest.anonymisedAt) return stale("the guest's data was removed");
      if (guest.status === "CheckedOut" || guest.status === "Cancelled") {
        return stale(`a late answer for a guest ${guest.status}`);
      }
      if (checkedIn && guest.registrationState === "registered") return unchanged;
      return apply({
        status: "CheckedIn",
        registrationState: "registered",
        ...failureColumns(null),
        registrationRetryAt: null,
        registrationRetries: 0,
        registeredAt: now,
        registeredStayFrom: t.stayFrom,
        registeredTimeStayFrom: t.timeStayFrom,
        updatedAt: now,
      });

    case "registration-failed":
      if (guest.status === "CheckedOut" || guest.status === "Cancelled") {
        return stale(`a late failure for a guest ${guest.status}`);
      }
      if (guest.registrationState === "registered") return stale("registered meanwhile");
      return apply({
        registrationState: "failed",
        ...failureColumns(t.failure),
        registrationRetryAt: t.retryAt,
        updatedAt: now,
      });

    case "check-out-asked":
      if (t.by === "host") {
        if (!checkedIn || guest.cancelRequestedAt) {
          return refused("CannotCheckOut", "not registered, or being cancelled");
        }
        // Already on its way (a double click); one that failed is the host's to send again.
        if (checkingOut(guest)) return unchanged;
        return apply({
          checkOutRequestedAt: now,
          ...failureColumns(null),
          registrationRetryAt: null,
        }, [GuestCheckOutRequested]);
      }
      if (!checkedIn || guest.checkOutRequestedAt) return unchanged;
      // A check-out once undone was a mistake: the host checks the guest out from then on.
      if (guest.cancelRequestedAt || guest.checkOutUndoneAt) {
        return stale("left to the host: being cancelled, or a check-out undone");
      }
      return apply({ checkOutRequestedAt: now, updatedAt: now }, [GuestCheckOutRequested]);

    case "check-out-retry-due":
      if (!checkedIn || !guest.checkOutRequestedAt || !retryDue(guest, now)) return unchanged;
      // On its way again: no failure shown meanwhile (host-check-in.ts reads that as in flight).
      return apply({
        registrationRetryAt: null,
        registrationRetries: guest.registrationRetries + 1,
        ...failureColumns(null),
        updatedAt: now,
      }, [GuestCheckOutRequested]);

    case "check-out-held":
      if (!checkedIn) return stale(`a held check-out for a guest ${guest.status}`);
      return apply({
        ...failureColumns({ code: "checkout-before-arrival", detail: t.arrivalTime }),
        registrationRetryAt: null,
        updatedAt: now,
      });

    case "check-out-failed":
      if (!checkedIn) return stale(`a late check-out failure for a guest ${guest.status}`);
      return apply({
        ...(t.held && t.held !== "active" ? heldStateColumns(t.held, now) : {}),
        ...failureColumns(t.failure),
        registrationRetryAt: t.retryAt,
        updatedAt: now,
      });

    case "checked-out":
      if (guest.status === "CheckedOut") return unchanged;
      if (!checkedIn) return stale(`a check-out for a guest ${guest.status}`);
      return apply({
        status: "CheckedOut",
        ...failureColumns(null),
        registrationRetryAt: null,
        checkedOutAt: now,
        updatedAt: now,
      });

    case "checked-out-in-evisitor":
      if (!checkedIn) return unchanged;
      return apply({ status: "CheckedOut", checkedOutAt: now, updatedAt: now });

    case "cancel-asked":
      // A cancellation already on its way (a double click) is not queued twice.
      if (checkedIn && guest.cancelRequestedAt) return unchanged;
      if (
        !checkedIn || guest.registrationState !== "registered" || checkingOut(guest) ||
        guest.undoCheckOutRequestedAt
      ) {
        return refused("CannotCancelRegistration", "not an active registration, or busy");
      }
      return apply({
        cancelRequestedAt: now,
        cancelReason: t.reason,
        reRegisterRequestedAt: t.reRegister ? now : null,
        departureUpdateRequestedAt: null,
        ...failureColumns(null),
        updatedAt: now,
      }, [GuestCancelRequested]);

    case "cancelled": {
      if (!checkedIn || !guest.cancelRequestedAt) return unchanged;
      const cancelled: GuestColumns = {
        status: "Cancelled",
        // Not "waiting for arrival": nothing is sent until the host registers the guest again.
        registrationState: "waiting",
        ...failureColumns(null),
        registrationRetryAt: null,
        cancelRequestedAt: null,
        cancelledAt: now,
        updatedAt: now,
      };
      if (!guest.reRegisterRequestedAt) return apply(cancelled);
      // The stay's arrival moved: the guest is registered anew under a new registration id (as
      // when the host registers a cancelled guest again), in the stay's current unit, from its
      // arrival day on, queued once and only after the cancel (stay-move.ts).
      const state = registrationStateFor(t.stay.startDate, t.today);
      return apply({
        ...cancelled,
        guid: crypto.randomUUID(),
        status: "PreCheckIn",
        registrationState: state,
        registrationRetries: 0,
        registeredAt: null,
        cancelReason: null,
        cancelledAt: null,
        reRegisterRequestedAt: null,
        accommodationUnitId: t.stay.accommodationUnitId,
        propertyId: t.stay.propertyId,
      }, eventsOnEntry(state));
    }

    case "cancel-failed":
      if (!guest.cancelRequestedAt) return unchanged;
      return apply(afterLifecycleFailure(t, {
        expected: "active",
        clears: { cancelRequestedAt: null, reRegisterRequestedAt: null },
        now,
      }));

    case "undo-check-out-asked":
      if (guest.status !== "CheckedOut" || guest.anonymisedAt) {
        return refused("CannotUndoCheckOut", "not checked out, or its data removed");
      }
      if (guest.undoCheckOutRequestedAt) return unchanged; // already on its way
      return apply({
        undoCheckOutRequestedAt: now,
        ...failureColumns(null),
        updatedAt: now,
      }, [GuestUndoCheckOutRequested]);

    case "check-out-undone":
      if (guest.status !== "CheckedOut" || !guest.undoCheckOutRequestedAt) return unchanged;
      return apply({
        status: "CheckedIn",
        checkedOutAt: null,
        checkOutRequestedAt: null,
        undoCheckOutRequestedAt: null,
        checkOutUndoneAt: now,
        ...failureColumns(null),
        updatedAt: now,
      });

    case "undo-check-out-failed":
      if (!guest.undoCheckOutRequestedAt) return unchanged;
      return apply(afterLifecycleFailure(t, {
        expected: "checked-out",
        clears: { undoCheckOutRequestedAt: null },
        now,
      }));

    case "departure-update-asked":
      // Guests whose cancel or check-out is on its way are left to it.
      if (!checkedIn || guest.cancelRequestedAt || guest.checkOutRequestedAt) return unchanged;
      return apply({ departureUpdateRequestedAt: now, updatedAt: now }, [
        GuestDepartureUpdateRequested,
      ]);

    case "departure-updated":
      // Cleared only if no later move asked again meanwhile (its own event sends it).
      if (+(guest.departureUpdateRequestedAt ?? 0) !== +t.askedAt) return unchanged;
      return apply({
        departureUpdateRequestedAt: null,
        ...failureColumns(null),
        updatedAt: now,
      });

    case "departure-update-failed":
      if (!guest.departureUpdateRequestedAt) return unchanged;
      return apply(afterLifecycleFailure(t, {
        expected: "active",
        clears: { departureUpdateRequestedAt: null },
        now,
      }));

    case "held-work-resent": {
      const work = heldWorkOf(guest, t.stayCancelled);
      if (!work) return unchanged;
      return apply({
        ...(work.event === GuestCheckInRequested ? { registrationState: "queued" as const } : {}),
        ...(work.resetRetries ? { registrationRetries: 0 } : {}),
        ...failureColumns(null),
        registrationRetryAt: null,
        updatedAt: now,
      }, [work.event]);
    }
  }
}
