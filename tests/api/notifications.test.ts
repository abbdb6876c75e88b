import assert from "node:assert/strict";
import {
  NOTIFICATION_TEMPLATES,
  type NotificationTemplate,
} from "@shared/notification-templates.ts";
import { createNotification } from "@core/services/notifications/create-notification.ts";
import { bearer, createHost, getWith, postWith, signIn, userIdOf } from "../support/accounts.ts";
import { userNotifications } from "@core/db/schema/user-notifications.ts";
import { withTestApp } from "../support/app.ts";

/** 10 March 2026, 10:00 in Zagreb. Every step below moves the test's clock on a minute or so. */
const NOW = new Date("2026-03-10T09:00:00Z");
const minutesBefore = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

type Ctx = Parameters<Parameters<typeof withTestApp>[0]>[0] & {
  ana: string;
  bruno: string;
  /** Ana's access token; Bruno's is `brunoToken`. */
  token: string;
  brunoToken: string;
};

function withHosts(fn: (ctx: Ctx) => Promise<void>) {
  return withTestApp(async (ctx) => {
    const ana = await createHost(ctx.app, ctx.db, { email: "ana@example.com" });
    const bruno = await createHost(ctx.app, ctx.db, { email: "bruno@example.com" });
    const token = (await signIn(ctx.app, "ana@example.com")).accessToken;
    const brunoToken = (await signIn(ctx.app, "bruno@example.com")).accessToken;
    await fn({ ...ctx, ana, bruno, token, brunoToken });
  }, { now: NOW });
}

/** Creates a notification as the workers do; false when one with the key exists already. */
async function notify(
  ctx: Ctx,
  userId: string,
  kind: NotificationTemplate,
  dedupeKey: string,
  now: Date,
  placeholders: Record<string, string> = { accommodationUnit: "Apartman Lavanda" },
): Promise<boolean> {
  return await createNotification(ctx.db, userId, kind, { dedupeKey, placeholders, now });
}

interface Notification {
  id: string;
  template: string;
  notificationType: string;
  placeholders: Record<string, string>;
  created: string;
  lastModified: string;
  sentToAppAt: string | null;
  deleted: boolean;
}

interface Sync {
  notifications: Notification[];
  syncTimestamp: string;
  totalCount: number;
  pageNumber: number;
  pageSize: number;
  hasNextPage: boolean;
  isFullSync: boolean;
  unreadCount: number;
}

async function sync(
  ctx: Ctx,
  { since, page = 1, size = 20, includeDeleted, token = ctx.token }: {
    since?: string;
    page?: number;
    size?: number;
    includeDeleted?: boolean;
    token?: string;
  } = {},
): Promise<Sync> {
  const query = new URLSearchParams({ pageNumber: String(page), pageSize: String(size) });
  if (since) query.set("lastSyncTimestamp", since);
  if (includeDeleted !== undefined) query.set("includeDeleted", String(includeDeleted));
  const res = await getWith(ctx.app, `/api/UserNotifications?${query}`, token);
  assert.equal(res.status, 200, await res.clone().text());
  return await res.json();
}

const templatesOf = (answer: Sync) => answer.notifications.map((n) => n.template);

async function open(ctx: Ctx, id: string, token = ctx.token) {
  return await getWith(ctx.app, `/api/UserNotifications/${id}`, token);
}

async function remove(ctx: Ctx, id: string, token = ctx.token) {
  return await ctx.app.request(`/api/UserNotifications/${id}`, {
    method: "DELETE",
    headers: bearer(token),
  });
}

/** Ana's three notifications (oldest first, 30, 20 and 10 minutes ago) and one of Bruno's. */
async function seedNotifications(ctx: Ctx) {
  const T = NOTIFICATION_TEMPLATES;
  assert.ok(
    await notify(ctx, ctx.ana, T.calendarConflict, "conflict-1", minutesBefore(30), {
      accommodationUnit: "Apartman Lavanda",
      start: "2026-04-02",
      end: "2026-04-06",
      code: "ABCDEFGH23",
    }),
  );
  assert.ok(await notify(ctx, ctx.ana, T.guestCheckedIn, "checked-in-1", minutesBefore(20)));
  assert.ok(await notify(ctx, ctx.ana, T.accountSynced, "synced-1", minutesBefore(10)));
  assert.ok(await notify(ctx, ctx.bruno, T.accountSyncFailed, "failed-1", minutesBefore(5)));
  const full = await sync(ctx);
  const [synced, checkedIn, conflict] = full.notifications;
  return { full, synced, checkedIn, conflict };
}

Deno.test("GET /api/UserNotifications without a timestamp is a full sync of the caller's notifications, newest first, in pages", () =>
  withHosts(async (ctx) => {
    const { full, conflict } = await seedNotifications(ctx);
    assert.deepEqual(templatesOf(full), [
      "ExternalAccountSynced",
      "GuestCheckedIn",
      "CalendarConflict",
    ], "only Ana's, newest first");
    assert.equal(full.isFullSync, true);
    assert.equal(full.totalCount, 3);
    assert.equal(full.unreadCount, 3);
    assert.equal(full.hasNextPage, false);
    assert.equal(full.syncTimestamp, NOW.toISOString());
    assert.deepEqual(conflict, {
      id: conflict.id,
      template: "CalendarConflict",
      notificationType: "warning",
      placeholders: {
        accommodationUnit: "Apartman Lavanda",
        start: "2026-04-02",
        end: "2026-04-06",
        code: "ABCDEFGH23",
      },
      created: minutesBefore(30).toISOString(),
      lastModified: minutesBefore(30).toISOString(),
      sentToAppAt: null,
      deleted: false,
    });

    const first = await sync(ctx, { size: 2 });
    assert.deepEqual(templatesOf(first), ["ExternalAccountSynced", "GuestCheckedIn"]);
    assert.deepEqual(
      [first.totalCount, first.pageNumber, first.pageSize, first.hasNextPage, first.unreadCount],
      [3, 1, 2, true, 3],
    );
    const second = await sync(ctx, { size: 2, page: 2 });
    assert.deepEqual(templatesOf(second), ["CalendarConflict"]);
    assert.equal(second.hasNextPage, false);
    assert.deepEqual(templatesOf(await sync(ctx, { size: 2, page: 3 })), []);

    const brunos = await sync(ctx, { token: ctx.brunoToken });
    assert.deepEqual(templatesOf(brunos), ["ExternalAccountSyncFailed"]);
    assert.equal(brunos.unreadCount, 1);
  }));

Deno.test("an incremental sync brings what was created, read or deleted since the last one", () =>
  withHosts(async (ctx) => {
    const { full, conflict, checkedIn } = await seedNotifications(ctx);

    ctx.clock.advanceMinutes(1);
    const nothing = await sync(ctx, { since: full.syncTimestamp });
    assert.deepEqual(nothing.notifications, [], "nothing changed since the full sync");
    assert.equal(nothing.isFullSync, false);
    assert.equal(nothing.totalCount, 0);
    assert.equal(nothing.unreadCount, 3, "the badge still counts every unread one");

    // A new notification, and the oldest one opened (which marks it read).
    ctx.clock.advanceMinutes(1);
    const changedAt = ctx.clock.now().toISOString();
    assert.ok(
      await notify(
        ctx,
        ctx.ana,
        NOTIFICATION_TEMPLATES.guestRegistrationFailed,
        "failed-guest-1",
        ctx.clock.now(),
      ),
    );
    const opened = await open(ctx, conflict.id);
    assert.equal(opened.status, 200);
    const read = await opened.json();
    assert.equal(read.sentToAppAt, changedAt);
    assert.equal(read.lastModified, changedAt);
    assert.equal(read.created, conflict.created);

    ctx.clock.advanceMinutes(1);
    const reopened = await (await open(ctx, conflict.id)).json();
    assert.equal(reopened.sentToAppAt, changedAt, "read once: opening it again changes nothing");

    const changes = await sync(ctx, { since: full.syncTimestamp });
    assert.equal(changes.isFullSync, false);
    assert.deepEqual(
      changes.notifications.map((n) => [n.template, n.sentToAppAt, n.lastModified]),
      [
        ["GuestRegistrationFailed", null, changedAt],
        ["CalendarConflict", changedAt, changedAt],
      ],
    );
    assert.equal(changes.unreadCount, 3, "one read, one new");
    assert.equal(changes.syncTimestamp, ctx.clock.now().toISOString());

    // Deleting: other devices learn it only when they ask for deleted ones.
    ctx.clock.advanceMinutes(1);
    const deletedAt = ctx.clock.now().toISOString();
    assert.equal((await remove(ctx, checkedIn.id)).status, 204);
    ctx.clock.advanceMinutes(1);
    assert.deepEqual((await sync(ctx, { since: changes.syncTimestamp })).notifications, []);
    const withDeleted = await sync(ctx, { since: changes.syncTimestamp, includeDeleted: true });
    assert.deepEqual(withDeleted.notifications.map((n) => [n.id, n.deleted, n.lastModified]), [
      [checkedIn.id, true, deletedAt],
    ]);
    assert.equal(withDeleted.unreadCount, 2, "a deleted notification is not unread");

    const after = await sync(ctx);
    assert.deepEqual(templatesOf(after), [
      "GuestRegistrationFailed",
      "ExternalAccountSynced",
      "CalendarConflict",
    ], "gone from a full sync");
    assert.equal(after.totalCount, 3);
  }));

Deno.test("a change in the same millisecond as the last sync comes again rather than being lost", () =>
  withHosts(async (ctx) => {
    const { full, synced } = await seedNotifications(ctx);
    // The clock has not moved: this read happens at the very instant the full sync answered.
    assert.equal((await open(ctx, synced.id)).status, 200);
    const changes = await sync(ctx, { since: full.syncTimestamp });
    assert.deepEqual(changes.notifications.map((n) => n.id), [synced.id]);
  }));

Deno.test("POST /api/UserNotifications/markAllRead reads every notification of the caller only", () =>
  withHosts(async (ctx) => {
    const { full } = await seedNotifications(ctx);
    ctx.clock.advanceMinutes(1);
    const res = await postWith(ctx.app, "/api/UserNotifications/markAllRead", {}, ctx.token);
    assert.equal(res.status, 204);
    ctx.clock.advanceMinutes(1);

    const after = await sync(ctx);
    assert.equal(after.unreadCount, 0);
    assert.ok(after.notifications.every((n) => n.sentToAppAt !== null));
    const changes = await sync(ctx, { since: full.syncTimestamp });
    assert.equal(changes.notifications.length, 3, "other devices learn they were read");

    const brunos = await sync(ctx, { token: ctx.brunoToken });
    assert.equal(brunos.unreadCount, 1, "Bruno's stays unread");
    assert.equal(brunos.notifications[0].sentToAppAt, null);
  }));

Deno.test("another host's notification is unknown: it can be neither read nor deleted", () =>
  withHosts(async (ctx) => {
    await seedNotifications(ctx);
    const [brunos] = (await sync(ctx, { token: ctx.brunoToken })).notifications;
    const read = await open(ctx, brunos.id);
    assert.equal(read.status, 404);
    assert.equal((await read.json()).detail, "The notification was not found.");
    assert.equal((await remove(ctx, brunos.id)).status, 404);
    assert.equal((await remove(ctx, crypto.randomUUID())).status, 404);

    const [still] = (await sync(ctx, { token: ctx.brunoToken })).notifications;
    assert.equal(still.sentToAppAt, null);
    assert.equal(still.deleted, false);
  }));

Deno.test("GET /api/UserNotifications needs its paging parameters and a signed-in user", () =>
  withHosts(async (ctx) => {
    const res = await getWith(ctx.app, "/api/UserNotifications", ctx.token);
    assert.equal(res.status, 400);
    assert.deepEqual((await res.json()).errors, {
      pageNumber: ["A number is required"],
      pageSize: ["A number is required"],
    });
    const tooBig = await getWith(
      ctx.app,
      "/api/UserNotifications?pageNumber=1&pageSize=500",
      ctx.token,
    );
    assert.equal(tooBig.status, 400);
    assert.deepEqual((await tooBig.json()).errors, {
      pageSize: ["The value must be at most 100"],
    });
    assert.equal(
      (await ctx.app.request("/api/UserNotifications?pageNumber=1&pageSize=5")).status,
      401,
    );
  }));

Deno.test("GET/PUT /api/UserNotifications/settings: e-mails are on until the host turns them off", () =>
  withHosts(async (ctx) => {
    const settings = async (token: string) => {
      const res = await getWith(ctx.app, "/api/UserNotifications/settings", token);
      assert.equal(res.status, 200);
      return await res.json();
    };
    assert.deepEqual(await settings(ctx.token), { emailNotifications: true });

    const put = await ctx.app.request("/api/UserNotifications/settings", {
      method: "PUT",
      headers: { ...bearer(ctx.token), "Content-Type": "application/json" },
      body: JSON.stringify({ emailNotifications: false }),
    });
    assert.equal(put.status, 200);
    assert.deepEqual(await put.json(), { emailNotifications: false });
    assert.deepEqual(await settings(ctx.token), { emailNotifications: false });
    assert.deepEqual(await settings(ctx.brunoToken), { emailNotifications: true }, "per host");
  }));

Deno.test("the same dedupeKey twice makes one notification (per host)", () =>
  withHosts(async (ctx) => {
    const kind = NOTIFICATION_TEMPLATES.calendarConflict;
    assert.equal(await notify(ctx, ctx.ana, kind, "conflict:feed-1:2026-04-02", NOW), true);
    ctx.clock.advanceMinutes(1);
    assert.equal(
      await notify(ctx, ctx.ana, kind, "conflict:feed-1:2026-04-02", ctx.clock.now()),
      false,
    );
    assert.equal(await notify(ctx, ctx.bruno, kind, "conflict:feed-1:2026-04-02", NOW), true);

    const anas = await sync(ctx);
    assert.deepEqual(templatesOf(anas), ["CalendarConflict"]);
    assert.equal(anas.notifications[0].created, NOW.toISOString(), "the first one stays");
    assert.equal(anas.unreadCount, 1);
    assert.equal((await sync(ctx, { token: ctx.brunoToken })).totalCount, 1);
  }));

Deno.test("a deleted notification can no longer be opened, and marking all read leaves it alone", () =>
  withTestApp(async ({ app, db }) => {
    await createHost(app, db, { email: "ana@example.com" });
    const userId = await userIdOf(db, "ana@example.com");
    const token = (await signIn(app, "ana@example.com")).accessToken;
    await createNotification(db, userId, NOTIFICATION_TEMPLATES.calendarConflict, {
      dedupeKey: "gone",
      placeholders: { accommodationUnit: "Soba 1" },
      now: new Date(),
    });
    const [notification] = (await (await getWith(
      app,
      "/api/UserNotifications?pageNumber=1&pageSize=10",
      token,
    )).json()).notifications;
    const remove = await app.request(`/api/UserNotifications/${notification.id}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${token}` },
    });
    assert.equal(remove.status, 204);
    assert.equal(
      (await getWith(app, `/api/UserNotifications/${notification.id}`, token)).status,
      404,
    );
    await postWith(app, "/api/UserNotifications/markAllRead", {}, token);
    const [row] = await db.select().from(userNotifications);
    assert.equal(row.sentToAppAt, null);
  }));
