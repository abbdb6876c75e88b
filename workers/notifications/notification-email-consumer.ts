import { eq } from "drizzle-orm";
import { NotificationCreated } from "@shared/events.ts";
import { NOTIFICATION_TEMPLATES } from "@shared/notification-templates.ts";
import { userNotifications } from "@core/db/schema/user-notifications.ts";
import { users } from "@core/db/schema/users.ts";
import { isProcessed, markProcessed } from "../runner/dedupe.ts";
import { defineConsumer } from "../runner/worker.ts";
import type { Mailer } from "./mailer.ts";
import { composeNotificationEmail } from "./notification-emails.ts";

const CONSUMER = "notifications_email";

/** Templates e-mailed even to hosts who turned e-mails off (a payment's confirmation). */
const ALWAYS_EMAILED = new Set<string>(
  Object.values(NOTIFICATION_TEMPLATES).filter((k) => k.email === "always").map((k) => k.template),
);

/**
 * E-mails a notification to its host in their language, unless they turned e-mails off (and it
 * is not one that always goes).
 */
export function notificationEmailConsumer(
  { mailer, from, publicUrl }: { mailer: Mailer; from: string; publicUrl: string },
) {
  return defineConsumer({
    name: CONSUMER,
    stream: "NOTIFICATIONS",
    event: NotificationCreated,
    async handle({ id, payload }, { db, clock }) {
      if (await isProcessed(db, CONSUMER, id)) return;
      const [found] = await db.select().from(userNotifications)
        .innerJoin(users, eq(users.id, userNotifications.userId))
        .where(eq(userNotifications.id, payload.notificationId));
      const wanted = found &&
        (found.users.emailNotifications || ALWAYS_EMAILED.has(found.user_notifications.template));
      if (found && wanted && !found.user_notifications.deletedAt) {
        const mail = composeNotificationEmail(
          found.user_notifications.template,
          found.user_notifications.placeholders,
          { to: found.users.email, from, publicUrl, language: found.users.language },
        );
        if (mail) await mailer.send(mail);
      }
      await markProcessed(db, CONSUMER, id, clock());
    },
  });
}
