import { and, isNotNull, lt } from "drizzle-orm";
import type { Database } from "@core/db/client.ts";
import { contactMessages } from "@core/db/schema/contact-messages.ts";
import { log } from "@core/platform/logger.ts";
import { CONTACT_MESSAGE_RETENTION_DAYS } from "@shared/retention.ts";
import type { Job } from "../job.ts";

/**
 * How long a contact-form message (a name, an e-mail address, free text) is kept once support has
 * been e-mailed it: the conversation goes on by e-mail, so the copy here is only a record for a
 * while. A message not yet e-mailed is kept until it is.
 */
export { CONTACT_MESSAGE_RETENTION_DAYS };

/**
 * The daily lease (schedule_marks.name). Until this job had its own, the removal ran inside the
 * guest data retention's lease; on the day of the upgrade this lease is new, so the removal may
 * run a second time that day, which deletes nothing it should not (it is idempotent, and the
 * cut-off only moves on by the hours between the runs). It never skips a day.
 */
export const CONTACT_RETENTION = "contact-message-retention";

/** Deletes the contact messages e-mailed more than the retention period ago; returns how many. */
export async function removeOldContactMessages(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - CONTACT_MESSAGE_RETENTION_DAYS * 24 * 3600_000);
  const removed = await db.delete(contactMessages)
    .where(and(isNotNull(contactMessages.emailedAt), lt(contactMessages.emailedAt, before)))
    .returning({ id: contactMessages.id });
  return removed.length;
}

/**
 * Once a day: contact-form messages support was e-mailed more than 90 days ago are deleted. Looks
 * every `tickMs` (GUEST_SCHEDULE_TICK_MS) whether today's run is still to do.
 */
export function contactRetentionJob({ tickMs }: { tickMs: number }): Job {
  return {
    name: CONTACT_RETENTION,
    every: tickMs,
    daily: true,
    async run({ db, now }) {
      const removed = await removeOldContactMessages(db, now);
      log.info("contact message retention done", { contactMessages: removed });
    },
  };
}
