import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { evisitorTrialClaims } from "../../db/schema/evisitor-trial-claims.ts";
import { AppError } from "../../errors.ts";
import type { SecretBox } from "../../platform/crypto/secret-box.ts";
import { isInForce, subscriptionOf } from "./plan-policy.ts";

/**
 * The OIB of an eVisitor username: the host's own login is the OIB (11 digits), a sub-user's is
 * the OIB, a dot and a suffix (evisitor-api.md, "Username format").
 */
export function oibOf(username: string): string {
  return username.trim().split(".")[0];
}

/** The stored key of an OIB at one eVisitor service: a keyed fingerprint, never the OIB. */
export function trialClaimKey(
  secretBox: SecretBox,
  { environment, username }: { environment: string; username: string },
): Promise<string> {
  return secretBox.fingerprint(`evisitor trial claim\n${environment}\n${oibOf(username)}`);
}

/**
 * One free trial per eVisitor account as well as per registration: the first host to connect an
 * OIB claims it for good (disconnecting keeps the claim), and a host whose plan is a trial in
 * force cannot connect an OIB another host claimed first (SubscriptionLimitReached); with a paid
 * plan they can. Run inside the transaction that saves the connection, after the credentials
 * were checked (so nothing is said about an OIB to someone without its password).
 */
export async function claimForTrial(
  tx: DbOrTx,
  { oibKey, userId, now }: { oibKey: string; userId: string; now: Date },
): Promise<void> {
  const [claim] = await tx.select().from(evisitorTrialClaims)
    .where(eq(evisitorTrialClaims.oibKey, oibKey));
  if (!claim) {
    await tx.insert(evisitorTrialClaims).values({ oibKey, userId, createdAt: now });
    return;
  }
  if (claim.userId === userId) return;
  const plan = await subscriptionOf(tx, userId);
  if (plan?.subscription.isTrial && isInForce(plan.subscription, now)) {
    throw new AppError("SubscriptionLimitReached", {
      detail: "This eVisitor account has had its free trial already. " +
        "Choose a package to connect it.",
    });
  }
}
