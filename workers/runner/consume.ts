import {
  AckPolicy,
  type Consumer,
  type ConsumerMessages,
  DeliverPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from "@nats-io/jetstream";
import { headers, nanos } from "@nats-io/nats-core";
import { deadLetterSubjectOf, EventEnvelope } from "@shared/events.ts";
import { describeError, log } from "@core/platform/logger.ts";
import { retryDelayMs } from "./backoff.ts";
import { DeferEvent } from "./defer.ts";
import { CONSUME_TIMING, watchConsume } from "./consume-watchdog.ts";
import type { ConsumerDefinition, HandlerContext } from "./worker.ts";

export interface ConsumeOptions {
  /** For acknowledgements' companions: dead letters. */
  js: JetStreamClient;
  /**
   * The consumers are looked up and pulled through this one: its request timeout is
   * CONSUME_TIMING.lookupTimeoutMs, so a lookup during a failover is retried quickly.
   */
  pullJs: JetStreamClient;
  jsm: JetStreamManager;
  ctx: HandlerContext;
  maxDeliveries: number;
  retry: { baseMs: number; maxMs: number };
  signal: AbortSignal;
}

const ACK_WAIT_MS = 30_000;

/** Creates the durable consumer if it does not exist yet (safe with several copies running). */
async function ensureConsumer(jsm: JetStreamManager, def: ConsumerDefinition): Promise<void> {
  const config = {
    durable_name: def.name,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: def.event.subject,
    ack_wait: nanos(def.ackWaitMs ?? ACK_WAIT_MS),
    // Unlimited on the server: the runner itself dead-letters after maxDeliveries, so an event
    // is never dropped silently.
    max_deliver: -1,
  };
  try {
    await jsm.consumers.info(def.stream, def.name);
  } catch (error) {
    if (
      !(error instanceof JetStreamApiError) || error.code !== JetStreamApiCodes.ConsumerNotFound
    ) {
      throw error;
    }
    await jsm.consumers.add(def.stream, config);
    return;
  }
  await jsm.consumers.update(def.stream, def.name, config);
}

async function deadLetter(js: JetStreamClient, msg: JsMsg, consumer: string, reason: string) {
  const h = headers();
  h.set("Prijavko-Consumer", consumer);
  h.set("Prijavko-Reason", reason.slice(0, 500));
  h.set("Prijavko-Deliveries", String(msg.info.deliveryCount));
  // One dead letter per consumer and message, even if this step itself is retried.
  await js.publish(deadLetterSubjectOf(msg.subject), msg.data, {
    headers: h,
    msgID: `${consumer}:${msg.info.streamSequence}`,
  });
}

async function processMessage(def: ConsumerDefinition, msg: JsMsg, options: ConsumeOptions) {
  const { js, ctx, maxDeliveries, retry } = options;
  const deliveries = msg.info.deliveryCount;
  const parsed = EventEnvelope.safeParse(safeJson(msg));
  const payload = parsed.success ? def.event.payload.safeParse(parsed.data.payload) : undefined;
  if (!parsed.success || !payload?.success) {
    log.error("event rejected: invalid envelope or payload", {
      consumer: def.name,
      subject: msg.subject,
    });
    await deadLetter(js, msg, def.name, "invalid payload");
    msg.term("invalid payload");
    return;
  }
  const event = {
    ...parsed.data,
    payload: payload.data,
    deliveries,
    isLastAttempt: deliveries >= maxDeliveries,
  };
  if (deliveries > maxDeliveries) {
    // The process died while handling it too often (a poison message): stop trying.
    await deadLetter(js, msg, def.name, "too many deliveries");
    msg.term("too many deliveries");
    return;
  }
  try {
    await def.handle(event, ctx);
    msg.ack();
  } catch (error) {
    if (error instanceof DeferEvent && deliveries < maxDeliveries) {
      log.info("event deferred", { consumer: def.name, eventId: event.id, delay: error.delayMs });
      msg.nak(error.delayMs);
      return;
    }
    const reason = describeError(error).error;
    if (deliveries >= maxDeliveries) {
      log.error("event dead-lettered", {
        consumer: def.name,
        eventId: event.id,
        deliveries,
        error: reason,
      });
      await deadLetter(js, msg, def.name, reason);
      msg.term(reason);
    } else {
      const delay = retryDelayMs(deliveries, retry);
      log.warn("event failed, will retry", {
        consumer: def.name,
        eventId: event.id,
        deliveries,
        delay,
        error: reason,
      });
      msg.nak(delay);
    }
  }
}

function safeJson(msg: JsMsg): unknown {
  try {
    return msg.json();
  } catch {
    return undefined;
  }
}

/**
 * Consumes until the signal aborts; the message in hand is finished before returning. Each round
 * is one `consume()` (one pull request kept open on the server) watched for stalls
 * (consume-watchdog.ts): a dead pull request, after the server leading the consumer died or
 * leadership moved, is replaced by a new one within seconds instead of the library's 30 s.
 */
export async function runConsumer(def: ConsumerDefinition, options: ConsumeOptions): Promise<void> {
  // On a cluster under load, or while it elects a leader, creating or updating the consumer can
  // time out: retried, since a rejection here would end the whole process.
  while (true) {
    if (options.signal.aborted) return;
    try {
      await ensureConsumer(options.jsm, def);
      break;
    } catch (error) {
      log.warn("consumer set-up failed, retrying", { consumer: def.name, ...describeError(error) });
      await pause(1000, options.signal);
    }
  }
  log.info("consumer started", { consumer: def.name, subject: def.event.subject });
  const concurrency = Math.max(1, def.concurrency ?? 1);
  let stalledAt: number | undefined;
  let failedLookups = 0;
  let lastLookupLog = Number.NEGATIVE_INFINITY;
  while (!options.signal.aborted) {
    let consumer: Consumer;
    let messages: ConsumerMessages;
    try {
      // Asks the consumer's info: answers once a leader exists (after a failover, ~5 s).
      consumer = await options.pullJs.consumers.get(def.stream, def.name);
      messages = await consumer.consume({
        max_messages: Math.max(16, concurrency * 2),
        idle_heartbeat: CONSUME_TIMING.heartbeatMs,
        expires: CONSUME_TIMING.expiresMs,
      });
    } catch (error) {
      // Once when it starts, then every 10 s while NATS is away: a line per attempt would be
      // ten a second from a process's consumers.
      const now = performance.now();
      failedLookups++;
      if (now - lastLookupLog >= 10_000) {
        lastLookupLog = now;
        log.warn("consumer unavailable, retrying", {
          consumer: def.name,
          attempts: failedLookups,
          ...describeError(error),
        });
      }
      await pause(CONSUME_TIMING.lookupPauseMs, options.signal);
      continue;
    }
    failedLookups = 0;
    lastLookupLog = Number.NEGATIVE_INFINITY;
    const watchdog = watchConsume(def.name, messages, async () => {
      const info = await consumer.info(false);
      return info.num_pending;
    });
    const stop = () => messages.stop();
    options.signal.addEventListener("abort", stop, { once: true });
    watchdog.stalled.then(() => (stalledAt ??= performance.now()));
    const inFlight = new Set<Promise<void>>();
    const roundStarted = performance.now();
    try {
      for await (const msg of messages) {
        watchdog.received();
        if (stalledAt !== undefined) {
          log.info("consumer resumed", {
            consumer: def.name,
            afterMs: Math.round(performance.now() - stalledAt),
          });
          stalledAt = undefined;
        }
        // A failure here (NATS gone while dead-lettering) leaves the message unacked: the server
        // redelivers it after the ack wait. Caught so that a concurrent one cannot go unhandled.
        const handling: Promise<void> = processMessage(def, msg, options)
          .catch((error) => {
            log.warn("event handling interrupted", { consumer: def.name, ...describeError(error) });
          })
          .finally(() => inFlight.delete(handling));
        inFlight.add(handling);
        if (inFlight.size >= concurrency) await Promise.race(inFlight);
        if (options.signal.aborted) break;
        watchdog.waiting();
      }
      await Promise.all(inFlight);
      // A pull that ends at once (the connection closing) is not tried again in a tight loop.
      if (performance.now() - roundStarted < 1000) {
        await pause(CONSUME_TIMING.lookupPauseMs, options.signal);
      }
    } catch (error) {
      await Promise.all(inFlight);
      log.warn("consume loop interrupted, restarting", {
        consumer: def.name,
        ...describeError(error),
      });
      await pause(500, options.signal);
    } finally {
      watchdog.dispose();
      options.signal.removeEventListener("abort", stop);
      messages.stop();
    }
  }
  log.info("consumer stopped", { consumer: def.name });
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
