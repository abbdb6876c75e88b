/**
 * Failures the tests (or a curious developer) ask for through POST /__sim/faults. Each fault
 * answers the next `count` matching calls (after letting `after` of them through), oldest fault
 * first. `expire-sessions` is not queued: it drops every session at once (see control.ts);
 * `expire-on-call` drops them when a matching call arrives, so a session ends mid-batch.
 *
 * Lost answers come in three kinds: `timeout` holds the answer and carries the call out after the
 * client gave up; `lost` carries it out at once and then holds the answer past the client's
 * patience; `drop` carries it out and drops the connection in the middle of the answer. In every
 * case eVisitor has applied the call and the client does not know. `envelope200` is a server-side
 * failure (the 500 envelope) answered with status 200; nothing is carried out.
 */
export const FAULT_MODES = [
  "http500",
  "timeout",
  "lost",
  "drop",
  "envelope200",
  "waf",
  "lockout",
  "unauthenticated",
  "expire-sessions",
  "expire-on-call",
] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export interface Fault {
  mode: Exclude<FaultMode, "expire-sessions">;
  remaining: number;
  /** Only calls whose path contains this (case-insensitive), e.g. "CheckInTourist". */
  path?: string;
  /** For "timeout" and "lost": how long the answer is held back. */
  delayMs?: number;
  /** For "waf": the support ID the block page names (random otherwise; "" names none). */
  supportId?: string;
  /** Matching calls let through before the fault starts answering. */
  after?: number;
}

export interface CallKind {
  path: string;
  isLogin: boolean;
  /** Calls that need a session (everything but Login and Logout). */
  needsSession: boolean;
}

function applies(fault: Fault, call: CallKind): boolean {
  if (fault.path && !call.path.toLowerCase().includes(fault.path.toLowerCase())) return false;
  if (fault.mode === "lockout") return call.isLogin;
  if (fault.mode === "unauthenticated" || fault.mode === "expire-on-call") {
    return call.needsSession;
  }
  return true;
}

export class FaultQueue {
  #faults: Fault[] = [];

  add(fault: Fault): void {
    this.#faults.push(fault);
  }

  /** The fault for this call, if any; counts it down. */
  take(call: CallKind): Fault | undefined {
    const fault = this.#faults.find((f) => applies(f, call));
    if (!fault) return undefined;
    if (fault.after) {
      fault.after--;
      return undefined;
    }
    fault.remaining--;
    if (fault.remaining <= 0) this.#faults.splice(this.#faults.indexOf(fault), 1);
    return fault;
  }

  list(): Fault[] {
    return this.#faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.#faults = [];
  }
}
