/**
 * Issue 20 item 5: a walk-in's stay request reaches the host by e-mail through the outbox and the
 * notifications worker (never inside the request), with a single-use link that confirms or
 * declines it; the guest's device sees the answer.
 */
import assert from "node:assert/strict";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { addDays, todayIn } from "@shared/local-date.ts";
import { STAY_TIME_ZONE } from "@shared/time-zone.ts";
import { createHost } from "../support/accounts.ts";
import { postJson } from "../support/app.ts";
import { demoFacility, seedMirroredAccount } from "../support/properties.ts";
import { REAL_SERVERS, withPipeline } from "../support/pipeline.ts";

Deno.test({
  name: "walk-in: the host's e-mail carries a confirm-or-decline link that works once",
  ...REAL_SERVERS,
  fn: () =>
    withPipeline(async ({ app, database, smtp }) => {
      const { db } = database;
      const userId = await createHost(app, db, { email: "ana@example.com" });
      await seedMirroredAccount(db, userId, [demoFacility()]);
      const [unit] = await db.select().from(accommodationUnits).limit(1);
      const endDate = addDays(todayIn(STAY_TIME_ZONE), 3);
      const asked = await app.request(postJson("/api/StayRequests", {
        accommodationUnitCode: unit.code,
        endDate,
        guestCount: 2,
        name: "Marko Gost",
      }));
      assert.equal(asked.status, 201, await asked.clone().text());
      const { token } = await asked.json();

      const mail = await smtp.waitForMail((m) => /traži boravak/.test(m.subject ?? ""));
      assert.match(JSON.stringify(mail.to), /ana@example\.com/);
      assert.match(mail.text ?? "", /za 2 osobe \(Marko Gost\)/);
      const link = /Potvrdi ili odbij: (http:\/\/prijavko\.test\/app\/zahtjev-boravka#([\w-]{43}))/
        .exec(mail.text ?? "");
      assert.ok(link, mail.text);
      assert.match(mail.html || "", /zahtjev-boravka#/);

      const answer = (decision: string) =>
        app.request(postJson("/api/StayRequests/answer", { token: link[2], decision }));
      const confirmed = await answer("confirm");
      assert.equal(confirmed.status, 200, await confirmed.clone().text());
      assert.equal((await confirmed.json()).state, "Confirmed");
      const again = await answer("decline");
      assert.equal(again.status, 400);
      assert.equal((await again.json()).code, "InvalidToken", "the link works once");

      const status = await app.request("/api/StayRequests/Status", {
        headers: { "Stay-Request-Token": token },
      });
      assert.equal((await status.json()).state, "Confirmed", "the guest's device sees it");
      const door = await app.request(`/api/Reservations/Current/${unit.code}`);
      assert.equal(door.status, 200, "the door admits the confirmed stay");
      assert.equal((await door.json()).endDate, endDate);
    }),
});
