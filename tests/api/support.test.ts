import assert from "node:assert/strict";
import { count } from "drizzle-orm";
import { contactMessages } from "@core/db/schema/contact-messages.ts";
import { outbox } from "@core/db/schema/outbox.ts";
import { createTestDatabase } from "../support/database.ts";
import { createTestApp, postJson } from "../support/app.ts";

const PATH = "/api/Support/contact-form";
const valid = {
  firstName: "Ana",
  lastName: "Kovačić",
  email: "ana.kovacic@example.com",
  message: "Zanima me paket Pro.",
  honeyPotEmail: "",
};

async function withApp(fn: (ctx: Awaited<ReturnType<typeof setup>>) => Promise<void>) {
  const ctx = await setup();
  try {
    await fn(ctx);
  } finally {
    await ctx.database.dispose();
  }
}

async function setup() {
  const database = await createTestDatabase();
  const app = await createTestApp({ db: database.db });
  const rows = async () => ({
    messages: (await database.db.select({ n: count() }).from(contactMessages))[0].n,
    events: (await database.db.select({ n: count() }).from(outbox))[0].n,
  });
  return { database, app, rows };
}

Deno.test("POST /api/Support/contact-form stores the message and its event together", () =>
  withApp(async ({ app, database }) => {
    const res = await app.request(postJson(PATH, valid, { "Accept-Language": "en-GB,en;q=0.9" }));
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { message: "Message sent successfully." });

    const [stored] = await database.db.select().from(contactMessages);
    assert.equal(stored.firstName, "Ana");
    assert.equal(stored.email, "ana.kovacic@example.com");
    assert.equal(stored.language, "en");
    assert.equal(stored.emailedAt, null);

    const [event] = await database.db.select().from(outbox);
    assert.equal(event.subject, "support.contact.submitted");
    assert.deepEqual(event.payload, { contactMessageId: stored.id });
    assert.equal(event.publishedAt, null);
  }));

Deno.test("POST /api/Support/contact-form trims fields before storing them", () =>
  withApp(async ({ app, database }) => {
    const res = await app.request(
      postJson(PATH, { ...valid, firstName: "  Ana ", email: " ana@example.com " }),
    );
    assert.equal(res.status, 200);
    const [stored] = await database.db.select().from(contactMessages);
    assert.equal(stored.firstName, "Ana");
    assert.equal(stored.email, "ana@example.com");
  }));

Deno.test("POST /api/Support/contact-form rejects a filled honeypot as SpamDetected and stores nothing", () =>
  withApp(async ({ app, rows }) => {
    const res = await app.request(postJson(PATH, { ...valid, honeyPotEmail: "bot@spam.example" }));
    assert.equal(res.status, 400);
    assert.equal(res.headers.get("Content-Type"), "application/problem+json");
    const problem = await res.json();
    assert.equal(problem.code, "SpamDetected");
    assert.equal(problem.detail, "Spam detected.");
    assert.deepEqual(await rows(), { messages: 0, events: 0 });
  }));

Deno.test("POST /api/Support/contact-form answers 400 with the spec's message for each missing field", () =>
  withApp(async ({ app, rows }) => {
    const res = await app.request(postJson(PATH, { honeyPotEmail: "" }));
    assert.equal(res.status, 400);
    const problem = await res.json();
    assert.equal(problem.status, 400);
    assert.equal(problem.title, "One or more validation errors occurred.");
    assert.deepEqual(problem.errors, {
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
      email: ["Email is required"],
      message: ["Message is required"],
    });
    assert.deepEqual(await rows(), { messages: 0, events: 0 });
  }));

Deno.test("POST /api/Support/contact-form rejects an invalid e-mail address", () =>
  withApp(async ({ app, rows }) => {
    const res = await app.request(postJson(PATH, { ...valid, email: "ana@" }));
    assert.equal(res.status, 400);
    assert.deepEqual((await res.json()).errors, { email: ["Please enter a valid email address"] });
    assert.deepEqual(await rows(), { messages: 0, events: 0 });
  }));

Deno.test("POST /api/Support/contact-form treats blank-only fields as missing", () =>
  withApp(async ({ app }) => {
    const res = await app.request(postJson(PATH, { ...valid, message: "   \n " }));
    assert.equal(res.status, 400);
    assert.deepEqual((await res.json()).errors, { message: ["Message is required"] });
  }));

Deno.test("POST /api/Support/contact-form rejects wrong types without a 500", () =>
  withApp(async ({ app, rows }) => {
    for (
      const body of [[1, 2], "null", 42, { ...valid, firstName: 7 }, {
        ...valid,
        honeyPotEmail: {},
      }]
    ) {
      const res = await app.request(
        postJson(PATH, typeof body === "string" ? body : JSON.stringify(body)),
      );
      assert.equal(res.status, 400, `body ${JSON.stringify(body)}`);
      assert.ok((await res.json()).errors);
    }
    assert.deepEqual(await rows(), { messages: 0, events: 0 });
  }));

Deno.test("POST /api/Support/contact-form rejects a message over the length limit", () =>
  withApp(async ({ app }) => {
    const res = await app.request(postJson(PATH, { ...valid, message: "x".repeat(5001) }));
    assert.equal(res.status, 400);
    assert.deepEqual((await res.json()).errors, { message: ["Must be at most 5000 characters"] });
  }));

Deno.test("POST /api/Support/contact-form answers malformed JSON with a 400 problem", () =>
  withApp(async ({ app, rows }) => {
    const res = await app.request(postJson(PATH, '{"firstName": "Ana",'));
    assert.equal(res.status, 400);
    const problem = await res.json();
    assert.equal(problem.code, "MalformedJson");
    assert.equal(problem.instance, PATH);
    assert.deepEqual(await rows(), { messages: 0, events: 0 });
  }));

Deno.test("POST /api/Support/contact-form refuses a body that is not JSON with 415", () =>
  withApp(async ({ app }) => {
    const res = await app.request(
      new Request(`http://localhost${PATH}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "firstName=Ana",
      }),
    );
    assert.equal(res.status, 415);
    assert.equal((await res.json()).code, "UnsupportedMediaType");
  }));

Deno.test("POST /api/Support/contact-form refuses an oversize body with 413 and stores nothing", () =>
  withApp(async ({ app, rows }) => {
    const res = await app.request(postJson(PATH, { ...valid, message: "x".repeat(200 * 1024) }));
    assert.equal(res.status, 413);
    assert.equal((await res.json()).code, "PayloadTooLarge");
    assert.deepEqual(await rows(), { messages: 0, events: 0 });
  }));
