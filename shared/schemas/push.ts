import { z } from "zod";
import { PUSH_KINDS } from "../push-kinds.ts";

export const PushKind = z.enum(PUSH_KINDS);

/** Longest endpoint accepted: push services' addresses are a few hundred characters. */
export const PUSH_ENDPOINT_MAX = 2048;

/** A P-256 public key (65 bytes) or a 16-byte secret, base64url as browsers give them. */
const base64url = (bytes: number) =>
  z.string().trim().regex(/^[A-Za-z0-9_-]+={0,2}$/, "Not a base64url value").refine(
    (value) => value.replace(/=+$/, "").length === Math.ceil(bytes * 4 / 3),
    `Must be ${bytes} bytes in base64url`,
  );

/**
 * POST /Users/manage/push/devices: this browser's push subscription, as
 * `PushSubscription.toJSON()` gives it (`endpoint`, `keys.p256dh`, `keys.auth`). The same endpoint
 * again updates its keys instead of adding a device.
 */
export const PushSubscriptionRequest = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(PUSH_ENDPOINT_MAX),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
}).meta({ id: "PushSubscriptionRequest" });
export type PushSubscriptionRequest = z.input<typeof PushSubscriptionRequest>;

/** A device that gets the user's pushes: never its endpoint or keys. */
export const PushDevice = z.object({
  id: z.string(),
  /** Browser and system, e.g. "Chrome 131 · Android"; null when the browser named neither. */
  label: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastSentAt: z.iso.datetime().nullable(),
}).meta({ id: "PushDevice" });
export type PushDevice = z.infer<typeof PushDevice>;

/** GET /Users/manage/push: whether push works here, the devices and the kinds chosen. */
export const PushSettings = z.object({
  /** The server's VAPID public key for `pushManager.subscribe`; null: push is off here. */
  publicKey: z.string().nullable(),
  devices: z.array(PushDevice),
  kinds: z.array(PushKind),
}).meta({ id: "PushSettings" });
export type PushSettings = z.infer<typeof PushSettings>;

/** PUT /Users/manage/push/kinds: the kinds wanted by push (the others are not pushed). */
export const PushKindsRequest = z.object({
  kinds: z.array(PushKind).max(PUSH_KINDS.length)
    .transform((kinds) => PUSH_KINDS.filter((kind) => kinds.includes(kind))),
}).meta({ id: "PushKindsRequest" });
export type PushKindsRequest = z.input<typeof PushKindsRequest>;
