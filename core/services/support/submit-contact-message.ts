import { ContactMessageSubmitted } from "@shared/events.ts";
import type { ContactMessage } from "@shared/schemas/contact-message.ts";
import type { ServiceContext } from "../../context.ts";
import { contactMessages } from "../../db/schema/contact-messages.ts";
import { appendEvent } from "../../outbox/append-event.ts";
import { AppError } from "../../errors.ts";

export interface SubmitContactMessageInput {
  message: ContactMessage;
  language: "hr" | "en";
}

/**
 * Stores a contact message and, in the same transaction, the event that makes the notifications
 * worker mail it to support. A filled honeypot means a bot: nothing is stored.
 */
export async function submitContactMessage(
  ctx: ServiceContext,
  { message, language }: SubmitContactMessageInput,
): Promise<{ id: string }> {
  if (message.honeyPotEmail.trim() !== "") {
    throw new AppError("SpamDetected");
  }
  const id = crypto.randomUUID();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(contactMessages).values({
      id,
      firstName: message.firstName,
      lastName: message.lastName,
      email: message.email,
      message: message.message,
      language,
      createdAt: ctx.now,
    });
    await appendEvent(tx, ContactMessageSubmitted, { contactMessageId: id }, ctx.now);
  });
  return { id };
}
