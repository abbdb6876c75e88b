import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { NOTIFICATION_TEMPLATES } from "@shared/notification-templates.ts";
import { users } from "@core/db/schema/users.ts";
import { createNotification } from "@core/services/notifications/create-notification.ts";
import { createHost, userIdOf } from "../support/accounts.ts";
import { REAL_SERVERS, withPipeline } from "../support/pipeline.ts";

Deno.test({
  name:
    "an important notification reaches the host by e-mail once, in their language, without guest names",
  ...REAL_SERVERS,
  fn: () =>
    withPipeline(async ({ app, database, smtp }) => {
      const { db } = database;
      await createHost(app, db, { email: "ana@example.com" });
      const userId = await userIdOf(db, "ana@example.com");
      const notify = () =>
        createNotification(db, userId, NOTIFICATION_TEMPLATES.guestRegistrationFailed, {
          dedupeKey: "guest-registration-failed:g1:1",
          placeholders: {
            accommodationUnit: "Apartman 1",
            reservationList: "Birgitte Rasmussen",
            code: "ABCD2345EF",
          },
          now: new Date(),
        });
      assert.equal(await notify(), true);
      assert.equal(await notify(), false, "the same notification is created once");
      const mail = await smtp.waitForMail((m) => /Prijava gosta/.test(m.subject ?? ""));
      assert.match(JSON.stringify(mail.to), /ana@example\.com/);
      assert.equal(mail.subject, "Prijava gosta nije uspjela: Apartman 1 – Prijavko");
      assert.match(mail.text ?? "", /boravak ABCD2345EF/);
      assert.match(mail.text ?? "", /http:\/\/prijavko\.test\/app\/gosti/);
      assert.doesNotMatch(mail.text ?? "", /Birgitte/, "no guest name in the e-mail");
    }),
});

Deno.test({
  name: "a host who turned e-mails off gets the notification in the app only",
  ...REAL_SERVERS,
  fn: () =>
    withPipeline(async ({ app, database, smtp }) => {
      const { db } = database;
      await createHost(app, db, { email: "ivo@example.com" });
      const userId = await userIdOf(db, "ivo@example.com");
      await db.update(users).set({ emailNotifications: false }).where(eq(users.id, userId));
      await createNotification(db, userId, NOTIFICATION_TEMPLATES.calendarConflict, {
        dedupeKey: "c1",
        placeholders: { accommodationUnit: "Soba 2", start: "2026-12-01", end: "2026-12-04" },
        now: new Date(),
      });
      // A second host with e-mails on, notified after: once theirs arrives, Ivo's would have too.
      await createHost(app, db, { email: "eva@example.com" });
      const eva = await userIdOf(db, "eva@example.com");
      await createNotification(db, eva, NOTIFICATION_TEMPLATES.calendarConflict, {
        dedupeKey: "c2",
        placeholders: { accommodationUnit: "Soba 3", start: "2026-12-01", end: "2026-12-04" },
        now: new Date(),
      });
      await smtp.waitForMail((m) =>
        JSON.stringify(m.to).includes("eva@example.com") &&
        /Preklapanje/.test(m.subject ?? "")
      );
      assert.ok(
        !smtp.messages.some((m) =>
          JSON.stringify(m.to).includes("ivo@example.com") &&
          /Preklapanje/.test(m.subject ?? "")
        ),
      );
    }),
});
