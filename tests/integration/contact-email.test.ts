import assert from "node:assert/strict";
import { jetstream } from "@nats-io/jetstream";
import { contactMessages } from "@core/db/schema/contact-messages.ts";
import { outbox } from "@core/db/schema/outbox.ts";
import { postJson } from "../support/app.ts";
import { REAL_SERVERS, withPipeline } from "../support/pipeline.ts";
import { SUPPORT_EMAIL } from "../support/workers.ts";
import { sleep, waitFor } from "../support/wait.ts";

Deno.test({
  name: "a contact message reaches support by e-mail through the outbox, NATS and the worker",
  ...REAL_SERVERS,
  fn: () =>
    withPipeline(async ({ app, smtp, database }) => {
      const res = await app.request(postJson("/api/Support/contact-form", {
        firstName: "Marija",
        lastName: "Horvat",
        email: "marija.horvat@example.com",
        message: "Kako povezati Booking.com kalendar?",
        honeyPotEmail: "",
      }));
      assert.equal(res.status, 200);

      const mail = await smtp.waitForMail((m) => m.subject === "Kontakt obrazac: Marija Horvat");
      assert.equal(mail.to && !Array.isArray(mail.to) ? mail.to.text : undefined, SUPPORT_EMAIL);
      assert.equal(mail.replyTo?.text, "marija.horvat@example.com");
      assert.match(mail.text ?? "", /Kako povezati Booking\.com kalendar\?/);

      const [stored] = await waitFor(async () => {
        const rows = await database.db.select().from(contactMessages);
        return rows[0]?.emailedAt ? rows : undefined;
      }, { what: "the message to be marked as e-mailed" });
      assert.ok(stored.emailedAt);
      const [event] = await database.db.select().from(outbox);
      assert.ok(event.publishedAt, "the outbox row is marked as published");

      await sleep(300);
      assert.equal(smtp.messages.length, 1, "exactly one e-mail");
    }),
});

Deno.test({
  name: "a contact event delivered twice sends one e-mail",
  ...REAL_SERVERS,
  fn: () =>
    withPipeline(async ({ app, smtp, database, workers }) => {
      await app.request(postJson("/api/Support/contact-form", {
        firstName: "Luka",
        lastName: "Novak",
        email: "luka@example.com",
        message: "Dvaput?",
      }));
      await smtp.waitForMail((m) => m.subject === "Kontakt obrazac: Luka Novak");
      // Publish the very same event again, past JetStream's msgID de-duplication.
      const [event] = await database.db.select().from(outbox);
      await jetstream(workers.nats.connection()!).publish(
        event.subject,
        JSON.stringify({
          id: event.id,
          subject: event.subject,
          version: event.version,
          occurredAt: event.occurredAt.toISOString(),
          payload: event.payload,
        }),
        { msgID: `${event.id}-again` },
      );
      await sleep(800);
      assert.equal(smtp.messages.length, 1);
    }),
});
