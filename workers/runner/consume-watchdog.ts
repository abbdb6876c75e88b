import type { ConsumerMessages } from "@nats-io/jetstream";
import { log } from "@core/platform/logger.ts";

/**
 * How a pull consumer's loop knows it is stalled. The server sends an idle heartbeat on the open
 * pull request every HEARTBEAT_MS when it has nothing to deliver, so a loop that waits for
 * messages sees a message or a heartbeat at least that often. When the server leading the
 * consumer dies (or leadership moves), the pull request dies with it: no message, no heartbeat,
 * and the client library, after reconnecting, waits up to its `expires` (30 s) before it asks
 * again — the 27–43 s of lost registrations of issue 19. A loop that has waited STALL_MS with
 * neither, or that the library tells the consumer is gone, is restarted on a fresh pull request,
 * which reaches the new leader as soon as there is one.
 */
export const CONSUME_TIMING = {
  /** Idle heartbeats requested from the server on each pull. */
  heartbeatMs: 1000,
  /** Waiting this long with neither a message nor a heartbeat: stalled. */
  stallMs: 3000,
  /**
   * How long a consumer lookup (its info, answered by its leader) may take: during an election
   * nobody answers, and a new lookup is tried after a short pause instead of JetStream's 5 s.
   */
  lookupTimeoutMs: 1000,
  /** The pause before the next lookup. */
  lookupPauseMs: 250,
  /** A pull request's life on the server; the library renews it. */
  expiresMs: 10_000,
  /**
   * Idle this long with messages pending on the server (consumer info): stalled too, for a pull
   * request that gets heartbeats but no messages.
   */
  pendingCheckMs: 10_000,
};

export type StallReason =
  | "no heartbeat"
  | "heartbeats missed"
  | "consumer gone"
  | "no responders"
  | "messages pending but none delivered";

/** Notifications after which the pull request is known to be dead. */
const FATAL: Record<string, StallReason> = {
  heartbeats_missed: "heartbeats missed",
  consumer_deleted: "consumer gone",
  consumer_not_found: "consumer gone",
  stream_not_found: "consumer gone",
  no_responders: "no responders",
};

export interface Watchdog {
  /** The loop took a message (busy until `waiting`). */
  received(): void;
  /** The loop is waiting for the next message. */
  waiting(): void;
  /** Resolves with the reason once the loop is stalled (after it has called `messages.stop()`). */
  stalled: Promise<StallReason>;
  /** Stops watching (the loop ended for another reason). */
  dispose(): void;
}

/**
 * Watches one `consume()` of `consumer`: its status notifications, and how long the loop waits.
 * On a stall it logs why (consumer name only, no message content) and stops `messages`, which
 * ends the loop's iteration after the messages already received.
 */
export function watchConsume(
  consumer: string,
  messages: ConsumerMessages,
  pendingOnServer: () => Promise<number>,
  timing = CONSUME_TIMING,
): Watchdog {
  let lastSign = performance.now();
  let lastMessage = performance.now();
  let isWaiting = true;
  let checking = false;
  let done = false;
  let resolveStall!: (reason: StallReason) => void;
  const stalled = new Promise<StallReason>((resolve) => (resolveStall = resolve));

  const stall = (reason: StallReason) => {
    if (done) return;
    done = true;
    clearInterval(timer);
    log.warn("consumer stalled, restarting", {
      consumer,
      reason,
      idleMs: Math.round(performance.now() - lastSign),
    });
    resolveStall(reason);
    messages.stop();
  };

  (async () => {
    for await (const status of messages.status()) {
      if (done) break;
      if (status.type === "heartbeat") lastSign = performance.now();
      const fatal = FATAL[status.type];
      if (fatal) stall(fatal);
    }
  })().catch(() => {});

  const timer = setInterval(() => {
    if (done || !isWaiting) return;
    const now = performance.now();
    if (now - lastSign > timing.stallMs) return stall("no heartbeat");
    if (checking || now - lastMessage < timing.pendingCheckMs) return;
    checking = true;
    const askedAt = now;
    pendingOnServer().then((pending) => {
      if (pending > 0 && isWaiting && lastMessage < askedAt) {
        stall("messages pending but none delivered");
      }
      // Asked again only after another full interval without messages.
      lastMessage = Math.max(lastMessage, askedAt);
    }, () => {}).finally(() => (checking = false));
  }, Math.min(500, timing.stallMs / 3));

  return {
    received: () => {
      isWaiting = false;
      lastSign = lastMessage = performance.now();
    },
    waiting: () => {
      if (isWaiting) return;
      isWaiting = true;
      lastSign = performance.now();
    },
    stalled,
    dispose: () => {
      done = true;
      clearInterval(timer);
    },
  };
}
