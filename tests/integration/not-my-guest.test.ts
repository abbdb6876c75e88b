/**
 * Issue 20 item 3: every guest who came in by a stay's link or the door is announced to the host
 * with "not my guest", which removes a guest not yet registered and cancels, through the
 * registration lifecycle, one eVisitor already has; the e-mailed link works once.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { userNotifications } from "@core/db/schema/user-notifications.ts";
import { guests } from "@core/db/schema/guests.ts";
import { newDisownToken } from "@core/services/guests/disown-guest.ts";
import { addDays, todayIn } from "@shared/local-date.ts";
import { STAY_TIME_ZONE } from "@shared/time-zone.ts";
import { createHost, postWith, signIn } from "../support/accounts.ts";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { demoFacility, seedMirroredAccount } from "../support/properties.ts";
import { withPipeline } from "../support/pipeline.ts";
import { postJson } from "../support/app.ts";
import { withEVisitorPipeline } from "../support/evisitor-pipeline.ts";
import { BIRGITTE } from "../support/guests.ts";
import { REAL_SERVERS } from "../support/pipeline.ts";
import { answersTo, guestOf, hostView, registeredStay } from "../support/registered-guest.ts";

const notMineByLink = (token: string) => postJson("/api/Guests/notMine", { token });

Deno.test({
  name: "not my guest: the e-mailed link cancels a registered guest in eVisitor, once",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { code, guest } = await registeredStay(ctx);
      const { db } = ctx.database;

      const [notice] = await db.select().from(userNotifications)
        .where(eq(userNotifications.template, "GuestAddedByGuest"));
      assert.ok(notice, "the host was told of the guest who came in by the link");
      assert.equal(notice.placeholders.guestId, guest.id);
      assert.equal(notice.placeholders.initials, "B. R.");
      assert.equal(notice.placeholders.entrance, "link");
      assert.ok(!JSON.stringify(notice.placeholders).includes("Rasmussen"));

      // What the notifications worker does as it writes the e-mail.
      const token = await db.transaction((tx) => newDisownToken(tx, guest.id, new Date()));
      assert.ok(token);
      const res = await ctx.app.request(notMineByLink(token));
      assert.equal(res.status, 200, await res.clone().text());
      assert.deepEqual(await res.json(), { outcome: "cancelling" });

      const cancelled = await guestOf(ctx, code, (g) => g.status === "Cancelled", "cancelled");
      assert.equal(cancelled.id, guest.id);
      const [registration] = (await ctx.sim.control.state()).registrations;
      assert.equal(registration.status, "cancelled");
      assert.equal(registration.cancelReason, "Nije gost domaćina: upisan bez njegova znanja");
      assert.deepEqual(await answersTo(ctx, "CancelTouristCheckIn"), [200]);

      const publicView = await (await ctx.app.request(`/api/Reservations/${code}`)).json();
      assert.equal(publicView.guestCount, 0, "gone from the stay's page and its room");

      const again = await ctx.app.request(notMineByLink(token));
      assert.equal(again.status, 400);
      assert.equal((await again.json()).code, "InvalidToken", "the link works once");
    }),
});

Deno.test({
  name: "not my guest: the app's button removes a guest not registered yet",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { code, unitId } = await registeredStay(ctx);
      const today = todayIn(STAY_TIME_ZONE);
      // A later stay: its guests wait for the arrival day, nothing goes to eVisitor yet.
      const later = await postWith(ctx.app, "/api/Reservations", {
        accommodationUnitId: unitId,
        startDateUTC: `${addDays(today, 10)}T12:00:00.000Z`,
        endDateUTC: `${addDays(today, 12)}T12:00:00.000Z`,
      }, ctx.token);
      const laterCode = (await later.json()).code;
      const checkedIn = await ctx.app.request(postJson("/api/Reservations/Guests", {
        reservationCode: laterCode,
        reservationGuests: [{ ...BIRGITTE, firstName: "Ivo", surname: "Bašić" }],
      }));
      assert.equal(checkedIn.status, 200);
      const [waiting] = (await checkedIn.json()).guests;
      assert.equal(waiting.registrationState, "waiting");

      const res = await postWith(ctx.app, `/api/Guests/${waiting.id}/notMine`, {}, ctx.token);
      assert.equal(res.status, 200, await res.clone().text());
      assert.deepEqual(await res.json(), { outcome: "removed" });
      assert.equal((await hostView(ctx, laterCode)).guests.length, 0);
      const rows = await ctx.database.db.select().from(guests).where(eq(guests.id, waiting.id));
      assert.equal(rows.length, 0);
      assert.equal((await hostView(ctx, code)).guests.length, 1, "the other stay is untouched");
      assert.equal(
        (await postWith(ctx.app, `/api/Guests/${waiting.id}/notMine`, {}, ctx.token)).status,
        404,
      );
    }),
});

Deno.test({
  name: "not my guest: the host's e-mail about a guest at the door carries a link that works once",
  ...REAL_SERVERS,
  fn: () =>
    withPipeline(async ({ app, database, smtp }) => {
      const { db } = database;
      const userId = await createHost(app, db, { email: "ana@example.com" });
      // Automatic check-in on: a guest held for approval gets the approval e-mail instead,
      // whose page drops a guest (issue 32).
      await seedMirroredAccount(db, userId, [demoFacility()], { automaticCheckIn: true });
      const [unit] = await db.select().from(accommodationUnits).limit(1);
      const { accessToken } = await signIn(app, "ana@example.com");
      const today = todayIn(STAY_TIME_ZONE);
      const booked = await postWith(app, "/api/Reservations", {
        accommodationUnitId: unit.id,
        startDateUTC: `${addDays(today, -1)}T12:00:00.000Z`,
        endDateUTC: `${addDays(today, 2)}T12:00:00.000Z`,
      }, accessToken);
      assert.equal(booked.status, 200);
      const checkedIn = await app.request(postJson("/api/Reservations/Guests", {
        accommodationUnitCode: unit.code,
        reservationGuests: [BIRGITTE],
      }));
      assert.equal(checkedIn.status, 200, await checkedIn.clone().text());

      const mail = await smtp.waitForMail((m) => /Novi gost/.test(m.subject ?? ""));
      assert.match(mail.text ?? "", /Gost B\. R\. upisao se QR kodom na vratima/);
      assert.doesNotMatch(mail.text ?? "", /Birgitte|Rasmussen/, "initials only");
      const link = /Nije moj gost: (http:\/\/prijavko\.test\/app\/nije-moj-gost#([\w-]{43}))/
        .exec(mail.text ?? "");
      assert.ok(link, mail.text);
      assert.match(mail.html || "", /nije-moj-gost#/);

      const used = await app.request(notMineByLink(link[2]));
      assert.equal(used.status, 200, await used.clone().text());
      assert.deepEqual(await used.json(), { outcome: "removed" });
      assert.equal((await db.select().from(guests)).length, 0, "the guest is gone");
      const again = await app.request(notMineByLink(link[2]));
      assert.equal(again.status, 400);
      assert.equal((await again.json()).code, "InvalidToken");
    }),
});
