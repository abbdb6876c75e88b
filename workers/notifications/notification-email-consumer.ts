import { eq } from "drizzle-orm";
import { NotificationCreated } from "@shared/events.ts";
import { userNotifications } from "../../api/db/schema/user-notifications.ts";
import { users } from "../../api/db/schema/users.ts";
import { isProcessed, markProcessed } from "../runner/dedupe.ts";
import { defineConsumer } from "../runner/worker.ts";
import type { Mailer } from "./mailer.ts";
import { composeNotificationEmail } from "./notification-emails.ts";

const CONSUMER = "notifications_email";

/** E-mails a notification to its host in their language, unless they turned e-mails off. */
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
      if (found && found.users.emailNotifications && !found.user_notifications.deletedAt) {
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
