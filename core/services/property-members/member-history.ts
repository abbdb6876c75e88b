import type { AccountEventKind } from "@shared/account-history.ts";
import { actorOf, type ServiceContext } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { properties } from "../../db/schema/properties.ts";
import { recordAccountEvent } from "../users/account-history.ts";

/**
 * A change to a property's team, in the owner's account history: the property, the member's
 * address and, when a co-host made it, who (so the owner sees who did what).
 */
export async function recordMemberEvent(
  tx: DbOrTx,
  ctx: ServiceContext,
  property: typeof properties.$inferSelect,
  kind: Extract<AccountEventKind, `PropertyMember${string}`>,
  memberEmail: string,
): Promise<void> {
  const actor = actorOf(ctx);
  await recordAccountEvent(tx, {
    userId: property.userId,
    kind,
    now: ctx.now,
    origin: actor.id === property.userId ? ctx.request : undefined,
    details: {
      propertyName: property.name,
      memberEmail,
      ...(actor.id === property.userId ? {} : { byEmail: actor.email }),
    },
  });
}
