import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Which consumer has finished which event. JetStream delivers at least once (and the relay may
 * publish twice outside the server's duplicate window), so a handler records the event id here
 * and skips an id it has already processed.
 */
export const processedEvents = sqliteTable("processed_events", {
  consumer: text().notNull(),
  eventId: text().notNull(),
  processedAt: integer({ mode: "timestamp_ms" }).notNull(),
}, (t) => [primaryKey({ columns: [t.consumer, t.eventId] })]);
