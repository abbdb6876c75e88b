import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";

/**
 * Sign-in sessions, one per refresh-token family; access tokens name theirs in `sid`. Every
 * authenticated request checks that its session has not ended (sign-out, password change or
 * reset, a reused refresh token, the end of an administrator's own session), so a copied access
 * token stops working at once on every API replica.
 */
export const sessions = sqliteTable("sessions", {
  /** The refresh-token family id, which is also the access tokens' `sid`. */
  id: text().primaryKey(),
  userId: text().notNull().references(() => users.id, { onDelete: "cascade" }),
  /** Set for an administrator's impersonation session. */
  impersonatorId: text(),
  createdAt: integer({ mode: "timestamp_ms" }).notNull(),
  /** A hard end no refresh can extend (impersonation); null for ordinary sliding sessions. */
  expiresAt: integer({ mode: "timestamp_ms" }),
  endedAt: integer({ mode: "timestamp_ms" }),
}, (t) => [
  index("sessions_user_idx").on(t.userId),
  index("sessions_impersonator_idx").on(t.impersonatorId),
]);
