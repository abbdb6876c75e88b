import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { NOTIFICATION_TEMPLATES } from "@shared/notification-templates.ts";
import { contactMessages } from "@core/db/schema/contact-messages.ts";
import { guests } from "@core/db/schema/guests.ts";
import { receipts } from "@core/db/schema/billing.ts";
import { users } from "@core/db/schema/users.ts";
import { createNotification } from "@core/services/notifications/create-notification.ts";
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
  const { code, id: reservationId } = await booked.json();
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
  await app.request(postJson("/api/Support/contact-form", {
    firstName: email === "ana@example.com" ? "Ana" : "Bruno",
    lastName: email === "ana@example.com" ? "Anić" : "Brnić",
    email,
    message: "Pozdrav, imam pitanje o prijavi gostiju u eVisitor.",
  }));
  const [guestRow] = await db.select().from(guests).where(eq(guests.userId, userId));
  return {
    userId,
    token,
    email,
    accountId,
    propertyId: property.id as string,
    unitId,
    reservationId: reservationId as string,
    code: code as string,
    guestId: guestRow.id,
    purchaseRequestId: purchaseRequestId as string,
  };
}

/** Every row of every table, as text, by table. */
async function everyRow(db: Database): Promise<Map<string, string[]>> {
  const tables = await db.all<{ name: string }>(
    sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'
        and name not like '__drizzle%'`,
  );
  const rows = new Map<string, string[]>();
  for (const { name } of tables) {
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
    const job = accountErasureJob({ tickMs: 60_000 });
    const run = () => job.run({ db, now: clock.now(), js: () => undefined as never, today: "" });

    // A failed sign-in leaves counters keyed by the e-mail.
    const failed = await app.request(
      postJson("/api/Users/login", { email: ana.email, password: "Kriva-Lozinka-1!" }),
    );
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
      ana.purchaseRequestId,
      GUEST.firstName,
      GUEST.surname,
      GUEST.documentNumber,
      GUEST.email,
    ];
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
