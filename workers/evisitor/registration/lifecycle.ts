import { EVisitorError, type EVisitorSession } from "@core/evisitor/types.ts";
import type { HeldState } from "@core/services/guests/registration/transitions.ts";

export type { HeldState };

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
