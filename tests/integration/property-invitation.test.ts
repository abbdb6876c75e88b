import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { subscriptions } from "@core/db/schema/billing.ts";
import { properties } from "@core/db/schema/properties.ts";
import { createHost, getWith, postWith, signIn } from "../support/accounts.ts";
import { REAL_SERVERS, withPipeline } from "../support/pipeline.ts";
import { demoFacility, seedMirroredAccount } from "../support/properties.ts";
import { TEST_PUBLIC_URL } from "../support/workers.ts";

Deno.test({
  name: "an invited co-host gets the link by e-mail, signs up with the address and joins",
  ...REAL_SERVERS,
  fn: () =>
    withPipeline(async ({ app, database: { db }, smtp }) => {
      const anaId = await createHost(app, db, { email: "ana@example.com" });
      await db.update(subscriptions).set({ packageId: "premium" })
        .where(eq(subscriptions.userId, anaId));
      await seedMirroredAccount(db, anaId, [demoFacility("fac-ana", "0034643")]);
      const [property] = await db.select().from(properties).where(eq(properties.userId, anaId));
      const ana = (await signIn(app, "ana@example.com")).accessToken;

      const invited = await postWith(app, `/api/Properties/${property.id}/members`, {
        email: "marko@example.com",
        role: "CoHost",
      }, ana);
      assert.equal(invited.status, 201, await invited.clone().text());

      // Ana's language is Croatian: so is the invitation.
      const mail = await smtp.waitForMail((m) =>
        JSON.stringify(m.to).includes("marko@example.com")
      );
      // Issue 32: it says who invited, to which property and in which role.
      assert.equal(
        mail.subject,
        `ana@example.com vas poziva u tim objekta ${property.name} – Prijavko`,
      );
      assert.ok(
        (mail.text ?? "").includes(
          `ana@example.com poziva vas da u Prijavku pomažete oko objekta „${property.name}” ` +
            "u ulozi: sudomaćin (",
        ),
        mail.text,
      );
      assert.match(mail.html || "", /Prihvati pozivnicu/);
      const match = /(http:\/\/prijavko\.test\/\S+)/.exec(mail.text ?? "");
      assert.ok(match);
      const link = new URL(match[1]);
      assert.equal(`${link.origin}${link.pathname}`, `${TEST_PUBLIC_URL}/app/pozivnica`);
      // The invited address rides in the fragment, for the sign-up form; never to a server.
      assert.equal(link.hash, "#email=marko%40example.com");
      const code = link.searchParams.get("code")!;

      await createHost(app, db, { email: "marko@example.com" });
      const marko = (await signIn(app, "marko@example.com")).accessToken;
      const accepted = await postWith(app, "/api/Properties/members/accept", { code }, marko);
      assert.equal(accepted.status, 200, await accepted.clone().text());
      const list = await getWith(app, "/api/Properties?PageNumber=1&PageSize=10", marko);
      assert.deepEqual(
        (await list.json()).items.map((p: { id: string; role: string }) => [p.id, p.role]),
        [[property.id, "CoHost"]],
      );
      // Used once.
      const again = await postWith(app, "/api/Properties/members/accept", { code }, marko);
      assert.equal(again.status, 400);
    }),
});
