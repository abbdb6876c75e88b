import assert from "node:assert/strict";
import { feedback } from "@core/db/schema/feedback.ts";
import { createHost, postWith, signIn } from "../support/accounts.ts";
import { REAL_SERVERS, withPipeline } from "../support/pipeline.ts";
import { SUPPORT_EMAIL } from "../support/workers.ts";
import { sleep, waitFor } from "../support/wait.ts";

Deno.test({
  name: "a host's feedback reaches support by e-mail through the outbox, NATS and the worker",
  ...REAL_SERVERS,
  fn: () =>
    withPipeline(async ({ app, smtp, database }) => {
      await createHost(app, database.db, { email: "vesna@example.com" });
      const { accessToken } = await signIn(app, "vesna@example.com");
      const res = await postWith(app, "/api/Support/feedback", {
        category: "problem",
        rating: 2,
        text: "Kalendar s Bookinga kasni\nsat vremena.",
      }, accessToken);
      assert.equal(res.status, 200);

      const mail = await smtp.waitForMail((m) =>
        m.subject === "Povratne informacije: problem, 2/5"
      );
      assert.equal(mail.to && !Array.isArray(mail.to) ? mail.to.text : undefined, SUPPORT_EMAIL);
      assert.equal(mail.replyTo?.text, "vesna@example.com");
      assert.match(mail.text ?? "", /Kalendar s Bookinga kasni\nsat vremena\./);

      const [stored] = await waitFor(async () => {
        const rows = await database.db.select().from(feedback);
        return rows[0]?.emailedAt ? rows : undefined;
      }, { what: "the feedback to be marked as e-mailed" });
      assert.ok(stored.emailedAt);
      await sleep(300);
      assert.equal(
        smtp.messages.filter((m) => m.subject?.startsWith("Povratne informacije")).length,
        1,
        "exactly one e-mail",
      );
    }),
});
