import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { FeedbackCategory } from "../../../shared/schemas/feedback.ts";
import { users } from "./users.ts";

/**
 * Feedback hosts send from the app (POST /Support/feedback); `emailedAt` is set once the
 * notifications worker has mailed it to support. Listed for administrators.
 */
export const feedback = sqliteTable("feedback", {
  id: text().primaryKey(),
  userId: text().notNull().references(() => users.id, { onDelete: "cascade" }),
  category: text().$type<FeedbackCategory>().notNull(),
  rating: integer().notNull(),
  text: text().notNull(),
  language: text().notNull().default("hr"),
  createdAt: integer({ mode: "timestamp_ms" }).notNull(),
  emailedAt: integer({ mode: "timestamp_ms" }),
}, (t) => [
  index("feedback_created_idx").on(t.createdAt),
  index("feedback_category_created_idx").on(t.category, t.createdAt),
]);
