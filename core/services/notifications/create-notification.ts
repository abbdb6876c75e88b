import { NotificationCreated } from "@shared/events.ts";
import type { NotificationTemplate } from "@shared/notification-templates.ts";
import { appendEvent } from "../../outbox/append-event.ts";
import type { DbOrTx } from "../../db/client.ts";
import { userNotifications } from "../../db/schema/user-notifications.ts";

/**
 * Creates a notification for a user unless one with the same `dedupeKey` exists already, so a
 * retried event or a repeated sync tells the host once, and with it (in the same transaction) the
 * event that e-mails it where the template asks. Returns whether it was created.
 */
export async function createNotification(
  db: DbOrTx,
  userId: string,
  kind: NotificationTemplate,
  { dedupeKey, placeholders, now }: {
    dedupeKey: string;
    placeholders: Record<string, string>;
    now: Date;
  },
): Promise<boolean> {
  return await db.transaction(async (tx) => {
    const [created] = await tx.insert(userNotifications).values({
      id: crypto.randomUUID(),
      userId,
      template: kind.template,
      notificationType: kind.notificationType,
      placeholders,
      dedupeKey,
      createdAt: now,
      lastModifiedAt: now,
    }).onConflictDoNothing().returning({ id: userNotifications.id });
    if (!created) return false;
    if (kind.email) await appendEvent(tx, NotificationCreated, { notificationId: created.id }, now);
    return true;
  });
}
