import type { CurrentSubscription } from "@shared/schemas/current-subscription.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { subscriptionOf, toCurrentSubscription } from "../plans/plan-policy.ts";

/** The caller's subscription (null without one); isActive is false once it is over. */
export async function currentSubscription(
  ctx: ServiceContext,
): Promise<CurrentSubscription | null> {
  const found = await subscriptionOf(ctx.db, actorIdOf(ctx));
  return found ? toCurrentSubscription(found, ctx.now) : null;
}
