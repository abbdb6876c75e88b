import { SubscriptionStatus } from "@shared/enums.ts";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { isInForce, policyOf, subscriptionOf } from "./plan-policy.ts";

/**
 * Whether the host's plan includes API access (`allowApiAccess`: Premium), checked when a token is
 * made and on every request made with one, so a downgrade or an ended plan stops every token at
 * once. SubscriptionNotFound without a plan, SubscriptionLimitReached on a plan without API
 * access, SubscriptionExpired once a plan with it is over (all 403).
 */
export async function assertApiAccess(db: DbOrTx, userId: string, now: Date): Promise<void> {
  const found = await subscriptionOf(db, userId);
  if (!found || found.subscription.status === SubscriptionStatus.Cancelled) {
    throw new AppError("SubscriptionNotFound");
  }
  if (!policyOf(found.pkg).allowApiAccess) {
    throw new AppError("SubscriptionLimitReached", {
      detail: "Your plan does not include API access; Premium does.",
    });
  }
  if (!isInForce(found.subscription, now)) throw new AppError("SubscriptionExpired");
}
