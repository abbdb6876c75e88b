import type { AccountEventKind } from "@shared/account-history.ts";
import type { ServiceContext } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { recordAccountEvent } from "../users/account-history.ts";

/** What a member did on an owner's property that the owner's history shows (issue 22). */
export type MemberActionKind = Extract<
  AccountEventKind,
  `MemberStay${string}` | `MemberGuests${string}`
>;

/**
 * A member's work on a property, in its owner's account history: the property, the stay's code
 * and the member's address, so the owner sees who did what. The owner's own work on their stays
 * is not recorded (it is the everyday work the history would drown in); nor is a member's in their
 * own history.
 */
export async function recordMemberAction(
  tx: DbOrTx,
  ctx: ServiceContext,
  { property, kind, reservationCode }: {
    property: { userId: string; name: string };
    kind: MemberActionKind;
    reservationCode: string;
  },
): Promise<void> {
  const actor = ctx.actor;
  if (!actor || actor.id === property.userId) return;
  await recordAccountEvent(tx, {
    userId: property.userId,
    kind,
    now: ctx.now,
    details: { propertyName: property.name, reservationCode, byEmail: actor.email },
  });
}
