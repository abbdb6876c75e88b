import assert from "node:assert/strict";
import { isNull } from "drizzle-orm";
import { outbox } from "../../api/db/schema/outbox.ts";
import { createTestApp, postJson } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { startNatsServer } from "../support/nats-server.ts";
import { startSmtp } from "../support/smtp.ts";
import { startTestWorkers } from "../support/workers.ts";
import { sleep, waitFor } from "../support/wait.ts";

const message = (firstName: string) => ({
  firstName,
  lastName: "Babić",
  email: "ivan.babic@example.com",
  message: "Poruka dok NATS ne radi.",
  honeyPotEmail: "",
});

Deno.test({
  name: "events written while NATS is down wait in the outbox and are delivered once when it returns",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const database = await createTestDatabase();
    const nats = await startNatsServer();
    const smtp = await startSmtp();
    const workers = await startTestWorkers({ db: database.db, natsUrl: nats.url, smtpUrl: smtp.url });
    const app = createTestApp({ db: database.db });
    try {
      // The pipeline works before the outage...
      await app.request(postJson("/api/Support/contact-form", message("Prije")));
      await smtp.waitForMail((m) => m.subject === "Kontakt obrazac: Prije Babić");

      // ...NATS goes away, and the API still accepts messages.
      await nats.stop();
      for (const name of ["Tijekom", "Opet"]) {
        const res = await app.request(postJson("/api/Support/contact-form", message(name)));
        assert.equal(res.status, 200);
      }
      await sleep(700);
      const waiting = await database.db.select().from(outbox).where(isNull(outbox.publishedAt));
      assert.equal(waiting.length, 2, "both events wait in the outbox while NATS is down");

      // NATS returns with its stream files: everything goes out, exactly once.
      await nats.start();
      await smtp.waitForMail((m) => m.subject === "Kontakt obrazac: Tijekom Babić", 30_000);
      await smtp.waitForMail((m) => m.subject === "Kontakt obrazac: Opet Babić", 30_000);
      await waitFor(async () =>
        (await database.db.select().from(outbox).where(isNull(outbox.publishedAt))).length === 0, {
        what: "the outbox to drain",
      });
      await sleep(500);
      const subjects = smtp.messages.map((m) => m.subject).sort();
      assert.deepEqual(subjects, [
        "Kontakt obrazac: Opet Babić",
        "Kontakt obrazac: Prije Babić",
        "Kontakt obrazac: Tijekom Babić",
      ]);
    } finally {
      await workers.stop();
      await smtp.stop();
      await nats.dispose();
      await database.dispose();
    }
  },
});
