import type { GuestSendAgainList } from "@shared/schemas/guest-list.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { AppError } from "../../errors.ts";
import { recordMemberAction } from "../property-members/member-actions.ts";
import { today as todayOf } from "../reservations/stay-dates.ts";
import { findOwnGuest } from "./guest-details.ts";
import { orRefuse, recordTransition } from "./registration/record-transition.ts";
import { decide, registrationStateFor } from "./registration/transitions.ts";
import { chosenTaxCategory } from "./tax-categories.ts";

/**
 * POST /Guests/sendAgain: sends guests to eVisitor again exactly as stored (with the tourist-tax
 * category the host chose, when one is given: a guest held for that choice), without the caller
 * reading or re-entering their documents (reception holds the registration right but not the
 * documents one, issue 22). For a guest not yet registered, a failed one, or one whose
 * registration was cancelled (registered anew under a new id); a failed correction of a
 * registered guest is sent again as the correction. A guest already on its way is left as it is
 * (a double click); one registered without trouble, checked out, being cancelled or disowned, or
 * of a cancelled stay is refused and nothing is queued.
 */
export async function sendGuestsAgain(
  ctx: ServiceContext,
  list: GuestSendAgainList,
): Promise<void> {
  const userId = actorIdOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const recorded = new Set<string>();
    for (const [index, { id, taxCategory: choice }] of list.entries()) {
      const found = await findOwnGuest(tx, userId, { id }, "registration");
      const { guests: guest, reservations: stay, properties: property } = found;
      if (stay.canceledAt || guest.disownedAt) throw new AppError("CheckInClosed");
      const state = registrationStateFor(stay.startDate, todayOf(ctx.now));
      const again = { kind: "sent-again", by: "send-again", state } as const;
      // Already on its way: left as it is; registered, checked out or being cancelled: refused,
      // before the category chosen is looked at.
      if (orRefuse(decide(guest, again, ctx.now))?.outcome !== "apply") continue;
      const taxCategory = chosenTaxCategory(property, choice, `${index}.taxCategory`);
      await recordTransition(tx, guest.id, {
        ...again,
        data: taxCategory === undefined ? {} : { taxCategory },
      }, ctx.now);
      if (!recorded.has(stay.code)) {
        recorded.add(stay.code);
        await recordMemberAction(tx, ctx, {
          property,
          kind: "MemberGuestsCheckedIn",
          reservationCode: stay.code,
        });
      }
    }
  });
}
