import type { z } from "zod";
import type { EventContract } from "@shared/events.ts";
import type { Database } from "@core/db/client.ts";

/** What a handler receives: the validated event and the process's shared resources. */
export interface HandlerContext {
  db: Database;
  clock: () => Date;
}

export interface ReceivedEvent<P> {
  id: string;
  subject: string;
  occurredAt: string;
  payload: P;
  /** How many times this event has been delivered, this time included. */
  deliveries: number;
  /** No retry follows if this attempt fails: a handler can record the failure for people. */
  isLastAttempt: boolean;
}

/**
 * One durable consumer: the stream and subject it reads, and the idempotent handler that
 * processes each event. Throwing means "retry later"; returning means done (the message is acked).
 */
export interface ConsumerDefinition<S extends string = string, P extends z.ZodType = z.ZodType> {
  /** Durable consumer name, `<worker>_<purpose>`. */
  name: string;
  stream: string;
  event: EventContract<S, P>;
  /** Events handled at once (default 1: in order). For slow, independent work like fetching. */
  concurrency?: number;
  /** How long one event may take before the server redelivers it (default 30 s). */
  ackWaitMs?: number;
  handle(event: ReceivedEvent<z.infer<P>>, ctx: HandlerContext): Promise<void>;
}

export function defineConsumer<S extends string, P extends z.ZodType>(
  definition: ConsumerDefinition<S, P>,
): ConsumerDefinition<S, P> {
  return definition;
}
