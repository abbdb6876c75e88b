import { z } from "zod";
import { MrzGuest } from "./schemas/mrz-guest.ts";

/**
 * The MRZ worker's core NATS request/reply service (not a JetStream event: a guest is waiting,
 * and a photo must not be stored in a stream). The request body is the image's raw bytes; every
 * copy of the worker subscribes in one queue group, so NATS hands each request to one of them.
 */
export const MRZ_READ_SUBJECT = "mrz.read";
export const MRZ_QUEUE_GROUP = "mrz";

export const MRZ_FAILURES = ["not-an-image", "too-large", "no-mrz-found", "unreadable"] as const;
export type MrzFailure = (typeof MRZ_FAILURES)[number];

export const MrzReply = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), guest: MrzGuest }),
  z.object({ ok: z.literal(false), failure: z.enum(MRZ_FAILURES) }),
]);
export type MrzReply = z.infer<typeof MrzReply>;
