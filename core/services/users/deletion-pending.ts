import { and, eq, isNotNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { users } from "../../db/schema/users.ts";
import { AppError } from "../../errors.ts";

/**
 * What an account in its deletion grace period may no longer start: an account about to be erased
 * keeps signing in (to cancel, to see its stays, to register the guests already arriving) but
 * takes no API-token calls, orders no plan, makes no API token, and its properties take no new
 * team members (nobody joins a team that is about to vanish). Cancelling the deletion lifts it
 * all; invitations already sent work again while they last.
 */
export async function refuseWhileDeletionPending(
  db: DbOrTx,
  userId: string,
  detail?: string,
): Promise<void> {
  const [pending] = await db.select({ id: users.id }).from(users)
    .where(and(eq(users.id, userId), isNotNull(users.deletionDueAt)));
  if (pending) throw new AppError("AccountDeletionPending", detail ? { detail } : undefined);
}

/** Why a team change of a property whose owner is in the grace period is refused. */
export const TEAM_CLOSING =
  "The owner of this property is deleting their account, so its team takes no new members.";
