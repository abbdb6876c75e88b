/**
 * Issue 20 item 4: with automatic check-in off, guests who came in by the stay's link or the door
 * wait for the host's approval (the app's one tap per stay, or the e-mailed single-use link)
 * before anything goes to eVisitor, whatever the date; with it on they go at once from the
 * arrival day; guests the host enters are never held.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { guests } from "@core/db/schema/guests.ts";
import { properties } from "@core/db/schema/properties.ts";
import { userNotifications } from "@core/db/schema/user-notifications.ts";
import { addDays, todayIn } from "@shared/local-date.ts";
import { STAY_TIME_ZONE } from "@shared/time-zone.ts";
import { queueArrivals } from "@core/services/guests/registration/due-work.ts";
import { createHost, postWith, signIn } from "../support/accounts.ts";
import { postJson } from "../support/app.ts";
import {
  connectDemoAccount,
  type EVisitorPipeline,
  propertiesOf,
  withEVisitorPipeline,
} from "../support/evisitor-pipeline.ts";
import { BIRGITTE } from "../support/guests.ts";
import { withPipeline } from "../support/pipeline.ts";
import { REAL_SERVERS } from "../support/pipeline.ts";
import { demoFacility, seedMirroredAccount } from "../support/properties.ts";
import { guestOf, hostView } from "../support/registered-guest.ts";

const noon = (date: string) => `${date}T12:00:00.000Z`;
const approveByLink = (token: string) => postJson("/api/Reservations/approveGuests", { token });

/** The demo account with automatic check-in as given, and a stay from `from` days on. */
async function stayOf(ctx: EVisitorPipeline, from: number, automaticCheckIn: boolean) {
  await connectDemoAccount(ctx);
  const [property] = await propertiesOf(ctx);
  await ctx.database.db.update(properties).set({ automaticCheckIn })
    .where(eq(properties.id, property.id));
  const today = todayIn(STAY_TIME_ZONE);
  const booked = await postWith(ctx.app, "/api/Reservations", {
    accommodationUnitId: property.accommodationUnits[0].id,
    startDateUTC: noon(addDays(today, from)),
    endDateUTC: noon(addDays(today, from + 3)),
  }, ctx.token);
  assert.equal(booked.status, 200);
  return { code: (await booked.json()).code as string, propertyId: property.id as string };
}

/** A guest checks in by the stay's link; returns the guest as the check-in page sees it. */
async function checkInByLink(
  ctx: EVisitorPipeline,
  code: string,
  guest: Record<string, unknown> = BIRGITTE,
) {
  const res = await ctx.app.request(postJson("/api/Reservations/Guests", {
    reservationCode: code,
    reservationGuests: [guest],
  }));
  assert.equal(res.status, 200, await res.clone().text());
  const { guests } = await res.json();
  return guests.find((g: { name: string | null }) => g.name === guest.firstName);
}

const registrations = async (ctx: EVisitorPipeline) =>
  (await ctx.sim.control.state()).registrations.length;

Deno.test({
  name: "approval: automatic check-in off holds the door's guests until the host approves",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { code } = await stayOf(ctx, -1, false);
      const held = await checkInByLink(ctx, code);
      assert.equal(held.registrationState, "waiting", "on the stay's second day, still held");
      assert.equal(held.awaitingHost, true, "the guest's page says the host will confirm");

      // The arrival-day schedule does not send a held guest either.
      assert.equal(await queueArrivals(ctx.database.db, new Date()), 0);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      assert.equal(await registrations(ctx), 0, "nothing went to eVisitor");
      const [notice] = await ctx.database.db.select().from(userNotifications)
        .where(eq(userNotifications.template, "GuestAddedByGuest"));
      assert.equal(notice.placeholders.held, "true", "the notification offers the approval");

      const approve = () =>
        postWith(ctx.app, `/api/Reservations/${code}/approveGuests`, {
          guestIds: [held.id],
        }, ctx.token);
      const res = await approve();
      assert.equal(res.status, 200, await res.clone().text());
      assert.deepEqual(await res.json(), { approved: 1 });
      const registered = await guestOf(ctx, code, (g) => g.status === "CheckedIn", "registered");
      assert.equal(registered.id, held.id);
      assert.equal(await registrations(ctx), 1, "registered once approved");
      assert.deepEqual(await (await approve()).json(), { approved: 0 }, "a second tap: nothing");

      const publicView = await (await ctx.app.request(`/api/Reservations/${code}`)).json();
      assert.equal(publicView.guests[0].awaitingHost, false);
    }),
});

Deno.test({
  name: "approval: automatic check-in on sends the guest at once from the arrival day",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { code } = await stayOf(ctx, 0, true);
      const guest = await checkInByLink(ctx, code);
      assert.notEqual(guest.registrationState, "waiting");
      assert.equal(guest.awaitingHost, false);
      await guestOf(ctx, code, (g) => g.status === "CheckedIn", "registered without approval");
      const res = await postWith(ctx.app, `/api/Reservations/${code}/approveGuests`, {
        guestIds: [guest.id],
      }, ctx.token);
      assert.deepEqual(await res.json(), { approved: 0 }, "nothing was held");
    }),
});

Deno.test({
  name: "approval: early guests wait for the arrival day, held ones also for the host",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { code, propertyId } = await stayOf(ctx, 3, true);
      const early = await checkInByLink(ctx, code);
      assert.equal(early.registrationState, "waiting");
      assert.equal(early.awaitingHost, false, "automatic: not held, only early");
      await ctx.database.db.update(properties).set({ automaticCheckIn: false })
        .where(eq(properties.id, propertyId));
      const held = await checkInByLink(ctx, code, {
        ...BIRGITTE,
        firstName: "Ivo",
        surname: "Bašić",
        documentNumber: "AB1234567",
      });
      assert.equal(held.awaitingHost, true);

      const arrival = new Date(Date.now() + 3 * 86_400_000);
      const { db } = ctx.database;
      assert.equal(await queueArrivals(db, arrival), 0, "off now, and the other one is held");
      const res = await postWith(ctx.app, `/api/Reservations/${code}/approveGuests`, {
        guestIds: [early.id, held.id],
      }, ctx.token);
      assert.deepEqual(await res.json(), { approved: 1 });
      const [row] = await db.select().from(guests).where(eq(guests.id, held.id));
      assert.equal(row.registrationState, "waiting", "approved before arrival: sent on the day");
      assert.equal(await queueArrivals(db, new Date()), 0, "not before the arrival day");
      assert.equal(await queueArrivals(db, arrival), 1, "the approved guest, on the arrival day");
      const [queued] = await db.select().from(guests).where(eq(guests.id, held.id));
      assert.equal(queued.registrationState, "queued");
    }),
});

Deno.test({
  name: "approval: guests the host enters are not held",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { code } = await stayOf(ctx, -1, false);
      const res = await postWith(ctx.app, "/api/Guests/checkin", [{
        reservationCode: code,
        guest: BIRGITTE,
      }], ctx.token);
      assert.equal(res.status, 200, await res.clone().text());
      assert.equal((await res.json())[0].registrationState, "queued");
      await guestOf(ctx, code, (g) => g.status === "CheckedIn", "registered at once");
      assert.equal((await hostView(ctx, code)).guests.length, 1);
    }),
});

Deno.test({
  name: "approval: the host's e-mail about a held guest carries an approve link that works once",
  ...REAL_SERVERS,
  fn: () =>
    withPipeline(async ({ app, database, smtp }) => {
      const { db } = database;
      const userId = await createHost(app, db, { email: "ana@example.com" });
      await seedMirroredAccount(db, userId, [demoFacility()]);
      const [unit] = await db.select().from(accommodationUnits).limit(1);
      const { accessToken } = await signIn(app, "ana@example.com");
      const today = todayIn(STAY_TIME_ZONE);
      const booked = await postWith(app, "/api/Reservations", {
        accommodationUnitId: unit.id,
        startDateUTC: noon(addDays(today, -1)),
        endDateUTC: noon(addDays(today, 2)),
      }, accessToken);
      assert.equal(booked.status, 200);
      const checkedIn = await app.request(postJson("/api/Reservations/Guests", {
        accommodationUnitCode: unit.code,
        reservationGuests: [BIRGITTE],
      }));
      assert.equal(checkedIn.status, 200, await checkedIn.clone().text());

      const mail = await smtp.waitForMail((m) => /čeka vaše odobrenje/.test(m.subject ?? ""));
      assert.match(mail.text ?? "", /Automatska prijava je isključena/);
      const link = /Odobri goste: (http:\/\/prijavko\.test\/app\/odobri-goste#([\w-]{43}))/
        .exec(mail.text ?? "");
      assert.ok(link, mail.text);
      assert.match(mail.html || "", /odobri-goste#/);

      const used = await app.request(approveByLink(link[2]));
      assert.equal(used.status, 200, await used.clone().text());
      assert.deepEqual(await used.json(), { approved: 1 });
      const [row] = await db.select().from(guests);
      assert.equal(row.registrationState, "queued", "on its way to eVisitor");
      const again = await app.request(approveByLink(link[2]));
      assert.equal(again.status, 400);
      assert.equal((await again.json()).code, "InvalidToken", "the link works once");
    }),
});

Deno.test({
  name: "approval: guests of one stay checking in within minutes get one e-mail, which waits",
  ...REAL_SERVERS,
  fn: () =>
    withPipeline(async ({ app, database, smtp }) => {
      const { db } = database;
      const userId = await createHost(app, db, { email: "ana@example.com" });
      await seedMirroredAccount(db, userId, [demoFacility()]);
      const [unit] = await db.select().from(accommodationUnits).limit(1);
      const { accessToken } = await signIn(app, "ana@example.com");
      const today = todayIn(STAY_TIME_ZONE);
      const booked = await postWith(app, "/api/Reservations", {
        accommodationUnitId: unit.id,
        startDateUTC: noon(addDays(today, -1)),
        endDateUTC: noon(addDays(today, 2)),
      }, accessToken);
      assert.equal(booked.status, 200);
      // A party at the door, one by one, within the burst (300 ms in tests).
      const ivo = { ...BIRGITTE, firstName: "Ivo", surname: "Bašić", documentNumber: "AB1234567" };
      for (const guest of [BIRGITTE, ivo]) {
        const res = await app.request(postJson("/api/Reservations/Guests", {
          accommodationUnitCode: unit.code,
          reservationGuests: [guest],
        }));
        assert.equal(res.status, 200, await res.clone().text());
      }
      const mail = await smtp.waitForMail((m) => /čekaju vaše odobrenje/.test(m.subject ?? ""));
      const text = mail.text ?? "";
      assert.doesNotMatch(mail.subject ?? "", /Novi gost/, "nothing went to eVisitor");
      assert.match(text, /u eVisitor još ništa nije poslano/);
      assert.ok(text.includes("B. R. (Danska), I. B. (Danska)"), text);
      assert.doesNotMatch(text, /Nije moj gost:/, "the page, not a second link, drops a guest");
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const about = smtp.messages.filter((m) => /odobrenje|Novi gost/.test(m.subject ?? ""));
      assert.equal(about.length, 1, "one e-mail for the stay's burst");
    }),
});
