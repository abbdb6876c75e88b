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
