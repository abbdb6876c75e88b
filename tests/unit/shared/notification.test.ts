import assert from "node:assert/strict";
import {
  NOTIFICATION_TIMEOUT_MS,
  NotificationSync,
  NotificationSyncQuery,
  UiNotificationItem,
} from "../../../shared/schemas/notification.ts";

Deno.test("a snackbar lasts 5000 ms unless it says otherwise; -1 stays", () => {
  assert.equal(NOTIFICATION_TIMEOUT_MS, 5000);
  assert.deepEqual(UiNotificationItem.parse({ message: "Saved" }), {
    message: "Saved",
    color: "info",
    timeout: 5000,
  });
  assert.equal(UiNotificationItem.parse({ message: "x", timeout: -1 }).timeout, -1);
  assert.equal(UiNotificationItem.safeParse({ message: "x", timeout: -2 }).success, false);
  assert.equal(UiNotificationItem.safeParse({ message: "x", color: "purple" }).success, false);
});

Deno.test("the sync query reads paging and includeDeleted from text", () => {
  assert.deepEqual(
    NotificationSyncQuery.parse({ pageNumber: "1", pageSize: "50", includeDeleted: "true" }),
    { pageNumber: 1, pageSize: 50, includeDeleted: true },
  );
  assert.equal(
    NotificationSyncQuery.safeParse({
      pageNumber: "1",
      pageSize: "50",
      lastSyncTimestamp: "yesterday",
    })
      .success,
    false,
  );
});

Deno.test("a sync page carries deleted notifications with their placeholders", () => {
  const sync = {
    notifications: [{
      id: "n1",
      template: "ReservationsSynced",
      notificationType: "CalendarSync",
      placeholders: { accommodationUnit: "A1", code: "ABC123" },
      created: "2026-11-20T10:00:00Z",
      lastModified: "2026-11-20T10:05:00Z",
      sentToAppAt: null,
      deleted: true,
    }],
    syncTimestamp: "2026-11-20T10:06:00Z",
    totalCount: 1,
    pageNumber: 1,
    pageSize: 50,
    hasNextPage: false,
    isFullSync: false,
    unreadCount: 0,
  };
  assert.equal(NotificationSync.parse(sync).notifications[0].deleted, true);
  const { deleted: _, ...withoutFlag } = sync.notifications[0];
  assert.equal(
    NotificationSync.safeParse({ ...sync, notifications: [withoutFlag] }).success,
    false,
  );
});
