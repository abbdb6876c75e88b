import { z } from "zod";
import { ThemeColorSchema } from "../enums.ts";
import { Count, DateTime, Id } from "./fields.ts";
import { QueryBoolean, queryWholeNumber } from "./list-query.ts";

/**
 * An in-app notification. The text is a template filled in the reader's language from
 * `placeholders` (see NotificationParameters). The spec has no read flag: `sentToAppAt` is set
 * when the app fetches it (GET /UserNotifications/{id} marks it read), so null means unread.
 */
export const UserNotification = z
  .object({
    id: Id,
    template: z.string(),
    notificationType: z.string(),
    placeholders: z.record(z.string(), z.string()),
    created: DateTime,
    lastModified: DateTime,
    sentToAppAt: DateTime.nullable(),
    /** Lets an incremental sync remove what was deleted since the last one. */
    deleted: z.boolean(),
  })
  .meta({ id: "UserNotification" });
export type UserNotification = z.infer<typeof UserNotification>;

/** Values a notification template may name, e.g. a reservation synced into a unit. */
export const NotificationParameters = z
  .object({
    accommodationUnit: z.string(),
    reservationList: z.string(),
    code: z.string(),
    start: DateTime,
    end: DateTime,
  })
  .partial()
  .meta({ id: "NotificationParameters" });
export type NotificationParameters = z.infer<typeof NotificationParameters>;

/** GET /UserNotifications: everything changed since `lastSyncTimestamp`, or all without it. */
export const NotificationSyncQuery = z
  .object({
    lastSyncTimestamp: DateTime.optional(),
    pageNumber: queryWholeNumber(1, 100_000),
    pageSize: queryWholeNumber(1, 100),
    includeDeleted: QueryBoolean.default(false),
  })
  .meta({ id: "NotificationSyncQuery" });
export type NotificationSyncQuery = z.infer<typeof NotificationSyncQuery>;

export const NotificationSync = z
  .object({
    notifications: z.array(UserNotification),
    /** The next call's `lastSyncTimestamp`. */
    syncTimestamp: DateTime,
    totalCount: Count,
    pageNumber: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    hasNextPage: z.boolean(),
    isFullSync: z.boolean(),
    /** Unread and not deleted, over all pages: the bell's badge. */
    unreadCount: Count,
  })
  .meta({ id: "NotificationSync" });
export type NotificationSync = z.infer<typeof NotificationSync>;

/** Snackbars vanish after 5000 ms unless they carry their own timeout; -1 keeps one until closed. */
export const NOTIFICATION_TIMEOUT_MS = 5000;
export const NOTIFICATION_PERSISTENT = -1;

/** A snackbar on screen. */
export const UiNotificationItem = z
  .object({
    message: z.string().min(1),
    color: ThemeColorSchema.default("info"),
    timeout: z.number().int().min(-1).default(NOTIFICATION_TIMEOUT_MS),
  })
  .meta({ id: "UiNotificationItem" });
export type UiNotificationItem = z.infer<typeof UiNotificationItem>;

/** The host's choice about e-mail for important notifications. */
export const NotificationSettings = z
  .object({ emailNotifications: z.boolean() })
  .meta({ id: "NotificationSettings" });
export type NotificationSettings = z.infer<typeof NotificationSettings>;
