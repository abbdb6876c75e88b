import { and, isNotNull, lt } from "drizzle-orm";
import type { Database } from "@core/db/client.ts";
import { contactMessages } from "@core/db/schema/contact-messages.ts";

/**
 * How long a contact-form message (a name, an e-mail address, free text) is kept once support has
 * been e-mailed it: the conversation goes on by e-mail, so the copy here is only a record for a
 * while. A message not yet e-mailed is kept until it is.
 */
export const CONTACT_MESSAGE_RETENTION_DAYS = 90;

/** Deletes the contact messages e-mailed more than the retention period ago; returns how many. */
export async function removeOldContactMessages(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - CONTACT_MESSAGE_RETENTION_DAYS * 24 * 3600_000);
  const removed = await db.delete(contactMessages)
    .where(and(isNotNull(contactMessages.emailedAt), lt(contactMessages.emailedAt, before)))
    .returning({ id: contactMessages.id });
  return removed.length;
}
