import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { properties } from "@core/db/schema/properties.ts";
import {
  bearer,
  createAdmin,
  createHost,
  getWith,
  postWith,
  signIn,
} from "../../support/accounts.ts";
import { withTestApp } from "../../support/app.ts";
import { pdfText } from "../../support/pdf417.ts";
import { seedMirroredAccount } from "../../support/properties.ts";

type App = Parameters<Parameters<typeof withTestApp>[0]>[0]["app"];

const putWith = (app: App, path: string, body: unknown, token: string) =>
  app.request(`http://localhost${path}`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", ...bearer(token) },
    body: JSON.stringify(body),
  });

const ANA = {
  fullName: "Ana Anić",
  phone: "+385 91 234 5678",
  companyName: "Apartmani Ana d.o.o.",
  oib: "69435151530",
  street: "Obala 12",
  postalCode: "21000",
  city: "Split",
  inVatSystem: true,
};

Deno.test("GET/PUT /api/Users/manage/profile: the host's own profile, empty at first, saved whole", () =>
  withTestApp(async ({ app, db }) => {
    await createHost(app, db, { email: "ana@example.com" });
    await createHost(app, db, { email: "bruno@example.com" });
    const ana = (await signIn(app, "ana@example.com")).accessToken;
    const bruno = (await signIn(app, "bruno@example.com")).accessToken;

    assert.equal((await app.request("/api/Users/manage/profile")).status, 401);
    assert.deepEqual(await (await getWith(app, "/api/Users/manage/profile", ana)).json(), {
      email: "ana@example.com",
      fullName: null,
      phone: null,
      companyName: null,
      oib: null,
      street: null,
      postalCode: null,
      city: null,
      inVatSystem: false,
    });
    const info = await (await getWith(app, "/api/Users/manage/info", ana)).json();
    assert.equal(info.displayName, undefined, "no name yet: the greeting uses the e-mail");

    const saved = await putWith(app, "/api/Users/manage/profile", ANA, ana);
    assert.equal(saved.status, 200, await saved.clone().text());
    assert.deepEqual(await saved.json(), { email: "ana@example.com", ...ANA });
    assert.deepEqual(
      await (await getWith(app, "/api/Users/manage/profile", ana)).json(),
      { email: "ana@example.com", ...ANA },
    );
    assert.equal(
      (await (await getWith(app, "/api/Users/manage/info", ana)).json()).displayName,
      "Ana Anić",
    );
    assert.equal(
      (await (await getWith(app, "/api/Users/manage/profile", bruno)).json()).fullName,
      null,
      "another host's profile is untouched",
    );

    // Empty fields clear what was there.
    const cleared = await putWith(app, "/api/Users/manage/profile", {
      ...ANA,
      fullName: "",
      oib: "",
      inVatSystem: false,
    }, ana);
    const body = await cleared.json();
    assert.equal(body.fullName, null);
    assert.equal(body.oib, null);
    assert.equal(body.inVatSystem, false);
    assert.equal(
      (await (await getWith(app, "/api/Users/manage/info", ana)).json()).displayName,
      "Apartmani Ana d.o.o.",
      "without a name, the company greets",
    );
  }));

Deno.test("PUT /api/Users/manage/profile refuses an OIB failing ISO 7064 MOD 11,10 and says which fields are wrong", () =>
  withTestApp(async ({ app, db }) => {
    await createHost(app, db, { email: "ana@example.com" });
    const ana = (await signIn(app, "ana@example.com")).accessToken;
    const res = await putWith(app, "/api/Users/manage/profile", {
      ...ANA,
      oib: "69435151531",
      phone: "091 abc",
      fullName: "x".repeat(101),
    }, ana);
    assert.equal(res.status, 400);
    const problem = await res.json();
    assert.equal(problem.code, "ValidationFailed");
    assert.deepEqual(problem.errors, {
      oib: ["Please enter a valid OIB"],
      phone: ["Please enter a valid number"],
      fullName: ["Must be at most 100 characters"],
    });
    const tooShort = await putWith(app, "/api/Users/manage/profile", { oib: "6943515153" }, ana);
    assert.deepEqual((await tooShort.json()).errors, { oib: ["Please enter a valid OIB"] });
    assert.equal(
      (await (await getWith(app, "/api/Users/manage/profile", ana)).json()).oib,
      null,
      "nothing was saved",
    );
  }));

Deno.test("the profile names the payer on the payment slip and its barcode, and the customer on the receipt", () =>
  withTestApp(async ({ app, db }) => {
    const hostId = await createHost(app, db, { email: "ana@example.com" });
    await seedMirroredAccount(db, hostId);
    await createAdmin(db);
    const ana = (await signIn(app, "ana@example.com")).accessToken;
    const admin = (await signIn(app, "admin@example.com")).accessToken;
    await putWith(app, "/api/Users/manage/profile", ANA, ana);

    const order = await getWith(
      app,
      "/api/Subscriptions/createPurchaseRequest?packageId=pro&subscriptionLength=12",
      ana,
    );
    assert.equal(order.status, 200, await order.clone().text());
    const { purchaseRequestId } = await order.json();
    const payment = await (await getWith(
      app,
      `/api/Subscriptions/purchase-requests/${purchaseRequestId}/payment`,
      ana,
    )).json();
    const lines = payment.hub3Payload.split("\n");
    assert.deepEqual(lines.slice(3, 6), ["Apartmani Ana d.o.o.", "Obala 12", "21000 Split"]);
    const slip = await getWith(
      app,
      `/api/Subscriptions/purchase-requests/${purchaseRequestId}/payment-slip.pdf`,
      ana,
    );
    const slipText = await pdfText(new Uint8Array(await slip.arrayBuffer()));
    assert.match(slipText, /Platitelj \/ Payer\s+Apartmani Ana d\.o\.o\., Obala 12, 21000 Split/);

    const paid = await postWith(app, "/api/Subscriptions/markAsPaid", { purchaseRequestId }, admin);
    assert.equal(paid.status, 200, await paid.clone().text());
    const { receiptId } = await paid.json();
    const receipt = await getWith(app, `/api/Subscriptions/receipt/${receiptId}`, ana);
    const text = await pdfText(new Uint8Array(await receipt.arrayBuffer()));
    assert.match(text, /Apartmani Ana d\.o\.o\./);
    assert.match(text, /n\/p Ana Anić/);
    assert.match(text, /OIB 69435151530/);
    assert.match(text, /Obala 12, 21000 Split/);
    assert.match(text, /U sustavu PDV-a/);
    assert.doesNotMatch(text, /ana@example\.com/, "the profile replaces the bare e-mail");
  }));

Deno.test("GET/PUT /api/Users/manage/settings: language, theme, channels and default times, kept per user", () =>
  withTestApp(async ({ app, db }) => {
    const hostId = await createHost(app, db, { email: "ana@example.com" });
    const ana = (await signIn(app, "ana@example.com")).accessToken;
    assert.equal((await app.request("/api/Users/manage/settings")).status, 401);
    assert.deepEqual(await (await getWith(app, "/api/Users/manage/settings", ana)).json(), {
      language: "hr",
      theme: null,
      emailNotifications: true,
      defaultCheckInTime: null,
      defaultCheckOutTime: null,
      qrSheetLanguages: ["hr", "en"],
    });
    const settings = {
      language: "en",
      theme: "DarkTheme",
      emailNotifications: false,
      defaultCheckInTime: "15:00",
      defaultCheckOutTime: "10:00",
    };
    const saved = await putWith(app, "/api/Users/manage/settings", settings, ana);
    assert.equal(saved.status, 200, await saved.clone().text());
    assert.deepEqual(
      await saved.json(),
      { ...settings, qrSheetLanguages: ["hr", "en"] },
      "the door sheet's languages stay when left out",
    );
    const withLanguages = await putWith(app, "/api/Users/manage/settings", {
      ...settings,
      qrSheetLanguages: ["de", "it"],
    }, ana);
    assert.deepEqual((await withLanguages.json()).qrSheetLanguages, ["de", "it"]);
    // The notifications page's switch reads the same setting.
    assert.deepEqual(
      await (await getWith(app, "/api/UserNotifications/settings", ana)).json(),
      { emailNotifications: false },
    );

    const bad = await putWith(app, "/api/Users/manage/settings", {
      ...settings,
      language: "de",
      theme: "Pink",
      defaultCheckInTime: "25:00",
      qrSheetLanguages: ["hr", "xx"],
    }, ana);
    assert.equal(bad.status, 400);
    assert.deepEqual(Object.keys((await bad.json()).errors).sort(), [
      "defaultCheckInTime",
      "language",
      "qrSheetLanguages.1",
      "theme",
    ]);

    // A property mirrored from eVisitor from now on starts with the host's default times.
    await seedMirroredAccount(db, hostId);
    const [property] = await db.select().from(properties).where(eq(properties.userId, hostId));
    assert.equal(property.defaultCheckInTime, "15:00");
    assert.equal(property.defaultCheckOutTime, "10:00");
  }));
