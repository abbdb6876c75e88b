import {
  AckPolicy,
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
import type { ConsumerDefinition, HandlerContext } from "./worker.ts";

export interface ConsumeOptions {
  js: JetStreamClient;
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

/** Consumes until the signal aborts; the message in hand is finished before returning. */
export async function runConsumer(def: ConsumerDefinition, options: ConsumeOptions): Promise<void> {
  await ensureConsumer(options.jsm, def);
  const consumer = await options.js.consumers.get(def.stream, def.name);
  log.info("consumer started", { consumer: def.name, subject: def.event.subject });
  while (!options.signal.aborted) {
    const concurrency = Math.max(1, def.concurrency ?? 1);
    const messages = await consumer.consume({ max_messages: Math.max(16, concurrency * 2) });
    const stop = () => messages.stop();
    options.signal.addEventListener("abort", stop, { once: true });
    const inFlight = new Set<Promise<void>>();
    try {
      for await (const msg of messages) {
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
      }
      await Promise.all(inFlight);
    } catch (error) {
      await Promise.all(inFlight);
      log.warn("consume loop interrupted, restarting", {
        consumer: def.name,
        ...describeError(error),
      });
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      options.signal.removeEventListener("abort", stop);
      messages.stop();
    }
  }
  log.info("consumer stopped", { consumer: def.name });
}
