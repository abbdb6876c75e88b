import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { PurchaseRequestStatus, SubscriptionStatus } from "@shared/enums.ts";
import { purchaseRequests, subscriptions } from "@core/db/schema/billing.ts";
import { reservations } from "@core/db/schema/reservations.ts";
import { userNotifications } from "@core/db/schema/user-notifications.ts";
import { createAdmin, createHost, getWith, postWith, signIn } from "../support/accounts.ts";
import { postJson, withTestApp } from "../support/app.ts";
import { BIRGITTE } from "../support/guests.ts";
import { pdfText, readPdf417 } from "../support/pdf417.ts";
import { seedMirroredAccount } from "../support/properties.ts";

const NOW = new Date("2026-11-21T09:00:00Z");
const DAY_MINUTES = 24 * 60;

type Ctx = Parameters<Parameters<typeof withTestApp>[0]>[0];

/** A host with a mirrored eVisitor account (a facility of four units) and an administrator. */
async function setup(ctx: Ctx, email = "ana@example.com") {
  const hostId = await createHost(ctx.app, ctx.db, { email });
  await seedMirroredAccount(ctx.db, hostId);
  await createAdmin(ctx.db);
  return {
    hostId,
    host: (await signIn(ctx.app, email)).accessToken,
    admin: (await signIn(ctx.app, "admin@example.com")).accessToken,
  };
}

async function json(res: Response, status = 200) {
  assert.equal(res.status, status, await res.clone().text());
  return await res.json();
}

async function codeOf(res: Response) {
  return (await res.json()).code;
}

async function firstProperty(ctx: Ctx, token: string) {
  const page = await json(await getWith(ctx.app, "/api/Properties?PageNumber=1&PageSize=5", token));
  return page.items[0] as { id: string; accommodationUnits: { id: string }[] };
}

const order = (ctx: Ctx, token: string, packageId: string, months: number) =>
  getWith(
    ctx.app,
    `/api/Subscriptions/createPurchaseRequest?packageId=${packageId}&subscriptionLength=${months}`,
    token,
  );

Deno.test("GET /api/Subscriptions lists the packages to anyone, prices in euros from cents", () =>
  withTestApp(async ({ app }) => {
    const packages = await json(await app.request("/api/Subscriptions"));
    assert.deepEqual(packages.map((p: { id: string }) => p.id), ["basic", "pro", "premium"]);
    const basic = packages[0];
    assert.equal(basic.basePrice, 9.9);
    assert.deepEqual(basic.availablePeriods, [
      { length: 1, price: 9.9, totalPrice: 9.9, discountPercent: 0, totalDiscount: 0 },
      { length: 6, price: 8.91, totalPrice: 53.46, discountPercent: 10, totalDiscount: 5.94 },
      { length: 12, price: 7.92, totalPrice: 95.04, discountPercent: 20, totalDiscount: 23.76 },
    ]);
    assert.deepEqual(basic.policy, {
      maxExternalAccounts: 1,
      maxProperties: 1,
      allowBulkImport: false,
      allowDataExport: false,
      allowApiAccess: false,
      maxUsersPerProperty: 1,
      maxBookingsPerMonth: 30,
      maxUnitsPerProperty: 1,
    });
    assert.equal(packages[1].policy.maxProperties, 5);
    assert.equal(packages[2].policy.maxProperties, null, "Premium: unlimited");
    const pro = await json(await app.request("/api/Subscriptions/packages/pro"));
    assert.equal(pro.name, "Pro");
    assert.equal((await app.request("/api/Subscriptions/packages/gold")).status, 404);
  }));

Deno.test("a new host is on the 3-month Pro trial; the admin list shows everyone's plan", () =>
  withTestApp(async (ctx) => {
    const { host, admin } = await setup(ctx);
    assert.equal((await ctx.app.request("/api/Subscriptions/current")).status, 401);
    const current = await json(await getWith(ctx.app, "/api/Subscriptions/current", host));
    assert.equal(current.packageName, "Pro");
    assert.equal(current.packageId, "pro");
    assert.equal(current.isTrial, true);
    assert.equal(current.isActive, true);
    assert.equal(current.status, SubscriptionStatus.Active);
    assert.equal(current.startDateUtc, NOW.toISOString());
    assert.equal(current.endDateUtc, "2027-02-21T09:00:00.000Z");
    assert.equal(current.daysRemaining, 92);
    assert.equal(current.policy.maxProperties, 5);

    const users = await json(
      await getWith(ctx.app, "/api/Users/list?PageNumber=1&PageSize=10&SortBy=email", admin),
    );
    const ana = users.items.find((u: { email: string }) => u.email === "ana@example.com");
    assert.deepEqual(ana.currentSubscription, {
      id: current.id,
      packageName: "Pro",
      startDateUtc: current.startDateUtc,
      endDateUtc: current.endDateUtc,
      status: SubscriptionStatus.Active,
      isTrial: true,
    });
  }, { now: NOW }));

Deno.test("createPurchaseRequest prices a period, answers a repeat with the same request, and refuses what is not sold", () =>
  withTestApp(async (ctx) => {
    const { host } = await setup(ctx);
    assert.equal(
      (await ctx.app.request(
        "/api/Subscriptions/createPurchaseRequest?packageId=pro&subscriptionLength=12",
      )).status,
      401,
    );
    const created = await json(await order(ctx, host, "pro", 12));
    assert.deepEqual({ ...created, purchaseRequestId: undefined }, {
      purchaseRequestId: undefined,
      purchaseName: "Prijavko Pro, 12 mj.",
      referenceCode: "2026-000001",
      status: PurchaseRequestStatus.Pending,
      length: 12,
      price: 19.9,
      totalPrice: 238.8,
      discountPercent: 20,
      discountAmount: 47.76,
      finalPrice: 191.04,
      resultingPeriod: {
        kind: "extend",
        packageName: "Pro",
        startDateUtc: "2026-11-21T09:00:00.000Z",
        paidFromUtc: "2027-02-21T09:00:00.000Z",
        endDateUtc: "2028-02-21T09:00:00.000Z",
        carriedOver: {
          packageName: "Pro",
          isTrial: true,
          currentEndDateUtc: "2027-02-21T09:00:00.000Z",
          remainingDays: 92,
          keptDays: 92,
          convertedDays: 92,
        },
      },
    });
    const again = await json(await order(ctx, host, "pro", 12));
    assert.equal(again.purchaseRequestId, created.purchaseRequestId, "no second request");
    const other = await json(await order(ctx, host, "basic", 1));
    assert.equal(other.referenceCode, "2026-000002");
    assert.equal(other.finalPrice, 9.9);
    // Another package: the trial's 92 days are kept in full (issue 32, item 10), not converted
    // by value; Basic runs from now, the paid month after them.
    assert.equal(other.resultingPeriod.kind, "convert");
    assert.equal(other.resultingPeriod.startDateUtc, "2026-11-21T09:00:00.000Z");
    assert.equal(other.resultingPeriod.carriedOver.keptDays, 92);
    assert.equal(other.resultingPeriod.carriedOver.convertedDays, 92);
    assert.equal(other.resultingPeriod.paidFromUtc, "2027-02-21T09:00:00.000Z");
    assert.equal(other.resultingPeriod.endDateUtc, "2027-03-21T09:00:00.000Z");

    assert.equal((await order(ctx, host, "gold", 1)).status, 404);
    const badPeriod = await json(await order(ctx, host, "pro", 5), 400);
    assert.deepEqual(badPeriod.errors, { subscriptionLength: ["Pro is not sold for 5 months."] });
    assert.equal((await order(ctx, host, "pro", 0)).status, 400);
    assert.equal(
      (await getWith(
        ctx.app,
        "/api/Subscriptions/createPurchaseRequest?subscriptionLength=1",
        host,
      ))
        .status,
      400,
    );
  }, { now: NOW }));

Deno.test("payment instructions and slip: the payee, the amount, HR00 with the reference, a barcode that reads back", () =>
  withTestApp(async (ctx) => {
    const { host, admin } = await setup(ctx);
    const { purchaseRequestId } = await json(await order(ctx, host, "basic", 12));
    const path = `/api/Subscriptions/purchase-requests/${purchaseRequestId}`;
    assert.equal((await ctx.app.request(`${path}/payment`)).status, 401);
    const payment = await json(await getWith(ctx.app, `${path}/payment`, host));
    assert.deepEqual(payment.recipient, {
      name: "Prijavko d.o.o.",
      street: "Ilica 1",
      city: "10000 Zagreb",
      iban: "HR1210010051863000160",
    });
    assert.equal(payment.amount, 95.04);
    assert.equal(payment.amountCents, 9504);
    assert.equal(payment.currency, "EUR");
    assert.equal(payment.model, "HR00");
    assert.equal(payment.reference, "2026-000001");
    assert.equal(payment.purposeCode, "OTHR");
    assert.equal(payment.description, "Prijavko Basic 12 mj.");
    assert.equal(
      payment.hub3Payload,
      "HRVHUB30\nEUR\n000000000009504\n\n\n\nPrijavko d.o.o.\nIlica 1\n10000 Zagreb\n" +
        "HR1210010051863000160\nHR00\n2026-000001\nOTHR\nPrijavko Basic 12 mj.",
    );
    const png = Uint8Array.from(
      atob(payment.barcodePng.replace(/^data:image\/png;base64,/, "")),
      (c) => c.charCodeAt(0),
    );
    assert.deepEqual(await readPdf417(png), [payment.hub3Payload]);
    assert.match(payment.barcodeSvg, /^<svg/);
    assert.equal(payment.paymentSlipUrl, `${path}/payment-slip.pdf`);
    assert.equal(payment.packageId, "basic");
    assert.equal(payment.preview.length, 12);
    assert.equal(payment.preview.discountPercent, 20);
    assert.equal(payment.preview.finalPrice, 95.04);

    const slip = await getWith(ctx.app, payment.paymentSlipUrl, host);
    assert.equal(slip.status, 200);
    assert.equal(slip.headers.get("Content-Type"), "application/pdf");
    const text = await pdfText(new Uint8Array(await slip.arrayBuffer()));
    assert.match(text, /Uplatnica/);
    assert.match(text, /HR12 1001 0051 8630 0016 0/);
    assert.match(text, /95,04 €/);
    assert.match(text, /2026-000001/);

    // Another host never sees it; an administrator does.
    await createHost(ctx.app, ctx.db, { email: "bruno@example.com" });
    const bruno = (await signIn(ctx.app, "bruno@example.com")).accessToken;
    assert.equal((await getWith(ctx.app, `${path}/payment`, bruno)).status, 404);
    assert.equal((await getWith(ctx.app, `${path}/payment-slip.pdf`, bruno)).status, 404);
    assert.equal((await getWith(ctx.app, `${path}/payment`, admin)).status, 200);
  }, { now: NOW }));

Deno.test("GET /api/Subscriptions/purchase-requests: administrators search, sort and page everyone's; hosts see their own", () =>
  withTestApp(async (ctx) => {
    const { host, admin } = await setup(ctx);
    await createHost(ctx.app, ctx.db, { email: "bruno@example.com" });
    const bruno = (await signIn(ctx.app, "bruno@example.com")).accessToken;
    await json(await order(ctx, host, "basic", 1));
    await json(await order(ctx, host, "premium", 12));
    await json(await order(ctx, bruno, "pro", 6));
    const list = (token: string, query = "") =>
      getWith(
        ctx.app,
        `/api/Subscriptions/purchase-requests?PageNumber=1&PageSize=10${query}`,
        token,
      );

    const all = await json(await list(admin));
    assert.equal(all.totalCount, 3);
    assert.deepEqual(
      all.items.map((r: { referenceCode: string }) => r.referenceCode),
      ["2026-000003", "2026-000002", "2026-000001"],
      "newest first by default",
    );
    const first = all.items[2];
    assert.equal(first.userEmail, "ana@example.com");
    assert.equal(first.packageName, "Basic");
    assert.equal(first.subscriptionPackageId, "basic");
    assert.equal(first.subscriptionLength, 1);
    assert.equal(first.price, 9.9);
    assert.equal(first.status, PurchaseRequestStatus.Pending);
    assert.equal(first.receiptId, null);

    const bySearch = await json(await list(admin, "&SearchTerm=BRUNO"));
    assert.deepEqual(bySearch.items.map((r: { userEmail: string }) => r.userEmail), [
      "bruno@example.com",
    ]);
    const byPackage = await json(await list(admin, "&SearchTerm=premium"));
    assert.equal(byPackage.items[0].packageName, "Premium");
    const byPrice = await json(await list(admin, "&SortBy=price&SortDescending=false"));
    assert.deepEqual(byPrice.items.map((r: { price: number }) => r.price), [9.9, 107.46, 383.04]);
    const paged = await json(
      await getWith(
        ctx.app,
        "/api/Subscriptions/purchase-requests?PageNumber=2&PageSize=2",
        admin,
      ),
    );
    assert.equal(paged.items.length, 1);
    assert.equal(paged.totalPages, 2);
    assert.equal(paged.hasPreviousPage, true);
    const pending = await json(await list(admin, `&Status=${PurchaseRequestStatus.Paid}`));
    assert.equal(pending.totalCount, 0);
    assert.equal((await json(await list(admin, "&Mine=true"))).totalCount, 0);

    const own = await json(await list(host));
    assert.equal(own.totalCount, 2, "a host sees only their own");
    assert.equal((await list(host, "&SortBy=nonsense")).status, 400);
    assert.equal(
      (await ctx.app.request("/api/Subscriptions/purchase-requests?PageNumber=1&PageSize=10"))
        .status,
      401,
    );
  }, { now: NOW }));

Deno.test("POST /api/Subscriptions/markAsPaid (administrators): converts the plan's time left by value, switches the package, issues a numbered receipt with the period and tells the host", () =>
  withTestApp(async (ctx) => {
    const { host, admin, hostId } = await setup(ctx);
    await createHost(ctx.app, ctx.db, { email: "bruno@example.com" });
    const { purchaseRequestId } = await json(await order(ctx, host, "basic", 12));
    assert.equal(
      (await postWith(ctx.app, "/api/Subscriptions/markAsPaid", { purchaseRequestId }, host))
        .status,
      403,
      "hosts cannot mark their own order paid",
    );
    assert.equal(
      (await ctx.app.request(postJson("/api/Subscriptions/markAsPaid", { purchaseRequestId })))
        .status,
      401,
    );
    assert.deepEqual(
      (await json(await postWith(ctx.app, "/api/Subscriptions/markAsPaid", {}, admin), 400)).errors,
      { purchaseRequestId: ["Please select an option"] },
    );
    assert.equal(
      (await postWith(
        ctx.app,
        "/api/Subscriptions/markAsPaid",
        { purchaseRequestId: "nope" },
        admin,
      ))
        .status,
      404,
    );

    ctx.clock.advanceMinutes(10 * DAY_MINUTES); // paid ten days later, the trial still running
    const admin2 = (await signIn(ctx.app, "admin@example.com")).accessToken;
    const paid = await json(
      await postWith(ctx.app, "/api/Subscriptions/markAsPaid", { purchaseRequestId }, admin2),
    );
    assert.equal(paid.purchaseRequestStatus, PurchaseRequestStatus.Paid);
    assert.equal(paid.receiptNumber, "2026-00001");
    assert.equal(paid.subscription.packageName, "Basic", "the new package applies at once");
    assert.equal(paid.subscription.isTrial, false);
    // The trial's 82 days left are kept in full; the twelve months paid for follow them.
    assert.equal(paid.subscription.startDateUtc, "2026-12-01T09:00:00.000Z");
    assert.equal(paid.subscription.endDateUtc, "2028-02-21T09:00:00.000Z");
    const again = await json(
      await postWith(ctx.app, "/api/Subscriptions/markAsPaid", { purchaseRequestId }, admin2),
    );
    assert.equal(again.receiptId, paid.receiptId, "marking twice changes nothing");
    assert.equal(again.subscription.endDateUtc, paid.subscription.endDateUtc);

    const [notification] = await ctx.db.select().from(userNotifications).where(and(
      eq(userNotifications.userId, hostId),
      eq(userNotifications.template, "SubscriptionActivated"),
    ));
    assert.deepEqual(notification.placeholders, {
      packageName: "Basic",
      end: "2028-02-21T09:00:00.000Z",
      code: "2026-00001",
    });

    const freshHost = (await signIn(ctx.app, "ana@example.com")).accessToken;
    const receipts = await json(
      await getWith(ctx.app, "/api/Subscriptions/receipts?PageNumber=1&PageSize=10", freshHost),
    );
    assert.equal(receipts.totalCount, 1);
    assert.deepEqual(receipts.items[0], {
      id: paid.receiptId,
      price: 95.04,
      created: "2026-12-01T09:00:00.000Z",
      number: "2026-00001",
      purchaseRequestId,
      packageName: "Basic",
      subscriptionLength: 12,
      periodStart: "2027-02-21T09:00:00.000Z",
      periodEnd: "2028-02-21T09:00:00.000Z",
    });
    const pdf = await getWith(ctx.app, `/api/Subscriptions/receipt/${paid.receiptId}`, freshHost);
    assert.equal(pdf.status, 200);
    assert.match(pdf.headers.get("Content-Disposition") ?? "", /racun-2026-00001\.pdf/);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    assert.match(text, /Račun br\. 2026-00001/);
    assert.match(text, /95,04 €/);
    assert.match(text, /ana@example\.com/);
    assert.match(text, /Plaćeno razdoblje \/ Period paid\s+21\. 02\. 2027\. – 21\. 02\. 2028\./);
    assert.match(text, /01\. 12\. 2026\. – 21\. 02\. 2027\.: Basic/);

    const requests = await json(
      await getWith(
        ctx.app,
        "/api/Subscriptions/purchase-requests?PageNumber=1&PageSize=10",
        freshHost,
      ),
    );
    assert.equal(requests.items[0].status, PurchaseRequestStatus.Paid);
    assert.equal(requests.items[0].receiptId, paid.receiptId);

    const bruno = (await signIn(ctx.app, "bruno@example.com")).accessToken;
    assert.equal(
      (await getWith(ctx.app, `/api/Subscriptions/receipt/${paid.receiptId}`, bruno)).status,
      404,
    );
    const freshAdmin = (await signIn(ctx.app, "admin@example.com")).accessToken;
    assert.equal(
      (await getWith(ctx.app, `/api/Subscriptions/receipt/${paid.receiptId}`, freshAdmin)).status,
      200,
    );
    const brunoReceipts = await json(
      await getWith(ctx.app, "/api/Subscriptions/receipts?PageNumber=1&PageSize=10", bruno),
    );
    assert.equal(brunoReceipts.totalCount, 0);
  }, { now: NOW }));

Deno.test("markAsPaid after the subscription ended starts it anew; a cancelled request cannot be paid", () =>
  withTestApp(async (ctx) => {
    const { host, hostId } = await setup(ctx);
    const { purchaseRequestId } = await json(await order(ctx, host, "pro", 1));
    const { purchaseRequestId: cancelledId } = await json(await order(ctx, host, "pro", 6));
    await ctx.db.update(purchaseRequests).set({ status: PurchaseRequestStatus.Cancelled })
      .where(eq(purchaseRequests.id, cancelledId));
    ctx.clock.advanceMinutes(100 * DAY_MINUTES);
    const admin = (await signIn(ctx.app, "admin@example.com")).accessToken;
    const paid = await json(
      await postWith(ctx.app, "/api/Subscriptions/markAsPaid", { purchaseRequestId }, admin),
    );
    assert.equal(paid.subscription.startDateUtc, "2027-03-01T09:00:00.000Z");
    assert.equal(paid.subscription.endDateUtc, "2027-04-01T09:00:00.000Z");
    assert.equal(paid.subscription.isActive, true);
    assert.equal(
      (await postWith(ctx.app, "/api/Subscriptions/markAsPaid", {
        purchaseRequestId: cancelledId,
      }, admin)).status,
      400,
    );
    assert.ok(hostId);
  }, { now: NOW }));

Deno.test("the purchase preview shows the resulting period, and markAsPaid and assign give exactly that", () =>
  withTestApp(async (ctx) => {
    const { hostId, ...tokens } = await setup(ctx);
    let { host, admin } = tokens;
    await ctx.db.update(subscriptions).set({ status: SubscriptionStatus.Expired, endAt: NOW })
      .where(eq(subscriptions.userId, hostId));
    const pay = async (purchaseRequestId: string) =>
      await json(
        await postWith(ctx.app, "/api/Subscriptions/markAsPaid", { purchaseRequestId }, admin),
      );
    const basic = await json(await order(ctx, host, "basic", 12));
    assert.deepEqual(basic.resultingPeriod, {
      kind: "new",
      packageName: "Basic",
      startDateUtc: "2026-11-21T09:00:00.000Z",
      paidFromUtc: "2026-11-21T09:00:00.000Z",
      endDateUtc: "2027-11-21T09:00:00.000Z",
      carriedOver: null,
    });
    await pay(basic.purchaseRequestId);

    ctx.clock.advanceMinutes(30 * DAY_MINUTES); // 335 days of Basic left
    host = (await signIn(ctx.app, "ana@example.com")).accessToken;
    admin = (await signIn(ctx.app, "admin@example.com")).accessToken;
    const premium = await json(await order(ctx, host, "premium", 1));
    assert.deepEqual(premium.resultingPeriod, {
      kind: "convert",
      packageName: "Premium",
      startDateUtc: "2026-12-21T09:00:00.000Z",
      paidFromUtc: "2027-03-14T11:53:13.984Z",
      endDateUtc: "2027-04-14T11:53:13.984Z",
      carriedOver: {
        packageName: "Basic",
        isTrial: false,
        currentEndDateUtc: "2027-11-21T09:00:00.000Z",
        remainingDays: 335,
        keptDays: 0,
        convertedDays: 83,
      },
    });
    const payment = await json(
      await getWith(
        ctx.app,
        `/api/Subscriptions/purchase-requests/${premium.purchaseRequestId}/payment`,
        host,
      ),
    );
    assert.deepEqual(payment.preview.resultingPeriod, premium.resultingPeriod);

    const paid = await pay(premium.purchaseRequestId);
    assert.equal(paid.subscription.packageName, "Premium");
    assert.equal(paid.subscription.startDateUtc, premium.resultingPeriod.startDateUtc);
    assert.equal(paid.subscription.endDateUtc, premium.resultingPeriod.endDateUtc);
    const receipts = await json(
      await getWith(ctx.app, "/api/Subscriptions/receipts?PageNumber=1&PageSize=10", host),
    );
    const receipt = receipts.items.find((r: { id: string }) => r.id === paid.receiptId);
    assert.equal(receipt.periodStart, premium.resultingPeriod.paidFromUtc);
    assert.equal(receipt.periodEnd, premium.resultingPeriod.endDateUtc);
    const paidPayment = await json(
      await getWith(
        ctx.app,
        `/api/Subscriptions/purchase-requests/${premium.purchaseRequestId}/payment`,
        host,
      ),
    );
    assert.equal(paidPayment.preview.resultingPeriod, null, "paid: the receipt says it now");

    // An administrator's assignment follows the same rule: a downgrade converts Premium's time
    // left (114.1 days at 39,90 €) into 459.9 days of Basic (9,90 €), then the month assigned.
    const assigned = await json(
      await postWith(ctx.app, "/api/Subscriptions/assign", {
        userId: hostId,
        packageId: "basic",
        subscriptionLength: 1,
      }, admin),
    );
    assert.equal(assigned.subscription.packageName, "Basic");
    assert.equal(assigned.subscription.endDateUtc, "2028-04-25T07:32:43.632Z");
  }, { now: NOW }));

Deno.test("POST /api/Subscriptions/assign and /assignTrial (administrators)", () =>
  withTestApp(async (ctx) => {
    const { host, admin, hostId } = await setup(ctx);
    const assign = (body: unknown, token = admin) =>
      postWith(ctx.app, "/api/Subscriptions/assign", body, token);
    const trial = (body: unknown, token = admin) =>
      postWith(ctx.app, "/api/Subscriptions/assignTrial", body, token);
    assert.equal(
      (await assign({ userId: hostId, packageId: "premium", subscriptionLength: 1 }, host)).status,
      403,
    );
    assert.equal((await trial({ userId: hostId }, host)).status, 403);
    assert.deepEqual(
      (await json(await assign({ userId: hostId, packageId: "premium" }), 400)).errors,
      { subscriptionLength: ["A number is required"] },
    );
    assert.equal(
      (await assign({ userId: "nobody", packageId: "premium", subscriptionLength: 1 })).status,
      404,
    );
    assert.equal(
      (await assign({ userId: hostId, packageId: "gold", subscriptionLength: 1 })).status,
      404,
    );

    // A trial may be restarted while the host has no paid plan.
    const restarted = await json(
      await trial({ userId: hostId, packageId: "premium", subscriptionLength: 1 }),
    );
    assert.equal(restarted.purchaseRequestStatus, PurchaseRequestStatus.Trial);
    assert.equal(restarted.subscription.packageName, "Premium");
    assert.equal(restarted.subscription.isTrial, true);
    assert.equal(restarted.subscription.endDateUtc, "2026-12-21T09:00:00.000Z");

    const assigned = await json(
      await assign({ userId: hostId, packageId: "premium", subscriptionLength: 2 }),
    );
    assert.equal(assigned.purchaseRequestStatus, PurchaseRequestStatus.Paid);
    assert.equal(assigned.receiptId, null, "no payment, no receipt");
    assert.equal(assigned.subscription.isTrial, false);
    assert.equal(assigned.subscription.endDateUtc, "2027-02-21T09:00:00.000Z");
    const list = await json(
      await getWith(ctx.app, "/api/Subscriptions/purchase-requests?PageNumber=1&PageSize=5", admin),
    );
    assert.equal(list.items[0].price, 0);

    assert.equal(
      (await trial({ userId: hostId })).status,
      400,
      "a trial would cut a paid subscription short",
    );
  }, { now: NOW }));

Deno.test("limits per plan: accounts, units and stays a month", () =>
  withTestApp(async (ctx) => {
    const { host, admin, hostId } = await setup(ctx);
    const property = await firstProperty(ctx, host);
    const account = {
      username: "98765432109.api",
      password: "Demo-Lozinka-1",
      email: "",
      apiKey: "",
    };
    const unit = (name: string) => ({ propertyId: property.id, name });

    // The trial (Pro): one eVisitor account, several units, no cap on stays.
    const secondAccount = await json(
      await postWith(ctx.app, "/api/ExternalAccounts", account, host),
      403,
    );
    assert.equal(secondAccount.code, "ExternalAccountLimit");
    assert.equal(secondAccount.detail, "External account limit reached for your subscription.");
    assert.equal(
      (await postWith(ctx.app, "/api/AccommodationUnits", unit("Studio"), host)).status,
      200,
    );

    // Basic: one unit per property, 30 stays a month.
    await json(
      await postWith(ctx.app, "/api/Subscriptions/assign", {
        userId: hostId,
        packageId: "basic",
        subscriptionLength: 1,
      }, admin),
    );
    const moreUnits = await json(
      await postWith(ctx.app, "/api/AccommodationUnits", unit("Soba 9"), host),
      403,
    );
    assert.equal(moreUnits.code, "SubscriptionLimitReached");
    const unitId = property.accommodationUnits[0].id;
    await ctx.db.insert(reservations).values(
      Array.from({ length: 30 }, (_, i) => ({
        id: crypto.randomUUID(),
        code: `JAN${String(i).padStart(7, "0")}`,
        userId: hostId,
        propertyId: property.id,
        accommodationUnitId: unitId,
        startDate: `2027-01-${String(i + 1).padStart(2, "0")}`,
        endDate: `2027-01-${String(i + 2).padStart(2, "0")}`,
        kind: i === 0 ? "block" as const : "booking" as const,
        type: "Airbnb",
        createdAt: NOW,
        updatedAt: NOW,
      })),
    );
    const stay = (start: string, end: string) =>
      postWith(ctx.app, "/api/Reservations", {
        accommodationUnitId: property.accommodationUnits[1].id,
        startDateUTC: `${start}T14:00:00Z`,
        endDateUTC: `${end}T09:00:00Z`,
      }, host);
    // 29 stays and a block: one more stay fits, then January is full.
    assert.equal((await stay("2027-01-05", "2027-01-07")).status, 200);
    const full = await json(await stay("2027-01-20", "2027-01-22"), 403);
    assert.equal(full.code, "SubscriptionLimitReached");
    assert.equal(full.title, "You have reached your subscription limit.");
    assert.equal((await stay("2027-02-05", "2027-02-07")).status, 200, "February is free");

    // Premium: more accounts (the limit lets it through to eVisitor, which nobody runs here).
    await json(
      await postWith(ctx.app, "/api/Subscriptions/assign", {
        userId: hostId,
        packageId: "premium",
        subscriptionLength: 1,
      }, admin),
    );
    assert.equal((await postWith(ctx.app, "/api/ExternalAccounts", account, host)).status, 503);
    assert.equal((await stay("2027-01-24", "2027-01-26")).status, 200, "no cap on Premium");
    assert.equal(
      (await postWith(ctx.app, "/api/AccommodationUnits", unit("Soba 9"), host)).status,
      200,
    );
  }, { now: NOW }));

Deno.test("an expired subscription keeps data readable and guests checking in, and blocks new work", () =>
  withTestApp(async (ctx) => {
    const { host } = await setup(ctx);
    const property = await firstProperty(ctx, host);
    const unitId = property.accommodationUnits[0].id;
    const booked = await postWith(ctx.app, "/api/Reservations", {
      accommodationUnitId: unitId,
      startDateUTC: "2027-03-10T14:00:00Z",
      endDateUTC: "2027-03-14T09:00:00Z",
    }, host);
    assert.equal(booked.status, 200);
    const code = await codeOf(booked);

    ctx.clock.advanceMinutes(95 * DAY_MINUTES); // the trial ended on 21 February
    const token = (await signIn(ctx.app, "ana@example.com")).accessToken;
    const current = await json(await getWith(ctx.app, "/api/Subscriptions/current", token));
    assert.equal(current.isActive, false);
    assert.equal(current.status, SubscriptionStatus.Expired);
    assert.equal(current.daysRemaining, 0);

    const stay = await json(
      await postWith(ctx.app, "/api/Reservations", {
        accommodationUnitId: unitId,
        startDateUTC: "2027-04-10T14:00:00Z",
        endDateUTC: "2027-04-12T09:00:00Z",
      }, token),
      403,
    );
    assert.equal(stay.code, "SubscriptionExpired");
    assert.equal(stay.detail, "Your subscription has expired.");
    const unit = await json(
      await postWith(
        ctx.app,
        "/api/AccommodationUnits",
        { propertyId: property.id, name: "X" },
        token,
      ),
      403,
    );
    assert.equal(unit.code, "SubscriptionExpired");
    const account = await json(
      await postWith(ctx.app, "/api/ExternalAccounts", {
        username: "98765432109.api",
        password: "Demo-Lozinka-1",
      }, token),
      403,
    );
    assert.equal(account.code, "SubscriptionExpired");

    // Reading goes on, and so does the guests' check-in of a stay made before.
    assert.equal((await getWith(ctx.app, `/api/Reservations/${code}`, token)).status, 200);
    assert.equal(
      (await getWith(ctx.app, "/api/Properties?PageNumber=1&PageSize=5", token)).status,
      200,
    );
    const checkIn = await ctx.app.request(
      postJson("/api/Reservations/Guests", {
        reservationCode: code,
        reservationGuests: [BIRGITTE],
      }),
    );
    assert.equal(checkIn.status, 200, await checkIn.clone().text());

    // A renewal is possible and lifts the block.
    const { purchaseRequestId } = await json(await order(ctx, token, "pro", 1));
    await createAdmin(ctx.db, "boss@example.com");
    const boss = (await signIn(ctx.app, "boss@example.com")).accessToken;
    await json(
      await postWith(ctx.app, "/api/Subscriptions/markAsPaid", { purchaseRequestId }, boss),
    );
    assert.equal(
      (await postWith(
        ctx.app,
        "/api/AccommodationUnits",
        { propertyId: property.id, name: "X" },
        token,
      ))
        .status,
      200,
    );
  }, { now: NOW }));
