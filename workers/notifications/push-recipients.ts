import { and, eq, inArray, isNotNull, not } from "drizzle-orm";
import {
  PUSH_KIND_MEMBER_RIGHT,
  PUSH_KIND_OF_TEMPLATE,
  type PushKind,
} from "@shared/push-kinds.ts";
import type { DbOrTx } from "@core/db/client.ts";
import { guests } from "@core/db/schema/guests.ts";
import { propertyMembers } from "@core/db/schema/property-members.ts";
import { reservations } from "@core/db/schema/reservations.ts";
import { stayRequests } from "@core/db/schema/stay-requests.ts";
import { beyondPlanSql, memberRolesWith } from "@core/services/access/property-access.ts";
import { pushKindsOf } from "@core/services/push/push-devices.ts";

interface Notice {
  userId: string;
  template: string;
  placeholders: Record<string, string>;
}

/**
 * The property a notification is about, when its placeholders lead to one: a guest (`guestId`),
 * a walk-in's request (`requestId`) or a stay (`code`), each only as the notice's owner's (a
 * placeholder naming another host's row gives none of their team). Others are the owner's alone.
 */
async function propertyOf(db: DbOrTx, notice: Notice): Promise<string | undefined> {
  const p = notice.placeholders;
  if (p.guestId) {
    const [row] = await db.select({ propertyId: reservations.propertyId }).from(guests)
      .innerJoin(reservations, eq(reservations.id, guests.reservationId))
      .where(and(eq(guests.id, p.guestId), eq(guests.userId, notice.userId)));
    if (row) return row.propertyId;
  }
  if (p.requestId) {
    const [row] = await db.select({ propertyId: stayRequests.propertyId }).from(stayRequests)
      .where(and(eq(stayRequests.id, p.requestId), eq(stayRequests.userId, notice.userId)));
    if (row) return row.propertyId;
  }
  if (p.code) {
    const [row] = await db.select({ propertyId: reservations.propertyId }).from(reservations)
      .where(and(eq(reservations.code, p.code), eq(reservations.userId, notice.userId)));
    if (row) return row.propertyId;
  }
  return undefined;
}

/**
 * Who gets a notification by push (issue 35 items 2 and 4): its user, and the members of the
 * property it is about whose role carries the kind's right (reception: guests waiting,
 * registrations, check-outs; co-hosts also calendars; billing nobody but the owner), accepted and
 * within the owner's plan; each only if they want that kind. Undefined kind: nobody.
 */
export async function pushRecipientsOf(
  db: DbOrTx,
  notice: Notice,
): Promise<{ kind: PushKind; userIds: string[] } | undefined> {
  const kind = PUSH_KIND_OF_TEMPLATE[notice.template];
  if (!kind) return undefined;
  const candidates = new Set([notice.userId]);
  const right = PUSH_KIND_MEMBER_RIGHT[kind];
  const propertyId = right ? await propertyOf(db, notice) : undefined;
  if (right && propertyId) {
    const members = await db.select({ userId: propertyMembers.userId }).from(propertyMembers)
      .where(and(
        eq(propertyMembers.propertyId, propertyId),
        isNotNull(propertyMembers.userId),
        isNotNull(propertyMembers.acceptedAt),
        inArray(propertyMembers.role, memberRolesWith(right)),
        not(beyondPlanSql()),
      ));
    for (const member of members) if (member.userId) candidates.add(member.userId);
  }
  const userIds: string[] = [];
  for (const userId of candidates) {
    if ((await pushKindsOf(db, userId)).includes(kind)) userIds.push(userId);
  }
  return { kind, userIds };
}
