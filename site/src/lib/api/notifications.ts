import type {
  NotificationSettings,
  NotificationSync,
  UserNotification,
} from "@shared/schemas/notification.ts";
import { apiDelete, apiGet, apiPost, apiPut } from "./client.ts";

export interface NotificationSyncRequest {
  /** The previous answer's `syncTimestamp`; without it, a full sync. */
  lastSyncTimestamp?: string;
  pageNumber: number;
  pageSize: number;
  /** Deleted ones too, so an incremental sync can drop them from the cache. */
  includeDeleted?: boolean;
}

const byId = (id: string) => `/api/UserNotifications/${encodeURIComponent(id)}`;

/** GET /api/UserNotifications: everything changed since the last sync, or every notification. */
export function syncNotifications(request: NotificationSyncRequest, signal?: AbortSignal) {
  return apiGet<NotificationSync>("/api/UserNotifications", {
    lastSyncTimestamp: request.lastSyncTimestamp,
    pageNumber: request.pageNumber,
    pageSize: request.pageSize,
    includeDeleted: request.includeDeleted,
  }, signal);
}

/** GET /api/UserNotifications/{id}: the notification, which reading marks read. */
export function readNotification(id: string): Promise<UserNotification> {
  return apiGet<UserNotification>(byId(id));
}

/** POST /api/UserNotifications/markAllRead (204). */
export function markAllNotificationsRead(): Promise<void> {
  return apiPost<void>("/api/UserNotifications/markAllRead");
}

/** DELETE /api/UserNotifications/{id}: other devices drop it at their next sync. */
export function deleteNotification(id: string): Promise<void> {
  return apiDelete<void>(byId(id));
}

/** GET /api/UserNotifications/settings: whether important notifications also come by e-mail. */
export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return apiGet<NotificationSettings>("/api/UserNotifications/settings", undefined, signal);
}

/** PUT /api/UserNotifications/settings. */
export function saveNotificationSettings(
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  return apiPut<NotificationSettings>("/api/UserNotifications/settings", settings);
}
