import assert from "node:assert/strict";
import { isNull } from "drizzle-orm";
import { outbox } from "@core/db/schema/outbox.ts";
import { postJson } from "../support/app.ts";
import { REAL_SERVERS, withPipeline } from "../support/pipeline.ts";
import { sleep, waitFor } from "../support/wait.ts";

const message = (firstName: string) => ({
  firstName,
  lastName: "Babić",
  email: "ivan.babic@example.com",
  message: "Poruka dok NATS ne radi.",
  honeyPotEmail: "",
});

Deno.test({
  name:
    "events written while NATS is down wait in the outbox and are delivered once when it returns",
  ...REAL_SERVERS,
  fn: () =>
    withPipeline(async ({ app, smtp, nats, database }) => {
      const unpublished = () => database.db.select().from(outbox).where(isNull(outbox.publishedAt));

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
      assert.equal((await unpublished()).length, 2, "both events wait while NATS is down");

      // NATS returns with its stream files: everything goes out, exactly once.
      await nats.start();
      await smtp.waitForMail((m) => m.subject === "Kontakt obrazac: Tijekom Babić", 30_000);
      await smtp.waitForMail((m) => m.subject === "Kontakt obrazac: Opet Babić", 30_000);
      await waitFor(async () => (await unpublished()).length === 0, {
        what: "the outbox to drain",
      });
      await sleep(500);
      assert.deepEqual(smtp.messages.map((m) => m.subject).sort(), [
        "Kontakt obrazac: Opet Babić",
        "Kontakt obrazac: Prije Babić",
        "Kontakt obrazac: Tijekom Babić",
      ]);
    }),
});
