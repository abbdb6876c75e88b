import assert from "node:assert/strict";
import { contactMessages } from "../../api/db/schema/contact-messages.ts";
import { outbox } from "../../api/db/schema/outbox.ts";
import { createTestApp, postJson } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { startNatsServer } from "../support/nats-server.ts";
import { startSmtp } from "../support/smtp.ts";
import { startTestWorkers, SUPPORT_EMAIL } from "../support/workers.ts";
import { sleep, waitFor } from "../support/wait.ts";

Deno.test({
  name: "a contact message reaches support by e-mail through the outbox, NATS and the worker",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const database = await createTestDatabase();
    const nats = await startNatsServer();
    const smtp = await startSmtp();
    const workers = await startTestWorkers({ db: database.db, natsUrl: nats.url, smtpUrl: smtp.url });
    try {
      const app = createTestApp({ db: database.db });
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
    } finally {
      await workers.stop();
      await smtp.stop();
      await nats.dispose();
      await database.dispose();
    }
  },
});

Deno.test({
  name: "a contact event delivered twice sends one e-mail",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const database = await createTestDatabase();
    const nats = await startNatsServer();
    const smtp = await startSmtp();
    const workers = await startTestWorkers({ db: database.db, natsUrl: nats.url, smtpUrl: smtp.url });
    try {
      const app = createTestApp({ db: database.db });
      await app.request(postJson("/api/Support/contact-form", {
        firstName: "Luka",
        lastName: "Novak",
        email: "luka@example.com",
        message: "Dvaput?",
      }));
      await smtp.waitForMail((m) => m.subject === "Kontakt obrazac: Luka Novak");
      // Publish the very same event again, past JetStream's msgID de-duplication.
      const [event] = await database.db.select().from(outbox);
      const nc = workers.nats.connection()!;
      const { jetstream } = await import("@nats-io/jetstream");
      await jetstream(nc).publish(event.subject, JSON.stringify({
        id: event.id,
        subject: event.subject,
        version: event.version,
        occurredAt: event.occurredAt.toISOString(),
        payload: event.payload,
      }), { msgID: `${event.id}-again` });
      await sleep(800);
      assert.equal(smtp.messages.length, 1);
    } finally {
      await workers.stop();
      await smtp.stop();
      await nats.dispose();
      await database.dispose();
    }
  },
});
