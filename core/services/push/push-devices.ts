import { and, asc, eq } from "drizzle-orm";
import { PUSH_KINDS, type PushKind } from "@shared/push-kinds.ts";
import {
  type PushDevice,
  PushKindsRequest,
  type PushSettings,
  PushSubscriptionRequest,
} from "@shared/schemas/push.ts";
import { actorOf, type ServiceContext } from "../../context.ts";
import type { AuthUser } from "../../auth/auth-user.ts";
import type { DbOrTx } from "../../db/client.ts";
import { pushPreferences, pushSubscriptions } from "../../db/schema/push-subscriptions.ts";
import { AppError } from "../../errors.ts";
import { hashToken } from "../../platform/crypto/random-token.ts";
import { describeUserAgent } from "../../platform/user-agent.ts";
import { isAllowedPushEndpoint } from "./push-endpoints.ts";

/** Devices per user; a new one beyond replaces the one registered longest ago. */
export const MAX_PUSH_DEVICES = 10;

type Row = typeof pushSubscriptions.$inferSelect;

const toDevice = (row: Row): PushDevice => ({
  id: row.id,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
  lastSentAt: row.lastSentAt?.toISOString() ?? null,
});

/**
 * The caller, as themselves: not an administrator during impersonation, whose device would
 * otherwise get the host's notifications (routes already refuse API tokens).
 */
function selfOf(ctx: ServiceContext): AuthUser {
  const actor = actorOf(ctx);
  if (actor.impersonatorId || actor.apiToken) {
    throw new AppError("Forbidden", { detail: "Push notifications are set up by the user only." });
  }
  return actor;
}

/** The kinds a user wants by push: every kind until they choose. */
export async function pushKindsOf(db: DbOrTx, userId: string): Promise<PushKind[]> {
  const [row] = await db.select({ kinds: pushPreferences.kinds }).from(pushPreferences)
    .where(eq(pushPreferences.userId, userId));
  return row ? PUSH_KINDS.filter((kind) => row.kinds.includes(kind)) : [...PUSH_KINDS];
}

async function devicesOf(ctx: ServiceContext, userId: string): Promise<PushDevice[]> {
  const rows = await ctx.db.select().from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId)).orderBy(asc(pushSubscriptions.createdAt));
  return rows.map(toDevice);
}

/** GET /Users/manage/push: the server's public key (null: push is off), devices and kinds. */
export async function getPushSettings(ctx: ServiceContext): Promise<PushSettings> {
  const user = actorOf(ctx);
  return {
    publicKey: ctx.config.push?.publicKey ?? null,
    devices: await devicesOf(ctx, user.id),
    kinds: await pushKindsOf(ctx.db, user.id),
  };
}

/**
 * Registers this browser's subscription for the caller. The endpoint is kept encrypted and found
 * by its hash; registering it again (the browser renewed its keys, or another user signed in on
 * the same browser) moves it to the caller with the new keys, as one browser is one device.
 */
export async function addPushDevice(
  ctx: ServiceContext,
  input: PushSubscriptionRequest,
): Promise<PushDevice> {
  const user = selfOf(ctx);
  const push = ctx.config.push;
  if (!push) {
    throw new AppError("Forbidden", {
      detail: "Push notifications are not set up on this server.",
    });
  }
  const { endpoint, keys } = PushSubscriptionRequest.parse(input);
  if (!isAllowedPushEndpoint(endpoint, push.allowAnyEndpoint)) {
    throw AppError.invalid({ endpoint: ["Not a push service's address."] });
  }
  const endpointHash = await hashToken(endpoint);
  const sealed = await ctx.secretBox.seal(endpoint);
  const label = describeUserAgent(ctx.request?.userAgent);
  return await ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(pushSubscriptions).values({
      id: crypto.randomUUID(),
      userId: user.id,
      endpointHash,
      endpoint: sealed,
      p256dh: keys.p256dh,
      auth: keys.auth,
      label,
      createdAt: ctx.now,
    }).onConflictDoUpdate({
      target: pushSubscriptions.endpointHash,
      set: { userId: user.id, p256dh: keys.p256dh, auth: keys.auth, label, createdAt: ctx.now },
    }).returning();
    const all = await tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id)).orderBy(asc(pushSubscriptions.createdAt));
    for (const old of all.slice(0, Math.max(0, all.length - MAX_PUSH_DEVICES))) {
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, old.id));
    }
    return toDevice(row);
  }, { behavior: "immediate" });
}

/** Stops pushes to one of the caller's devices; another user's or an unknown id is NotFound. */
export async function removePushDevice(ctx: ServiceContext, { id }: { id: string }) {
  const user = actorOf(ctx);
  const removed = await ctx.db.delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, user.id)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw new AppError("NotFound");
}

/** PUT /Users/manage/push/kinds: the kinds the caller wants by push, on all their devices. */
export async function setPushKinds(
  ctx: ServiceContext,
  input: PushKindsRequest,
): Promise<PushSettings> {
  const user = selfOf(ctx);
  const { kinds } = PushKindsRequest.parse(input);
  await ctx.db.insert(pushPreferences).values({ userId: user.id, kinds, updatedAt: ctx.now })
    .onConflictDoUpdate({ target: pushPreferences.userId, set: { kinds, updatedAt: ctx.now } });
  return await getPushSettings(ctx);
}
