import { z } from "zod";

/**
 * Event contracts. Subjects follow `<domain>.<entity>.<verb-past-tense>`; each domain has one
 * JetStream stream capturing `<domain>.>`. Payloads carry ids, never personal data: a consumer
 * reads what it needs from the database, so nothing personal sits in the stream.
 */
export interface EventContract<S extends string, P extends z.ZodType> {
  subject: S;
  version: number;
  payload: P;
}

function defineEvent<S extends string, P extends z.ZodType>(
  subject: S,
  payload: P,
  version = 1,
): EventContract<S, P> {
  return { subject, version, payload };
}

export const ContactMessageSubmitted = defineEvent(
  "support.contact.submitted",
  z.object({ contactMessageId: z.string() }),
);

/** Every contract, by subject, so a relay or a runner can validate any event. */
export const EVENTS = {
  [ContactMessageSubmitted.subject]: ContactMessageSubmitted,
} as const;

export type EventSubject = keyof typeof EVENTS;
export type EventPayload<S extends EventSubject> = z.infer<(typeof EVENTS)[S]["payload"]>;

/** The JetStream streams, one per domain. */
export const STREAMS = [
  { name: "SUPPORT", subjects: ["support.>"] },
  { name: "DLQ", subjects: ["dlq.>"] },
] as const;

/** Where a message that cannot be processed ends up. */
export function deadLetterSubjectOf(subject: string): string {
  return `dlq.${subject}`;
}

/** The envelope as published: the outbox row id is the event id (and the JetStream msgID). */
export const EventEnvelope = z.object({
  id: z.string(),
  subject: z.string(),
  version: z.number().int(),
  occurredAt: z.string(),
  payload: z.unknown(),
});
export type EventEnvelope = z.infer<typeof EventEnvelope>;
