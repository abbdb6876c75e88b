import { eq } from "drizzle-orm";
import { FeedbackSubmitted } from "@shared/events.ts";
import { feedback } from "@core/db/schema/feedback.ts";
import { users } from "@core/db/schema/users.ts";
import { log } from "@core/platform/logger.ts";
import { isProcessed, markProcessed } from "../runner/dedupe.ts";
import { defineConsumer } from "../runner/worker.ts";
import { composeFeedbackEmail } from "./feedback-email.ts";
import type { Mailer } from "./mailer.ts";

const CONSUMER = "notifications_feedback";

/**
 * Mails a host's feedback to support. At least once: a crash between sending and recording can
 * send a second copy, never none.
 */
export function feedbackSubmittedConsumer(
  { mailer, supportEmail, from, publicUrl }: {
    mailer: Mailer;
    supportEmail: string;
    from: string;
    publicUrl: string;
  },
) {
  return defineConsumer({
    name: CONSUMER,
    stream: "SUPPORT",
    event: FeedbackSubmitted,
    async handle(event, { db, clock }) {
      if (await isProcessed(db, CONSUMER, event.id)) return;
      const [item] = await db
        .select({
          id: feedback.id,
          category: feedback.category,
          rating: feedback.rating,
          text: feedback.text,
          language: feedback.language,
          createdAt: feedback.createdAt,
          emailedAt: feedback.emailedAt,
          userEmail: users.email,
        })
        .from(feedback)
        .innerJoin(users, eq(users.id, feedback.userId))
        .where(eq(feedback.id, event.payload.feedbackId));
      if (!item) {
        log.warn("feedback gone, nothing to send", { eventId: event.id });
      } else if (!item.emailedAt) {
        await mailer.send(composeFeedbackEmail(item, { supportEmail, from, publicUrl }));
      }
      await db.transaction(async (tx) => {
        if (item && !item.emailedAt) {
          await tx.update(feedback).set({ emailedAt: clock() }).where(eq(feedback.id, item.id));
        }
        await markProcessed(tx, CONSUMER, event.id, clock());
      });
    },
  });
}
