import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { userNotifications } from "../../db/schema/user-notifications.ts";

/** The dedupe key of a walk-in request's notification. */
export const stayRequestNoticeKey = (requestId: string) => `stay-request:${requestId}`;

/**
 * Records on the host's notification of a request how it was answered (`answer`: confirmed or
 * declined), so the app stops offering Confirm/Decline and says what happened; the change reaches
 * the app by the next notification sync (lastModifiedAt).
 */
export async function markStayRequestNotice(
  tx: DbOrTx,
  ownerId: string,
  requestId: string,
  answer: "confirmed" | "declined",
  now: Date,
): Promise<void> {
  await tx.update(userNotifications).set({
    placeholders: sql`json_set(${userNotifications.placeholders}, '$.answer', ${answer})`,
    lastModifiedAt: now,
  }).where(and(
    eq(userNotifications.userId, ownerId),
    eq(userNotifications.dedupeKey, stayRequestNoticeKey(requestId)),
  ));
}
