import { eq } from "drizzle-orm";
import type { RegistrationFailure } from "@shared/registration-failures.ts";
import { guests } from "@core/db/schema/guests.ts";
import { EVisitorError, type EVisitorSession } from "@core/evisitor/types.ts";
import type { HandlerContext } from "../../runner/worker.ts";

type GuestUpdate = Partial<typeof guests.$inferInsert>;

/**
 * A cancellation or an undone check-out eVisitor did not carry out: its reason is kept beside
 * the guest (as for a refused check-out) and the request cleared (`clear`), so the host sees why
 * and may ask again.
 */
export async function recordLifecycleFailure(
  ctx: HandlerContext,
  guestId: string,
  failure: RegistrationFailure,
  clear: GuestUpdate,
): Promise<void> {
  await ctx.db.update(guests).set({
    ...clear,
    registrationFailure: failure.code,
    registrationError: failure.detail,
    updatedAt: ctx.clock(),
  }).where(eq(guests.id, guestId));
}

/**
 * The login failures that hold an account's work until its credentials change (the account's
 * new credentials send it all again: change-credentials.ts); the request is kept for that.
 */
export const LOGIN_FAILURE_KINDS: EVisitorError["kind"][] = [
  "invalid-credentials",
  "unauthenticated",
  "locked-out",
  "api-key",
];

export const failedOnLogin = (error: EVisitorError) => LOGIN_FAILURE_KINDS.includes(error.kind);

export type HeldState = "cancelled" | "active" | "checked-out";

/**
 * Where eVisitor has the registration now. A cancelled registration is not in its tourist list
 * (evisitor-api.md §3.3).
 */
export async function registrationNow(
  session: EVisitorSession,
  registrationId: string,
): Promise<HeldState> {
  const { records } = await session.listTourists({ id: registrationId });
  if (records.length === 0) return "cancelled";
  return records[0].checkedOut ? "checked-out" : "active";
}

/**
 * eVisitor refused a check-out, cancel or undo, and its tourist list shows where the registration
 * is instead (`held`): the host sees that state, with the refusal beside it.
 */
export class RefusedWhileHeld extends Error {
  constructor(readonly error: EVisitorError, readonly held: HeldState) {
    super(error.message);
    this.name = "RefusedWhileHeld";
  }
}

/**
 * Sends one lifecycle action (check-out, cancel, undo) so that eVisitor carries it out once, and
 * settles by reading what eVisitor holds, never by the wording of its answer: a call whose answer
 * was lost (a time-out, a dropped connection, a server failure) may have been carried out, and
 * its repeat is then refused ("already checked out"). So on a repeat (`repeat`: an earlier
 * delivery or retry may have reached eVisitor) the list is read first and nothing is sent when
 * eVisitor already holds `wanted`; and after a lost answer or a refusal the list decides. A
 * refusal while eVisitor holds another state throws RefusedWhileHeld; anything else that failed
 * is thrown as it came (the list could not be read, or the session itself failed).
 */
export async function actOnce(
  session: EVisitorSession,
  { registrationId, wanted, repeat }: {
    registrationId: string;
    wanted: HeldState;
    repeat: boolean;
  },
  send: () => Promise<void>,
): Promise<void> {
  if (repeat && await registrationNow(session, registrationId) === wanted) return;
  try {
    await send();
  } catch (error) {
    if (!(error instanceof EVisitorError) || !SETTLED_BY_READING.includes(error.kind)) throw error;
    const held = await registrationNow(session, registrationId).catch(() => null);
    if (held === wanted) return;
    if (held && error.kind === "rejected") throw new RefusedWhileHeld(error, held);
    throw error;
  }
}

/** Answers after which the call may have been carried out, or was refused: read to know. */
const SETTLED_BY_READING: EVisitorError["kind"][] = ["rejected", "unavailable", "protocol"];

/**
 * What a request that failed (a cancel, an undo, a new departure) leaves on the guest besides its
 * failure: held by the account's login, the request stays, to go again with the new credentials;
 * otherwise it is cleared (`clears`) and, where eVisitor refused because it holds another state
 * than `expected`, the guest takes the state eVisitor holds.
 */
export function columnsAfterFailure(
  error: EVisitorError,
  thrown: unknown,
  { expected, clears, now }: { expected: HeldState; clears: GuestUpdate; now: Date },
): GuestUpdate {
  if (failedOnLogin(error)) return {};
  const held = thrown instanceof RefusedWhileHeld && thrown.held !== expected
    ? heldStateColumns(thrown.held, now)
    : {};
  return { ...clears, ...held };
}

/** The guest's columns for the state eVisitor holds, when it is not the one asked for. */
export function heldStateColumns(held: HeldState, now: Date): GuestUpdate {
  switch (held) {
    case "active":
      return { status: "CheckedIn", checkedOutAt: null };
    case "checked-out":
      return { status: "CheckedOut", checkedOutAt: now };
    case "cancelled":
      return { status: "Cancelled", registrationState: "waiting", cancelledAt: now };
  }
}
