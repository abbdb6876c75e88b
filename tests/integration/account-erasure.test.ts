import assert from "node:assert/strict";
import { eq, is, sql } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "@core/db/schema/mod.ts";
import { NOTIFICATION_TEMPLATES } from "@shared/notification-templates.ts";
import {
  checkinReceipts,
  guestDisownTokens,
  stayApprovalTokens,
} from "@core/db/schema/checkin-receipts.ts";
import {
  calendarFeeds,
  calendarSyncLeases,
  calendarSyncRuns,
} from "@core/db/schema/calendar-feeds.ts";
import { contactMessages } from "@core/db/schema/contact-messages.ts";
import { evisitorTrialClaims } from "@core/db/schema/evisitor-trial-claims.ts";
import { guests } from "@core/db/schema/guests.ts";
import { receipts, subscriptions } from "@core/db/schema/billing.ts";
import { reservations } from "@core/db/schema/reservations.ts";
import { userRoles, users } from "@core/db/schema/users.ts";
import { createNotification } from "@core/services/notifications/create-notification.ts";
import { replaceRecoveryCodes } from "@core/services/users/recovery-codes.ts";
import { issueInvitationCode } from "@core/services/property-members/invitation-code.ts";
import { replaceSettlements } from "@core/services/guests/settlements.ts";
import { accountErasureJob } from "../../workers/scheduler/jobs/account-erasure.ts";
import {
  bearer,
  createAdmin,
  createHost,
  getWith,
  PASSWORD,
  postWith,
  signIn,
} from "../support/accounts.ts";
import { postJson, type TestApp, withTestApp } from "../support/app.ts";
import { BIRGITTE } from "../support/guests.ts";
import { seedMirroredAccount } from "../support/properties.ts";
import type { Database } from "@core/db/client.ts";
import { newPushKeys } from "../support/push.ts";

/** 10 August 2026, 09:00 in Zagreb: the stay below is under way, so its guest can check in. */
const NOW = new Date("2026-08-10T07:00:00Z");
const DAY = 24 * 3600_000;

/** Ana's guest, whose every identifying value is looked for after the erasure. */
const GUEST = {
  ...BIRGITTE,
  firstName: "Hildegunn",
  surname: "Zwiebelfisch",
  documentNumber: "QZ9081726",
  email: "hildegunn@example.no",
};
/** Bruno's guest, who must stay. */
const OTHER_GUEST = {
  ...BIRGITTE,
  firstName: "Ragnhild",
  surname: "Oxenstierna",
  documentNumber: "QZ9081727",
  email: "ragnhild@example.no",
};

/**
 * A host with everything the product keeps of one: an eVisitor account mirrored into a property
 * with units, a stay with a checked-in guest, a calendar feed, a notification, a paid plan with
 * a receipt, a profile, two-factor recovery codes, a contact message and the account history.
 */
async function populatedHost(
  app: TestApp,
  db: Database,
  email: string,
  admin: string,
  guest: typeof GUEST,
) {
  const userId = await createHost(app, db, { email });
  const accountId = await seedMirroredAccount(db, userId, undefined, {
    username: `${email.split("@")[0]}.api`,
  });
  // The account's copy of eVisitor's Croatian settlements, as a sync leaves it.
  await replaceSettlements(db, accountId, [
    { id: "s-1", name: "Zagreb-Zagreb", zipCode: "10000", active: true },
  ], new Date());
  const token = (await signIn(app, email)).accessToken;
  await app.request(`http://localhost/api/Users/manage/profile`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", ...bearer(token) },
    body: JSON.stringify({
      fullName: email === "ana@example.com" ? "Ana Anić" : "Bruno Brnić",
      oib: "69435151530",
      street: "Obala 12",
      postalCode: "21000",
      city: "Split",
      inVatSystem: false,
    }),
  });
  const [property] =
    (await (await getWith(app, "/api/Properties?PageNumber=1&PageSize=5", token)).json()).items;
  const unitId = property.accommodationUnits[0].id as string;
  const feed = await postWith(app, "/api/AccommodationUnits", {
    propertyId: property.id,
    name: "Studio uz more",
    capacity: 2,
    externalCalendarLink: "https://www.airbnb.com/calendar/ical/123.ics?s=abc",
  }, token);
  assert.equal(feed.status, 200, await feed.clone().text());
  const booked = await postWith(app, "/api/Reservations", {
    accommodationUnitId: unitId,
    startDateUTC: "2026-08-09T12:00:00Z",
    endDateUTC: "2026-08-12T12:00:00Z",
  }, token);
  assert.equal(booked.status, 200, await booked.clone().text());
  const { code } = await booked.json();
  const [{ id: reservationId }] = await db.select({ id: reservations.id }).from(reservations)
    .where(eq(reservations.code, code));
  const checkIn = await app.request(
    postJson("/api/Reservations/Guests", { reservationCode: code, reservationGuests: [guest] }),
  );
  assert.equal(checkIn.status, 200, await checkIn.clone().text());
  await createNotification(db, userId, NOTIFICATION_TEMPLATES.guestCheckedIn, {
    dedupeKey: `guest-checked-in:${code}`,
    placeholders: {
      accommodationUnit: "Apartman 1",
      reservationList: `${guest.firstName} ${guest.surname}`,
    },
    now: NOW,
  });
  const order = await getWith(
    app,
    "/api/Subscriptions/createPurchaseRequest?packageId=pro&subscriptionLength=12",
    token,
  );
  const { purchaseRequestId } = await order.json();
  const paid = await postWith(app, "/api/Subscriptions/markAsPaid", { purchaseRequestId }, admin);
  assert.equal(paid.status, 200, await paid.clone().text());
  const twoFactor = await postWith(app, "/api/Users/manage/2fa", {}, token);
  assert.equal(twoFactor.status, 200);
  // The recovery codes two-factor sign-in hands out once it is on.
  await replaceRecoveryCodes(db, userId);
  await app.request(postJson("/api/Support/contact-form", {
    firstName: email === "ana@example.com" ? "Ana" : "Bruno",
    lastName: email === "ana@example.com" ? "Anić" : "Brnić",
    email,
    message: "Pozdrav, imam pitanje o prijavi gostiju u eVisitor.",
  }));
  // A sync of the unit's feed ran and found a stay in the way.
  const [calendarFeed] = await db.select().from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  await db.insert(calendarSyncRuns).values({
    id: crypto.randomUUID(),
    feedId: calendarFeed.id,
    finishedAt: NOW,
    added: 0,
    updated: 0,
    removed: 0,
    conflicts: [{ start: "2026-08-10", end: "2026-08-11", summary: "Reserved", withCode: false }],
  });
  // A worker that died mid-sync left its claim on the unit (issue 34).
  await db.insert(calendarSyncLeases).values({
    accommodationUnitId: unitId,
    holder: crypto.randomUUID(),
    expiresAt: new Date(NOW.getTime() + 60_000),
  });
  // Premium from here: team members and API tokens.
  await db.update(subscriptions).set({ packageId: "premium" })
    .where(eq(subscriptions.userId, userId));
  const apiToken = await postWith(app, "/api/Users/manage/apiTokens", {
    name: "Channel manager",
    scopes: ["read"],
    password: PASSWORD,
  }, token);
  assert.equal(apiToken.status, 201, await apiToken.clone().text());
  // A phone that gets push notifications, and the kinds chosen for them.
  const device = await postWith(app, "/api/Users/manage/push/devices", {
    endpoint: `https://fcm.googleapis.com/fcm/send/${email.split("@")[0]}-phone`,
    keys: (await newPushKeys()).keys,
  }, token);
  assert.equal(device.status, 201, await device.clone().text());
  const kinds = await app.request("/api/Users/manage/push/kinds", {
    method: "PUT",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ kinds: ["guestWaiting"] }),
  });
  assert.equal(kinds.status, 200, await kinds.clone().text());
  const invitation = await postWith(app, `/api/Properties/${property.id}/members`, {
    email: `${email.split("@")[0]}.cistacica@example.com`,
    role: "Reception",
  }, token);
  assert.equal(invitation.status, 201, await invitation.clone().text());
  const feedback = await postWith(app, "/api/Support/feedback", {
    category: "idea",
    rating: 5,
    text: `Pozdrav od ${email}`,
  }, token);
  assert.equal(feedback.status, 200, await feedback.clone().text());
  // A walk-in asks for a stay at the unit added above.
  const unitCode = (await feed.json()).code as string;
  const walkIn = await app.request(postJson("/api/StayRequests", {
    accommodationUnitCode: unitCode,
    endDate: "2026-08-12",
    guestCount: 1,
    name: `${guest.firstName} Walkin`,
    phone: "+385 91 555 0101",
  }));
  assert.equal(walkIn.status, 201, await walkIn.clone().text());
  const [guestRow] = await db.select().from(guests).where(eq(guests.userId, userId));
  // The trial claim of the connected eVisitor account (its OIB's keyed fingerprint).
  await db.insert(evisitorTrialClaims).values({
    oibKey: `fingerprint-of-${email}`.replace("@", "-at-"),
    userId,
    createdAt: NOW,
  });
  // The tokens of the guest's device and of the host's e-mailed links.
  const token32 = () => crypto.randomUUID().replaceAll("-", "");
  const expiresAt = new Date(NOW.getTime() + 30 * DAY);
  await db.insert(checkinReceipts).values({
    id: crypto.randomUUID(),
    reservationId,
    tokenHash: token32(),
    createdAt: NOW,
    expiresAt,
  });
  await db.insert(guestDisownTokens).values({
    id: crypto.randomUUID(),
    guestId: guestRow.id,
    tokenHash: token32(),
    createdAt: NOW,
    expiresAt,
  });
  await db.insert(stayApprovalTokens).values({
    id: crypto.randomUUID(),
    reservationId,
    tokenHash: token32(),
    createdAt: NOW,
    expiresAt,
  });
  return {
    userId,
    token,
    email,
    accountId,
    propertyId: property.id as string,
    unitId,
    reservationId,
    code: code as string,
    guestId: guestRow.id,
    feedId: calendarFeed.id,
    purchaseRequestId: purchaseRequestId as string,
  };
}

/** Every table of the drizzle schema, by name. */
const SCHEMA_TABLES = (Object.values(schema) as unknown[])
  .flatMap((value) => is(value, SQLiteTable) ? [getTableConfig(value).name] : [])
  .sort();

/**
 * Tables that hold nothing of one host, so the fixture cannot (and need not) fill them with
 * Ana's data; every other table must hold some of it before the erasure, so that a table added
 * later fails this test until the fixture writes to it and the erasure is seen to empty it.
 */
const NOT_PER_HOST: Record<string, string> = {
  evisitor_code_lists: "eVisitor's shared code lists",
  schedule_marks: "the scheduler's last runs",
  processed_events: "event ids the consumers handled",
  rate_limit_counters: "request counters keyed by client address",
  subscription_packages: "the package catalogue",
  evisitor_login_guards: "written only by a failing eVisitor login (keyed by account id)",
  evisitor_logins: "written only by the workers' eVisitor sessions (keyed by account id)",
};

/** Every row of every table, as text, by table. */
async function everyRow(db: Database): Promise<Map<string, string[]>> {
  const tables = await db.all<{ name: string }>(
    sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'
        and name not like '__drizzle%'`,
  );
  // The migrated database and the schema agree, so scanning one scans the other.
  assert.deepEqual(tables.map((t) => t.name).sort(), SCHEMA_TABLES);
  const rows = new Map<string, string[]>();
  for (const name of SCHEMA_TABLES) {
    const all = await db.all<Record<string, unknown>>(sql.raw(`select * from "${name}"`));
    rows.set(name, all.map((row) => JSON.stringify(row)));
  }
  return rows;
}

Deno.test("account deletion end to end: grace, cancel, delete again, the erase job leaves nothing of the host", () =>
  withTestApp(async ({ app, db, clock }) => {
    await createAdmin(db);
    const admin = (await signIn(app, "admin@example.com")).accessToken;
    const ana = await populatedHost(app, db, "ana@example.com", admin, GUEST);
    const bruno = await populatedHost(app, db, "bruno@example.com", admin, OTHER_GUEST);
    // Ana also helps run the product (another administrator remains, so she may leave).
    await db.insert(userRoles).values({ userId: ana.userId, role: "Administrator" });
    // Ana is also a member of Bruno's property.
    const invited = await postWith(app, `/api/Properties/${bruno.propertyId}/members`, {
      email: ana.email,
      role: "CoHost",
    }, bruno.token);
    assert.equal(invited.status, 201, await invited.clone().text());
    const inviteCode = await issueInvitationCode(db, (await invited.json()).id, clock.now());
    assert.ok(inviteCode);
    const joined = await postWith(
      app,
      "/api/Properties/members/accept",
      { code: inviteCode },
      ana.token,
    );
    assert.equal(joined.status, 200, await joined.clone().text());
    // And Bruno of Ana's.
    const invitedBack = await postWith(app, `/api/Properties/${ana.propertyId}/members`, {
      email: bruno.email,
      role: "CoHost",
    }, ana.token);
    assert.equal(invitedBack.status, 201, await invitedBack.clone().text());
    const backCode = await issueInvitationCode(db, (await invitedBack.json()).id, clock.now());
    assert.ok(backCode);
    const joinedBack = await postWith(app, "/api/Properties/members/accept", {
      code: backCode,
    }, bruno.token);
    assert.equal(joinedBack.status, 200, await joinedBack.clone().text());
    const job = accountErasureJob({ tickMs: 60_000 });
    const run = () => job.run({ db, now: clock.now(), js: () => undefined as never, today: "" });

    // A failed sign-in leaves counters keyed by the e-mail.
    const failedSignIn = () =>
      postJson("/api/Users/login", { email: ana.email, password: "Kriva-Lozinka-1!" });
    const failed = await app.request(failedSignIn());
    assert.equal(failed.status, 401);
    assert.ok(
      (await everyRow(db)).get("login_throttle")?.some((row) => row.includes(ana.email)),
    );

    // Asked, cancelled by the button after signing in days later, asked again.
    const fresh = async () => (await signIn(app, ana.email)).accessToken;
    const ask = async () =>
      postWith(app, "/api/Users/manage/delete", { password: PASSWORD }, await fresh());
    assert.equal((await ask()).status, 200);
    clock.advanceMinutes(3 * 24 * 60);
    const cancelled = await postWith(app, "/api/Users/manage/delete/cancel", {}, await fresh());
    assert.equal(cancelled.status, 200);
    clock.advanceMinutes(14 * 24 * 60);
    await run();
    assert.equal((await db.select().from(users).where(eq(users.id, ana.userId))).length, 1);
    const asked = await (await ask()).json();
    assert.equal(asked.deletionDueAt, new Date(clock.now().getTime() + 14 * DAY).toISOString());

    // A minute before the grace ends nothing goes; at its end, everything.
    clock.advanceMinutes(14 * 24 * 60 - 1);
    await run();
    assert.equal((await db.select().from(users).where(eq(users.id, ana.userId))).length, 1);
    // One more failed sign-in during the grace period.
    assert.equal((await app.request(failedSignIn())).status, 401);
    const before = await everyRow(db);
    clock.advanceMinutes(1);
    await run();

    const after = await everyRow(db);
    const needles = [
      ana.userId,
      ana.email,
      ana.accountId,
      "ana.api",
      ana.propertyId,
      ana.unitId,
      ana.reservationId,
      ana.code,
      ana.guestId,
      ana.feedId,
      ana.purchaseRequestId,
      GUEST.firstName,
      GUEST.surname,
      GUEST.documentNumber,
      GUEST.email,
      "ana.cistacica",
      "ana.api",
    ];
    for (const needle of needles) assert.ok(typeof needle === "string" && needle.length > 3);
    // Every table that can hold something of a host held some of Ana's before.
    for (const table of SCHEMA_TABLES) {
      if (table in NOT_PER_HOST) continue;
      assert.ok(
        before.get(table)?.some((row) => needles.some((needle) => row.includes(needle))),
        `the fixture writes nothing of Ana to ${table}: fill it, so its erasure is proven`,
      );
    }
    for (const [table, rows] of after) {
      // The kept receipt is checked below; it names the customer as printed, nothing else.
      if (table === "receipts") continue;
      for (const row of rows) {
        for (const needle of needles) {
          assert.ok(!row.includes(needle), `${table} still holds ${needle}: ${row}`);
        }
        assert.ok(!row.includes("Ana Anić"), `${table} still names the host: ${row}`);
      }
    }
    // Nor does the database file itself: freed content is zeroed, and the log emptied.
    const [{ file }] = await db.all<{ file: string }>(sql`select file from pragma_database_list`);
    for (const path of [file, `${file}-wal`]) {
      const bytes = await Deno.readFile(path).catch(() => new Uint8Array());
      const text = new TextDecoder("latin1").decode(bytes);
      for (const needle of [ana.email, GUEST.surname, GUEST.email, "ana.cistacica", ana.userId]) {
        assert.ok(!text.includes(needle), `${path} still holds ${needle}`);
      }
    }
    // The receipt stays, as the accounting law asks, cut loose from the account.
    const kept = await db.select().from(receipts).where(sql`${receipts.userId} is null`);
    assert.equal(kept.length, 1);
    assert.equal(kept[0].userEmail, null);
    assert.equal(kept[0].purchaseRequestId, null);
    assert.equal(kept[0].buyer, "Ana Anić\nOIB 69435151530\nObala 12, 21000 Split");
    assert.match(kept[0].referenceCode ?? "", /\d/);
    const receiptRow = JSON.stringify(kept[0]);
    for (const needle of needles.filter((n) => n !== ana.userId)) {
      assert.ok(!receiptRow.includes(needle), `the receipt holds ${needle}`);
    }
    assert.equal(
      (await db.select().from(contactMessages).where(eq(contactMessages.email, ana.email))).length,
      0,
    );

    // The other host lost nothing: every table has the rows it had, less only Ana's.
    for (const [table, rows] of before) {
      const brunoRows = rows.filter((row) => !row.includes(ana.userId) && !row.includes(ana.email));
      const stillThere = after.get(table) ?? [];
      for (const row of brunoRows.filter((r) => r.includes(bruno.userId))) {
        assert.ok(stillThere.includes(row), `${table} lost a row of Bruno: ${row}`);
      }
    }
    // Bruno's history keeps that he invited a co-host, no longer to whom.
    const brunoHistory = after.get("account_events")!.filter((row) =>
      row.includes(bruno.userId) && row.includes("PropertyMemberInvited") &&
      !row.includes("bruno.cistacica")
    );
    assert.equal(brunoHistory.length, 1);
    assert.ok(brunoHistory[0].includes(`"propertyName`), brunoHistory[0]);
    // Bruno was told Ana's property would go; the notice stays his, naming nothing of hers.
    assert.equal(
      after.get("user_notifications")!.filter((row) =>
        row.includes(bruno.userId) && row.includes("PropertyOwnerLeaving")
      ).length,
      1,
    );
    const brunoToken = (await signIn(app, bruno.email)).accessToken;
    const brunoNow = await getWith(app, `/api/Reservations/${bruno.code}`, brunoToken);
    assert.equal(brunoNow.status, 200);
    assert.equal((await brunoNow.json()).guests.length, 1);

    // The erased host cannot sign in, and their tokens are refused.
    const lastToken = ana.token;
    const signInAgain = await app.request(
      postJson("/api/Users/login", { email: ana.email, password: PASSWORD }),
    );
    assert.equal(signInAgain.status, 401);
    assert.equal((await getWith(app, "/api/Users/manage/info", lastToken)).status, 401);
    // A second run has nothing left to do.
    await run();
  }, { now: NOW }));
