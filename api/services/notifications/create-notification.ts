import type { NotificationTemplate } from "@shared/notification-templates.ts";
import type { DbOrTx } from "../../db/client.ts";
import { userNotifications } from "../../db/schema/user-notifications.ts";

/**
 * Creates a notification for a user unless one with the same `dedupeKey` exists already, so a
 * retried event or a repeated sync tells the host once. Returns whether it was created.
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
  const created = await db.insert(userNotifications).values({
    id: crypto.randomUUID(),
    userId,
    template: kind.template,
    notificationType: kind.notificationType,
    placeholders,
    dedupeKey,
    createdAt: now,
    lastModifiedAt: now,
  }).onConflictDoNothing().returning({ id: userNotifications.id });
  return created.length > 0;
}
