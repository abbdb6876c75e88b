import { and, count, desc, eq, gte, isNull, type SQL, sql } from "drizzle-orm";
import type {
  NotificationSync,
  NotificationSyncQuery,
  UserNotification,
} from "@shared/schemas/notification.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { preparedQuery, preparedQueryByShape } from "../../db/prepared-query.ts";
import { userNotifications } from "../../db/schema/user-notifications.ts";
import { users } from "../../db/schema/users.ts";
import { AppError } from "../../errors.ts";

type Row = typeof userNotifications.$inferSelect;

export function toNotification(row: Row): UserNotification {
  return {
    id: row.id,
    template: row.template,
    notificationType: row.notificationType,
    placeholders: row.placeholders,
    created: row.createdAt.toISOString(),
    lastModified: row.lastModifiedAt.toISOString(),
    sentToAppAt: row.sentToAppAt?.toISOString() ?? null,
    deleted: row.deletedAt !== null,
  };
}

/**
 * GET /UserNotifications (spec section 3, notification sync): without `lastSyncTimestamp` every
 * notification (a full sync); with it, only those created or changed since (read, deleted), so
 * the app's cache stays right. `syncTimestamp` is the next call's timestamp; it is taken before
 * reading, so a change made while this call runs is sent again next time rather than missed.
 */
export async function syncNotifications(
  ctx: ServiceContext,
  query: NotificationSyncQuery,
): Promise<NotificationSync> {
  const { db, now } = ctx;
  const userId = actorIdOf(ctx);
  const since = query.lastSyncTimestamp ? new Date(query.lastSyncTimestamp) : undefined;
  const shape = { since: since !== undefined, includeDeleted: !!query.includeDeleted };
  const values = {
    userId,
    since,
    limit: query.pageSize,
    offset: (query.pageNumber - 1) * query.pageSize,
  };
  const [{ total }] = await syncCount(db, shape).all(values);
  const rows = await syncPage(db, shape).all(values);
  const [{ unread }] = await unreadCount(db).all({ userId });
  return {
    notifications: rows.map(toNotification),
    syncTimestamp: now.toISOString(),
    totalCount: total,
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    hasNextPage: query.pageNumber * query.pageSize < total,
    isFullSync: since === undefined,
    unreadCount: unread,
  };
}

interface SyncShape {
  since: boolean;
  includeDeleted: boolean;
}

const $ = sql.placeholder;

const syncWhere = (shape: SyncShape): SQL | undefined =>
  and(
    eq(userNotifications.userId, $("userId")),
    // At or after: a change in the same millisecond as the last answer is sent again, not lost.
    shape.since ? gte(userNotifications.lastModifiedAt, $("since")) : undefined,
    shape.includeDeleted ? undefined : isNull(userNotifications.deletedAt),
  );

const shapeKey = (shape: SyncShape) => `${shape.since}/${shape.includeDeleted}`;

const syncCount = preparedQueryByShape(
  shapeKey,
  (db, shape: SyncShape) =>
    db.select({ total: count() }).from(userNotifications).where(syncWhere(shape)).prepare(),
);

const syncPage = preparedQueryByShape(
  shapeKey,
  (db, shape: SyncShape) =>
    db.select().from(userNotifications).where(syncWhere(shape))
      .orderBy(desc(userNotifications.createdAt), desc(userNotifications.id))
      .limit($("limit")).offset($("offset"))
      .prepare(),
);

const unreadCount = preparedQuery((db) =>
  db.select({ unread: count() }).from(userNotifications).where(and(
    eq(userNotifications.userId, $("userId")),
    isNull(userNotifications.sentToAppAt),
    isNull(userNotifications.deletedAt),
  )).prepare()
);

/** GET /UserNotifications/{id}: the notification, marked read (once). */
export async function readNotification(ctx: ServiceContext, { id }: { id: string }) {
  const { db, now } = ctx;
  const userId = actorIdOf(ctx);
  const [row] = await db.select().from(userNotifications).where(and(
    eq(userNotifications.id, id),
    eq(userNotifications.userId, userId),
    isNull(userNotifications.deletedAt),
  ));
  if (!row) throw new AppError("NotFound", { detail: "The notification was not found." });
  if (row.sentToAppAt) return toNotification(row);
  const [read] = await db.update(userNotifications)
    .set({ sentToAppAt: now, lastModifiedAt: now })
    .where(eq(userNotifications.id, id)).returning();
  return toNotification(read);
}

/** Marks every unread notification of the user read; returns how many. */
export async function markAllRead(ctx: ServiceContext): Promise<number> {
  const { db, now } = ctx;
  const userId = actorIdOf(ctx);
  const marked = await db.update(userNotifications)
    .set({ sentToAppAt: now, lastModifiedAt: now })
    .where(and(
      eq(userNotifications.userId, userId),
      isNull(userNotifications.sentToAppAt),
      isNull(userNotifications.deletedAt),
    ))
    .returning({ id: userNotifications.id });
  return marked.length;
}

/** Deletes a notification for the user (kept as deleted so other devices' caches drop it). */
export async function deleteNotification(ctx: ServiceContext, { id }: { id: string }) {
  const { db, now } = ctx;
  const userId = actorIdOf(ctx);
  const deleted = await db.update(userNotifications)
    .set({ deletedAt: now, lastModifiedAt: now })
    .where(and(eq(userNotifications.id, id), eq(userNotifications.userId, userId)))
    .returning({ id: userNotifications.id });
  if (deleted.length === 0) {
    throw new AppError("NotFound", { detail: "The notification was not found." });
  }
}

export async function notificationSettingsOf(ctx: ServiceContext) {
  const { db } = ctx;
  const userId = actorIdOf(ctx);
  const [row] = await db.select({ emailNotifications: users.emailNotifications }).from(users)
    .where(eq(users.id, userId));
  return { emailNotifications: row?.emailNotifications ?? true };
}

export async function saveNotificationSettings(
  ctx: ServiceContext,
  settings: { emailNotifications: boolean },
) {
  const { db } = ctx;
  const userId = actorIdOf(ctx);
  await db.update(users).set({ emailNotifications: settings.emailNotifications })
    .where(eq(users.id, userId));
  return settings;
}
