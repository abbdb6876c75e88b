import type { NatsConnection } from "@nats-io/nats-core";
import type { NatsHandle } from "@core/platform/nats.ts";

/** Resolves with the connection once NATS is reachable; workers have nothing to do before. */
export async function waitForNats(
  handle: NatsHandle,
  signal: AbortSignal,
): Promise<NatsConnection> {
  while (!signal.aborted) {
    const nc = handle.connection();
    if (nc) return nc;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("stopped before NATS became reachable");
}
