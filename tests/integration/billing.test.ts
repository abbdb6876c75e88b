import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { PurchaseRequestStatus, SubscriptionStatus } from "@shared/enums.ts";
import { purchaseRequests, subscriptions } from "@core/db/schema/billing.ts";
import { userNotifications } from "@core/db/schema/user-notifications.ts";
import { users } from "@core/db/schema/users.ts";
import { BILLING_DAILY, runBillingDay } from "../../workers/billing/billing-daily.ts";
import { scheduleMarks } from "@core/db/schema/schedule-marks.ts";
import { todayIn } from "@shared/local-date.ts";
import { createAdmin, createHost, getWith, postWith, signIn } from "../support/accounts.ts";
import { DEMO_HOST } from "../support/evisitor-sim.ts";
import {
  accountsOf,
  connectDemoAccount,
  propertiesOf,
  withEVisitorPipeline,
} from "../support/evisitor-pipeline.ts";
import { pdfText } from "../support/pdf417.ts";
import { REAL_SERVERS, withPipeline } from "../support/pipeline.ts";
import { waitFor } from "../support/wait.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

Deno.test({
  name:
    "mark as paid: the host gets the confirmation by e-mail (even with e-mails off) and a receipt PDF with the amount",
  ...REAL_SERVERS,
  fn: () =>
    withPipeline(async ({ app, database, smtp }) => {
      const { db } = database;
      const hostId = await createHost(app, db, { email: "ana@example.com" });
      await db.update(users).set({ emailNotifications: false }).where(eq(users.id, hostId));
      await createAdmin(db);
      const host = (await signIn(app, "ana@example.com")).accessToken;
      const admin = (await signIn(app, "admin@example.com")).accessToken;
      const order = await getWith(
        app,
        "/api/Subscriptions/createPurchaseRequest?packageId=premium&subscriptionLength=6",
        host,
      );
      const { purchaseRequestId, finalPrice } = await order.json();
      assert.equal(finalPrice, 215.46); // 39.90 − 10 % = 35.91 a month × 6

      const res = await postWith(
        app,
        "/api/Subscriptions/markAsPaid",
        { purchaseRequestId },
        admin,
      );
      assert.equal(res.status, 200, await res.clone().text());
      const paid = await res.json();

      const mail = await smtp.waitForMail((m) =>
        JSON.stringify(m.to).includes("ana@example.com") && /Premium/.test(m.subject ?? "")
      );
      assert.equal(mail.subject, "Pretplata Premium je aktivna – Prijavko");
      assert.match(mail.text ?? "", new RegExp(`Račun br\\. ${paid.receiptNumber}`));
      assert.match(mail.text ?? "", /http:\/\/prijavko\.test\/app\/pretplata/);

      const pdf = await getWith(app, `/api/Subscriptions/receipt/${paid.receiptId}`, host);
      assert.equal(pdf.status, 200);
      const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
      assert.match(text, /215,46 €/);
      assert.match(text, new RegExp(`Račun br\\. ${paid.receiptNumber}`));
      assert.match(text, /Prijavko Premium, pretplata 6 mj\./);
    }),
});

Deno.test({
  name:
    "the billing day expires ended subscriptions and stale requests and warns a week ahead, once, by e-mail",
  ...REAL_SERVERS,
  fn: () =>
    withPipeline(async ({ app, database, smtp }) => {
      const { db } = database;
      const now = new Date();
      // The worker claims today's run when it starts; wait for it, so it cannot run the day
      // again on the data set up below and take this test's findings.
      await waitFor(async () => {
        const [mark] = await db.select().from(scheduleMarks)
          .where(eq(scheduleMarks.name, BILLING_DAILY));
        return mark?.lastRunOn === todayIn("Europe/Zagreb", now);
      }, { what: "the worker's own billing day" });
      const ending = await createHost(app, db, { email: "ending@example.com" });
      const ended = await createHost(app, db, { email: "ended@example.com" });
      const fine = await createHost(app, db, { email: "fine@example.com" });
      await db.update(subscriptions).set({ endAt: new Date(now.getTime() + 5 * DAY_MS) })
        .where(eq(subscriptions.userId, ending));
      await db.update(subscriptions).set({ endAt: new Date(now.getTime() - DAY_MS) })
        .where(eq(subscriptions.userId, ended));
      const token = (await signIn(app, "fine@example.com")).accessToken;
      const old = await (await getWith(
        app,
        "/api/Subscriptions/createPurchaseRequest?packageId=basic&subscriptionLength=1",
        token,
      )).json();
      const recent = await (await getWith(
        app,
        "/api/Subscriptions/createPurchaseRequest?packageId=pro&subscriptionLength=1",
        token,
      )).json();
      await db.update(purchaseRequests)
        .set({ createdAt: new Date(now.getTime() - 31 * DAY_MS) })
        .where(eq(purchaseRequests.id, old.purchaseRequestId));

      const day = await runBillingDay(db, now);
      assert.deepEqual(day, { expired: 1, warned: 1, requestsExpired: 1 });
      assert.deepEqual(await runBillingDay(db, now), { expired: 0, warned: 0, requestsExpired: 0 });

      const statusOf = async (userId: string) =>
        (await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0].status;
      assert.equal(await statusOf(ended), SubscriptionStatus.Expired);
      assert.equal(await statusOf(ending), SubscriptionStatus.Active);
      assert.equal(await statusOf(fine), SubscriptionStatus.Active);
      const requestStatus = async (id: string) =>
        (await db.select().from(purchaseRequests).where(eq(purchaseRequests.id, id)))[0].status;
      assert.equal(await requestStatus(old.purchaseRequestId), PurchaseRequestStatus.Expired);
      assert.equal(await requestStatus(recent.purchaseRequestId), PurchaseRequestStatus.Pending);

      // The host's confirmation e-mail may arrive first; wait for the warning itself.
      const warning = await smtp.waitForMail((m) =>
        JSON.stringify(m.to).includes("ending@example.com") && /uskoro/.test(m.subject ?? "")
      );
      assert.equal(warning.subject, "Pretplata uskoro istječe – Prijavko");
      assert.match(warning.text ?? "", /Probno razdoblje istječe/);
      const expiry = await smtp.waitForMail((m) =>
        JSON.stringify(m.to).includes("ended@example.com") && /istekla/.test(m.subject ?? "")
      );
      assert.match(expiry.text ?? "", /gosti postojećih rezervacija mogu se prijaviti/);
      // The host whose plan runs on heard only how to pay the two orders, nothing of expiry.
      const notices = await db.select().from(userNotifications)
        .where(eq(userNotifications.userId, fine));
      assert.deepEqual(notices.map((n) => n.template), ["PurchaseRequested", "PurchaseRequested"]);
    }),
});

Deno.test({
  name: "provisioning on Basic mirrors one property with one unit and says why the rest is missing",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { db } = ctx.database;
      const [ana] = await db.select().from(users).where(eq(users.email, "ana@example.com"));
      await createAdmin(db);
      const admin = (await signIn(ctx.app, "admin@example.com")).accessToken;
      const assigned = await postWith(ctx.app, "/api/Subscriptions/assign", {
        userId: ana.id,
        packageId: "basic",
        subscriptionLength: 1,
      }, admin);
      assert.equal(assigned.status, 200);
      const state = await ctx.sim.control.state();
      const demo = state.hosts.find((h) => h.username === DEMO_HOST.username)!;
      assert.ok(demo.facilities.length >= 2, "the demo account has more than Basic allows");

      await connectDemoAccount(ctx);
      const properties = await propertiesOf(ctx);
      assert.equal(properties.length, 1);
      assert.equal(properties[0].accommodationUnits.length, 1);
      const [account] = await accountsOf(ctx);
      assert.equal(account.lastError, "plan-limit");
      const [notice] = await db.select().from(userNotifications).where(and(
        eq(userNotifications.userId, ana.id),
        eq(userNotifications.template, "PlanLimitReached"),
      ));
      assert.deepEqual(notice.placeholders, {
        limit: "maxProperties",
        count: String(demo.facilities.length - 1),
      });
    }),
});
