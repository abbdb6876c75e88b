import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { NOTIFICATION_TEMPLATES } from "@shared/notification-templates.ts";
import type { DbOrTx } from "../../db/client.ts";
import { properties } from "../../db/schema/properties.ts";
import { propertyMembers } from "../../db/schema/property-members.ts";
import { userNotifications } from "../../db/schema/user-notifications.ts";
import { createNotification } from "../notifications/create-notification.ts";

const KEY_PREFIX = "owner-leaving:";

/** The accepted members of the owner's properties, with the property's name. */
async function membersOf(db: DbOrTx, ownerId: string) {
  return await db.select({
    memberId: propertyMembers.id,
    userId: propertyMembers.userId,
    propertyName: properties.name,
  }).from(propertyMembers)
    .innerJoin(properties, eq(properties.id, propertyMembers.propertyId))
    .where(and(eq(properties.userId, ownerId), isNotNull(propertyMembers.userId)));
}

/**
 * An owner asked to delete their account: every member of their properties is told (in the app
 * and by e-mail) that the property and their access go at `dueAt`. The notice is keyed by the
 * membership, not the property, so nothing in it names the owner's records once they are erased.
 */
export async function tellMembersOwnerLeaves(
  db: DbOrTx,
  ownerId: string,
  dueAt: Date,
  now: Date,
): Promise<void> {
  for (const member of await membersOf(db, ownerId)) {
    if (!member.userId) continue;
    await createNotification(db, member.userId, NOTIFICATION_TEMPLATES.propertyOwnerLeaving, {
      dedupeKey: `${KEY_PREFIX}${member.memberId}:${dueAt.toISOString()}`,
      placeholders: { propertyName: member.propertyName, end: dueAt.toISOString() },
      now,
    });
  }
}

/** The owner kept the account: the members' notices are withdrawn (they are no longer true). */
export async function withdrawOwnerLeavingNotices(db: DbOrTx, ownerId: string): Promise<void> {
  const members = await membersOf(db, ownerId);
  if (members.length === 0) return;
  const prefixes = members.map((member) => `${KEY_PREFIX}${member.memberId}:`);
  await db.delete(userNotifications).where(and(
    eq(userNotifications.template, NOTIFICATION_TEMPLATES.propertyOwnerLeaving.template),
    inArray(sql`substr(${userNotifications.dedupeKey}, 1, ${prefixes[0].length})`, prefixes),
  ));
}
