import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * eVisitor code lists the public check-in form needs (the border crossings a guest from outside
 * the EU chooses from), kept per eVisitor service so the form never waits for eVisitor. The
 * evisitor worker refreshes them whenever it syncs an account.
 */
export const evisitorCodeLists = sqliteTable("evisitor_code_lists", {
  environment: text().notNull(),
  list: text({ enum: ["borderCrossings"] }).notNull(),
  rows: text({ mode: "json" }).$type<{ code: string; name: string; type: string | null }[]>()
    .notNull(),
  fetchedAt: integer({ mode: "timestamp_ms" }).notNull(),
}, (t) => [primaryKey({ columns: [t.environment, t.list] })]);
