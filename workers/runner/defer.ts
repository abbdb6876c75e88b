/**
 * Thrown by a handler that wants the event again later, not because it failed: the runner hands
 * it back to the server with this delay (a nak with delay), logs no failure, and the delivery
 * does not count as a failed attempt beyond the server's own delivery count (a handler on its
 * last attempt does its work instead of deferring). Used to debounce: wait for a burst to end.
 */
export class DeferEvent extends Error {
  constructor(readonly delayMs: number) {
    super(`deferred for ${delayMs} ms`);
    this.name = "DeferEvent";
  }
}
