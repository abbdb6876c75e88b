/**
 * Issue 17, M2: a purchase gives exactly what was paid for. A host with 12 months of Basic who
 * paid one month of Premium used to get 13 months of Premium (the month was added to Basic's end
 * and the whole time switched to Premium). Basic's time left is now converted by value.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { SubscriptionStatus } from "@shared/enums.ts";
import { subscriptions } from "@core/db/schema/billing.ts";
import { createAdmin, createHost, getWith, postWith, signIn } from "../support/accounts.ts";
import { withTestApp } from "../support/app.ts";

const NOW = new Date("2026-11-21T09:00:00Z");
const DAY_MS = 24 * 60 * 60 * 1000;

Deno.test("12 months of Basic plus 1 paid month of Premium is not 13 months of Premium", () =>
  withTestApp(async ({ app, db }) => {
    const hostId = await createHost(app, db, { email: "ana@example.com" });
    // No trial left, so the only time carried is the Basic year the host paid for.
    await db.update(subscriptions).set({ status: SubscriptionStatus.Expired, endAt: NOW })
      .where(eq(subscriptions.userId, hostId));
    await createAdmin(db);
    const host = (await signIn(app, "ana@example.com")).accessToken;
    const admin = (await signIn(app, "admin@example.com")).accessToken;
    const buy = async (packageId: string, months: number) => {
      const res = await getWith(
        app,
        `/api/Subscriptions/createPurchaseRequest?packageId=${packageId}&subscriptionLength=${months}`,
        host,
      );
      const { purchaseRequestId } = await res.json();
      const paid = await postWith(
        app,
        "/api/Subscriptions/markAsPaid",
        { purchaseRequestId },
        admin,
      );
      assert.equal(paid.status, 200);
      return (await paid.json()).subscription;
    };

    const basic = await buy("basic", 12);
    assert.equal(basic.endDateUtc, "2027-11-21T09:00:00.000Z");
    const premium = await buy("premium", 1);
    assert.equal(premium.packageName, "Premium");
    assert.notEqual(premium.endDateUtc, "2027-12-21T09:00:00.000Z", "the old 13 months");

    // 365 days of Basic at 9,90 € a month are worth 90.56 days of Premium at 39,90 €; the paid
    // month follows them.
    assert.equal(premium.endDateUtc, "2027-03-19T22:32:01.804Z");
    const premiumDays = (Date.parse(premium.endDateUtc) - NOW.getTime()) / DAY_MS;
    assert.ok(premiumDays < 365 * 990 / 3990 + 31, `${premiumDays} days of Premium`);
  }, { now: NOW }));

/**
 * Issue 32, item 10: paying during the trial used to convert the trial's days left by value, so
 * one month of Premium bought in a Pro trial ended two weeks before the trial would have. The
 * trial's days are now kept in full on top of what is bought, and they stay day for day: buying
 * Premium in the trial and converting it down to Basic must not turn them into four times as many
 * days of Basic, and two payments recorded at once must not both keep them.
 */
Deno.test("paying during the trial keeps its days in full, once, and never multiplies them", () =>
  withTestApp(async ({ app, db, clock }) => {
    await createHost(app, db, { email: "ana@example.com" }); // a 3-month Pro trial from NOW
    await createAdmin(db);
    clock.advanceMinutes(14 * 24 * 60); // two weeks into the trial
    const host = (await signIn(app, "ana@example.com")).accessToken;
    const admin = (await signIn(app, "admin@example.com")).accessToken;
    const order = async (packageId: string, months: number) => {
      const res = await getWith(
        app,
        `/api/Subscriptions/createPurchaseRequest?packageId=${packageId}&subscriptionLength=${months}`,
        host,
      );
      assert.equal(res.status, 200);
      return await res.json();
    };
    const pay = async (purchaseRequestId: string) => {
      const paid = await postWith(
        app,
        "/api/Subscriptions/markAsPaid",
        { purchaseRequestId },
        admin,
      );
      assert.equal(paid.status, 200);
      return (await paid.json()).subscription;
    };
    const trialEnd = "2027-02-21T09:00:00.000Z";

    const first = await order("premium", 1);
    const second = await order("premium", 6);
    // The preview says the trial's days are kept: as many days of Premium as are left.
    const preview = first.resultingPeriod;
    assert.equal(preview.carriedOver.isTrial, true);
    assert.equal(preview.carriedOver.keptDays, preview.carriedOver.remainingDays);
    assert.equal(preview.carriedOver.convertedDays, preview.carriedOver.remainingDays);
    assert.equal(preview.paidFromUtc, trialEnd);

    // Both orders paid at once: the first keeps the trial, the second follows it, no trial twice.
    const [a, b] = await Promise.all([
      pay(first.purchaseRequestId),
      pay(second.purchaseRequestId),
    ]);
    const end = [a.endDateUtc, b.endDateUtc].sort().at(-1);
    assert.equal(end, "2027-09-21T09:00:00.000Z", "trial end + 1 month + 6 months");
    const now = await getWith(app, "/api/Subscriptions/current", host);
    const current = await now.json();
    assert.equal(current.packageName, "Premium");
    assert.equal(current.isTrial, false);
    assert.equal(current.trialKeptUntilUtc, trialEnd);

    // Converting Premium down to Basic: the 78 kept trial days stay 78 days, only the seven paid
    // months of Premium become (about four times as many) days of Basic.
    const basic = await order("basic", 1);
    assert.equal(basic.resultingPeriod.carriedOver.keptDays, 78);
    const after = await pay(basic.purchaseRequestId);
    const daysOfBasic = (Date.parse(after.endDateUtc) - clock.now().getTime()) / DAY_MS;
    const paidPremiumDays = (Date.parse(end!) - Date.parse(trialEnd)) / DAY_MS; // 89
    const beforeMonth = 78 + paidPremiumDays * 3990 / 990; // then one calendar month of Basic
    assert.ok(
      daysOfBasic > beforeMonth + 27 && daysOfBasic < beforeMonth + 32,
      `${daysOfBasic} days of Basic, ${beforeMonth} before the paid month`,
    );
    assert.ok(
      daysOfBasic < (78 + paidPremiumDays) * 3990 / 990,
      "the kept trial days were not converted into four times as many",
    );
  }, { now: NOW }));
