import type { JetStreamClient } from "@nats-io/jetstream";
import type { z } from "zod";
import type { EventContract, EventEnvelope } from "@shared/events.ts";

/** How long a direct publish waits for JetStream's acknowledgement. */
export const PUBLISH_TIMEOUT_MS = 5000;

/**
 * Publishes a request straight to JetStream, not through the outbox, with `id` as both the event
 * id and the JetStream message id: the server's duplicate window keeps one message per id, so
 * several copies of the scheduler publishing the same request (the same id, e.g. a unit and an
 * interval slot) deliver it once. Only for requests a repeat cannot harm (a feed to fetch, a
 * comparison to make); an event announcing a write goes through the outbox in the write's
 * transaction (appendEvent). The payload is checked against the contract.
 */
export async function publishRequest<S extends string, P extends z.ZodType>(
  js: JetStreamClient,
  contract: EventContract<S, P>,
  payload: z.input<P>,
  { id, now }: { id: string; now: Date },
): Promise<void> {
  const envelope: EventEnvelope = {
    id,
    subject: contract.subject,
    version: contract.version,
    occurredAt: now.toISOString(),
    payload: contract.payload.parse(payload),
  };
  await js.publish(envelope.subject, JSON.stringify(envelope), {
    msgID: id,
    timeout: PUBLISH_TIMEOUT_MS,
  });
}
