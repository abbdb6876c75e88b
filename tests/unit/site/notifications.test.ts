import assert from "node:assert/strict";
import type { NotificationSync, UserNotification } from "@shared/schemas/notification.ts";
import { NOTIFICATION_TEMPLATES } from "@shared/notification-templates.ts";
import { paymentPath } from "@shared/app-routes.ts";
import { translator } from "../../../site/src/i18n/translate.ts";
import {
  applySync,
  arrivedSince,
  CACHE_LIMIT,
  markAllReadIn,
  markReadIn,
  removeFrom,
} from "../../../site/src/lib/notifications/notification-cache.ts";
import {
  describeNotification,
  notificationAge,
} from "../../../site/src/lib/notifications/notification-text.ts";
import { axisLabels, formatMonth } from "../../../site/src/lib/format/month-labels.ts";

let sequence = 0;
function notification(overrides: Partial<UserNotification> = {}): UserNotification {
  sequence++;
  const created = new Date(Date.UTC(2026, 6, 10, 10, 0, sequence)).toISOString();
  return {
    id: `n${sequence}`,
    template: "GuestCheckedIn",
    notificationType: "success",
    placeholders: { accommodationUnit: "Apartman 1", reservationList: "Ana Horvat", code: "ABC" },
    created,
    lastModified: created,
    sentToAppAt: null,
    deleted: false,
    ...overrides,
  };
}

function sync(
  notifications: UserNotification[],
  overrides: Partial<NotificationSync> = {},
): NotificationSync {
  return {
    notifications,
    syncTimestamp: "2026-07-10T10:05:00.000Z",
    totalCount: notifications.length,
    pageNumber: 1,
    pageSize: 100,
    hasNextPage: false,
    isFullSync: false,
    unreadCount: notifications.filter((n) => !n.sentToAppAt && !n.deleted).length,
    ...overrides,
  };
}

Deno.test("notification cache: a full sync replaces, an incremental one merges, reads and drops", () => {
  const [a, b, c] = [notification(), notification(), notification()];
  const full = applySync(undefined, [sync([b, a], { isFullSync: true })]);
  assert.deepEqual(full.notifications.map((n) => n.id), [b.id, a.id]);
  assert.equal(full.unreadCount, 2);
  assert.equal(full.syncTimestamp, "2026-07-10T10:05:00.000Z");

  const readA = { ...a, sentToAppAt: "2026-07-10T10:06:00.000Z" };
  const deletedB = { ...b, deleted: true };
  const next = applySync(full, [
    sync([c], { hasNextPage: true, unreadCount: 9 }),
    sync([deletedB, readA], {
      pageNumber: 2,
      unreadCount: 1,
      syncTimestamp: "2026-07-10T10:07:00.000Z",
    }),
  ]);
  assert.deepEqual(next.notifications.map((n) => n.id), [c.id, a.id], "newest first, b gone");
  assert.equal(next.notifications[1].sentToAppAt, readA.sentToAppAt);
  assert.equal(next.unreadCount, 1, "the last page's count");
  assert.equal(next.syncTimestamp, "2026-07-10T10:07:00.000Z");

  const again = applySync(next, [sync([a], { isFullSync: true })]);
  assert.deepEqual(again.notifications.map((n) => n.id), [a.id], "a full sync starts over");

  const many = Array.from({ length: CACHE_LIMIT + 5 }, () => notification());
  assert.equal(applySync(undefined, [sync(many)]).notifications.length, CACHE_LIMIT);
});

Deno.test("notification cache: read, all read and delete change the count once", () => {
  const [a, b] = [notification(), notification()];
  const cache = applySync(undefined, [sync([a, b], { isFullSync: true })]);
  const read = markReadIn(cache, a.id, "2026-07-10T11:00:00.000Z");
  assert.equal(read.unreadCount, 1);
  assert.equal(markReadIn(read, a.id, "2026-07-10T11:00:00.000Z").unreadCount, 1, "once");
  const all = markAllReadIn(read, "2026-07-10T11:01:00.000Z");
  assert.equal(all.unreadCount, 0);
  assert.ok(all.notifications.every((n) => n.sentToAppAt));
  const removed = removeFrom(cache, b.id, true);
  assert.deepEqual(removed.notifications.map((n) => n.id), [a.id]);
  assert.equal(removed.unreadCount, 1);
});

Deno.test("notification cache: only unread news created since the page's first sync is announced", () => {
  const known = notification();
  const cache = applySync(undefined, [sync([known], { isFullSync: true })]);
  const old = notification({ created: "2026-07-10T09:00:00.000Z" });
  const fresh = notification();
  const freshRead = notification({ sentToAppAt: "2026-07-10T10:10:00.000Z" });
  const freshDeleted = notification({ deleted: true });
  const arrived = arrivedSince(
    cache,
    [sync([fresh, freshRead, freshDeleted, old, known]), sync([fresh])],
    "2026-07-10T10:00:00.000Z",
  );
  assert.deepEqual(arrived.map((n) => n.id), [fresh.id]);
});

Deno.test("notification texts: every template in Croatian and English, placeholders filled, a place to go", () => {
  const placeholders: Record<string, Record<string, string>> = {
    CalendarConflict: {
      accommodationUnit: "Apartman 1",
      start: "2026-08-01",
      end: "2026-08-05",
      code: "ABC",
    },
    CalendarStayNeedsHost: {
      accommodationUnit: "Apartman 1",
      reservationList: "arrival-locked",
      start: "2026-08-02",
      end: "2026-08-06",
      code: "ABC",
    },
    CalendarFeedFailing: { accommodationUnit: "Apartman 1", start: "2026-07-09T08:00:00.000Z" },
    GuestRegistrationFailed: { accommodationUnit: "Apartman 1", reservationList: "Ana Horvat" },
    GuestRegistrationDue: {
      accommodationUnit: "Apartman 1",
      reservationList: "Ana Horvat",
      code: "ABC",
      end: "2026-07-11T12:00:00.000Z",
    },
    GuestCheckOutDue: {
      accommodationUnit: "Apartman 1",
      reservationList: "Ana Horvat",
      code: "ABC",
      end: "2026-07-11T12:00:00.000Z",
    },
    RegistrationMismatch: {
      accommodationUnit: "Apartman 1",
      code: "ABC",
      reservationList: "not-checked-out",
      start: "2026-07-01",
      end: "2026-07-05",
    },
    GuestCheckedIn: { accommodationUnit: "Apartman 1", reservationList: "Ana Horvat", code: "ABC" },
    GuestAddedByGuest: {
      accommodationUnit: "Apartman 1",
      code: "ABC",
      start: "2026-07-10",
      end: "2026-07-12",
      guestId: "g1",
      initials: "I. B.",
      entrance: "door",
      held: "true",
    },
    StayRequested: {
      accommodationUnit: "Apartman 1",
      start: "2026-07-10",
      end: "2026-07-12",
      guestCount: "2",
      requestId: "r1",
      expiresAt: "2026-07-10T12:00:00.000Z",
      name: "Marko Gost",
    },
    ExternalAccountSynced: { reservationList: "2" },
    ExternalAccountSyncFailed: { reservationList: "invalid-credentials" },
    SubscriptionActivated: { packageName: "Pro", end: "2026-10-10T10:00:00.000Z", code: "7/2026" },
    SubscriptionExpiring: { packageName: "Pro", end: "2026-10-10T10:00:00.000Z", trial: "true" },
    SubscriptionExpired: { packageName: "Pro", end: "2026-10-10T10:00:00.000Z" },
    PlanLimitReached: { limit: "maxBookingsPerMonth", start: "2026-08", count: "31" },
    PropertyOwnerLeaving: { propertyName: "Vila Lavanda", end: "2026-12-10T10:00:00.000Z" },
    PropertyMemberJoined: { propertyName: "Vila Lavanda", role: "Reception" },
    PurchaseRequested: {
      packageName: "Pro",
      months: "12",
      amountCents: "19104",
      payee: "Prijavko d.o.o., Ilica 1, 10000 Zagreb",
      iban: "HR1210010051863000160",
      model: "HR00",
      reference: "2026-000007",
      code: "2026-000007",
      description: "Prijavko Pro 12 mj.",
      purchaseRequestId: "7c9e6679742540de944be07fc1f90ae7",
    },
  };
  const places: Record<string, string> = {
    CalendarConflict: "/app/kalendari",
    CalendarFeedFailing: "/app/kalendari",
    CalendarStayNeedsHost: "/app/rezervacije",
    GuestRegistrationFailed: "/app/gosti",
    GuestRegistrationDue: "/app/gosti",
    GuestCheckOutDue: "/app/gosti",
    GuestCheckedIn: "/app/gosti",
    GuestAddedByGuest: "/app/gosti",
    StayRequested: "/app/kontrolna-ploca",
    RegistrationMismatch: "/app/rezervacije",
    ExternalAccountSynced: "/app/povezani-racuni",
    ExternalAccountSyncFailed: "/app/povezani-racuni",
    SubscriptionActivated: "/app/pretplata",
    SubscriptionExpiring: "/app/pretplata",
    SubscriptionExpired: "/app/pretplata",
    PlanLimitReached: "/app/pretplata",
    PropertyOwnerLeaving: "/app/objekti",
    PropertyMemberJoined: "/app/objekti",
    // An order leads to its own payment page.
    PurchaseRequested: paymentPath("7c9e6679742540de944be07fc1f90ae7"),
  };
  for (const { template, notificationType } of Object.values(NOTIFICATION_TEMPLATES)) {
    for (const lang of ["hr", "en"] as const) {
      const view = describeNotification(
        translator(lang),
        lang,
        notification({ template, notificationType, placeholders: placeholders[template] }),
      );
      assert.ok(view.title && view.text && view.announcement, `${template} ${lang}`);
      assert.doesNotMatch(view.text, /[{}]|undefined/, `${template} ${lang}: ${view.text}`);
      assert.equal(view.href, places[template], template);
      assert.equal(view.tone, notificationType);
    }
  }
  const en = translator("en");
  const mismatch = describeNotification(
    en,
    "en",
    notification({
      template: "RegistrationMismatch",
      notificationType: "warning",
      placeholders: placeholders.RegistrationMismatch,
    }),
  );
  assert.match(mismatch.text, /still checked in with eVisitor/);
  // A platform's move a stay with registered guests could not take: which stay, which dates.
  for (
    const [kind, expected] of [
      [
        "arrival-locked",
        /^Apartman 1, reservation ABC: the platform moved the stay to 2.*6.*Aug.*, but its guests are already registered with eVisitor/,
      ],
      ["gone-kept", /no longer lists the stay 2.*6.*Aug.*so it was kept/],
      ["gone-removed", /so it was removed with the details of the guests/],
    ] as const
  ) {
    const moved = describeNotification(
      en,
      "en",
      notification({
        template: "CalendarStayNeedsHost",
        notificationType: "warning",
        placeholders: { ...placeholders.CalendarStayNeedsHost, reservationList: kind },
      }),
    );
    assert.match(moved.text, expected);
  }
  const checkedIn = describeNotification(en, "en", notification());
  assert.equal(
    checkedIn.text,
    "Ana Horvat is registered with eVisitor (Apartman 1, reservation ABC).",
  );
  const limit = describeNotification(
    en,
    "en",
    notification({
      template: "PlanLimitReached",
      notificationType: "warning",
      placeholders: placeholders.PlanLimitReached,
    }),
  );
  assert.match(limit.text, /^In August 2026 you have more stays \(31\)/);
  const paid = describeNotification(
    translator("hr"),
    "hr",
    notification({
      template: "SubscriptionActivated",
      notificationType: "success",
      placeholders: placeholders.SubscriptionActivated,
    }),
  );
  assert.equal(paid.title, "Pretplata je aktivna");
  assert.match(paid.text, /Račun br\. 7\/2026/);
  const unknown = describeNotification(
    translator("hr"),
    "hr",
    notification({ template: "SomethingNew", notificationType: "info", placeholders: {} }),
  );
  assert.equal(unknown.text, "Imate novu obavijest.");
  assert.equal(unknown.tone, "info");
  assert.equal(unknown.href, "/app/obavijesti");
});

Deno.test("notification ages: just now, then minutes, hours or days ago", () => {
  const now = Date.parse("2026-07-10T12:00:00.000Z");
  const hr = translator("hr");
  const en = translator("en");
  assert.equal(notificationAge("2026-07-10T11:59:30.000Z", hr, "hr", now), "upravo sada");
  assert.equal(notificationAge("2026-07-10T11:59:30.000Z", en, "en", now), "just now");
  assert.equal(notificationAge("2026-07-10T11:55:00.000Z", en, "en", now), "5 minutes ago");
  assert.equal(notificationAge("2026-07-10T09:00:00.000Z", en, "en", now), "3 hours ago");
  assert.equal(notificationAge("2026-07-08T12:00:00.000Z", en, "en", now), "2 days ago");
  assert.equal(notificationAge("2026-07-10T11:55:00.000Z", hr, "hr", now), "prije 5 minuta");
});

Deno.test("chart months: named in the language, the year under the first month and January", () => {
  assert.equal(formatMonth("2026-03", "en", "long"), "March 2026");
  assert.equal(formatMonth("2026-03", "hr", "short"), "ožu");
  assert.deepEqual(axisLabels(["2025-12", "2026-01", "2026-02"], "en"), [
    ["Dec", "2025"],
    ["Jan", "2026"],
    "Feb",
  ]);
});

Deno.test("notification texts: a walk-in's request says how it was answered; approved guests stop waiting", () => {
  const text = (template: string, placeholders: Record<string, string>) =>
    describeNotification(
      translator("en"),
      "en",
      notification({ template, notificationType: "warning", placeholders }),
    ).text;
  const request = {
    accommodationUnit: "Apartman 1",
    start: "2026-07-10",
    end: "2026-07-12",
    guestCount: "1",
    requestId: "r1",
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    phone: "+385 91 123 4567",
  };
  assert.match(
    text("StayRequested", request),
    /1 guest \(\+385 91 123 4567\)\. Confirm or decline/,
  );
  assert.match(text("StayRequested", { ...request, answer: "confirmed" }), /Confirmed/);
  assert.match(text("StayRequested", { ...request, answer: "declined" }), /Declined\.$/);
  const past = { ...request, expiresAt: new Date(Date.now() - 1000).toISOString() };
  assert.match(text("StayRequested", past), /expired without an answer/);
  const guest = {
    accommodationUnit: "Apartman 1",
    code: "ABC",
    initials: "I. B.",
    entrance: "door",
  };
  assert.match(text("GuestAddedByGuest", { ...guest, held: "true" }), /until you approve/);
  const approved = text("GuestAddedByGuest", { ...guest, held: "approved" });
  assert.doesNotMatch(approved, /until you approve/);
  assert.match(approved, /were approved/);
});
