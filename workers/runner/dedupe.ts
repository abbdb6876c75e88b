import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@core/db/client.ts";
import { processedEvents } from "@core/db/schema/processed-events.ts";

/** Whether this consumer already finished this event (a redelivery or a duplicate publish). */
export async function isProcessed(db: DbOrTx, consumer: string, eventId: string): Promise<boolean> {
  const rows = await db
    .select({ eventId: processedEvents.eventId })
    .from(processedEvents)
    .where(and(eq(processedEvents.consumer, consumer), eq(processedEvents.eventId, eventId)))
    .limit(1);
  return rows.length > 0;
}

/** Records the event as done; call it in the transaction that commits the handler's work. */
export async function markProcessed(
  tx: DbOrTx,
  consumer: string,
  eventId: string,
  now: Date,
): Promise<void> {
  await tx
    .insert(processedEvents)
    .values({ consumer, eventId, processedAt: now })
    .onConflictDoNothing();
}
