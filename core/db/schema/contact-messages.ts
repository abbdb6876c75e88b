import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Messages sent through the contact form; `emailedAt` is set once support has been mailed. */
export const contactMessages = sqliteTable("contact_messages", {
  id: text().primaryKey(),
  firstName: text().notNull(),
  lastName: text().notNull(),
  email: text().notNull(),
  message: text().notNull(),
  language: text().notNull().default("hr"),
  createdAt: integer({ mode: "timestamp_ms" }).notNull(),
  emailedAt: integer({ mode: "timestamp_ms" }),
});
