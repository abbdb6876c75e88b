import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  PROPERTY_MEMBER_ROLES,
  type PropertyMemberRole,
} from "../../../shared/schemas/property-member.ts";
import { properties } from "./properties.ts";
import { users } from "./users.ts";

/**
 * People a host let into one property (issue 22), with a role. A row starts as an invitation to an
 * e-mail address (`userId` empty, `tokenHash` the SHA-256 of the link's code, `expiresAt` seven days
 * on) and becomes a membership when the invited person accepts (`userId` set, the code cleared so
 * the link works once). Pending and accepted rows both count against the plan's
 * `maxUsersPerProperty`; an expired invitation does not.
 */
export const propertyMembers = sqliteTable("property_members", {
  id: text().primaryKey(),
  propertyId: text().notNull().references(() => properties.id, { onDelete: "cascade" }),
  /** The invited address, normalized (lower case, trimmed). */
  email: text().notNull(),
  role: text({ enum: PROPERTY_MEMBER_ROLES }).$type<PropertyMemberRole>().notNull(),
  userId: text().references(() => users.id, { onDelete: "cascade" }),
  invitedBy: text().references(() => users.id, { onDelete: "set null" }),
  tokenHash: text().unique(),
  createdAt: integer({ mode: "timestamp_ms" }).notNull(),
  expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
  acceptedAt: integer({ mode: "timestamp_ms" }),
}, (t) => [
  uniqueIndex("property_members_email_idx").on(t.propertyId, t.email),
  index("property_members_user_idx").on(t.userId),
]);
