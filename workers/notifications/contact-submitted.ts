import { eq } from "drizzle-orm";
import { ContactMessageSubmitted } from "@shared/events.ts";
import { contactMessages } from "@core/db/schema/contact-messages.ts";
import { log } from "@core/platform/logger.ts";
import { isProcessed, markProcessed } from "../runner/dedupe.ts";
import { defineConsumer } from "../runner/worker.ts";
import { composeContactEmail } from "./contact-email.ts";
import type { Mailer } from "./mailer.ts";

const CONSUMER = "notifications_contact";

/**
 * Mails a submitted contact message to support. At least once: a crash between sending and
 * recording can send a second copy, never none.
 */
export function contactSubmittedConsumer(
  { mailer, supportEmail, from }: { mailer: Mailer; supportEmail: string; from: string },
) {
  return defineConsumer({
    name: CONSUMER,
    stream: "SUPPORT",
    event: ContactMessageSubmitted,
    async handle(event, { db, clock }) {
      if (await isProcessed(db, CONSUMER, event.id)) return;
      const [contact] = await db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.id, event.payload.contactMessageId));
      if (!contact) {
        log.warn("contact message gone, nothing to send", { eventId: event.id });
      } else if (!contact.emailedAt) {
        await mailer.send(composeContactEmail(contact, { supportEmail, from }));
      }
      await db.transaction(async (tx) => {
        if (contact && !contact.emailedAt) {
          await tx.update(contactMessages).set({ emailedAt: clock() })
            .where(eq(contactMessages.id, contact.id));
        }
        await markProcessed(tx, CONSUMER, event.id, clock());
      });
    },
  });
}
