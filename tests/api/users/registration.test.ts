import assert from "node:assert/strict";
import { count, eq } from "drizzle-orm";
import { outbox } from "@core/db/schema/outbox.ts";
import { users } from "@core/db/schema/users.ts";
import { emailedCode, PASSWORD, userIdOf } from "../../support/accounts.ts";
import { postJson, withTestApp } from "../../support/app.ts";

/** A registration as the page sends it: the legal documents accepted unless the body says. */
const register = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  postJson("/api/Users/register", { acceptLegalDocuments: true, ...body }, headers);

Deno.test("POST /api/Users/register creates an unconfirmed account and queues the confirmation e-mail", () =>
  withTestApp(async ({ app, db }) => {
    const res = await app.request(
      register({ email: "Ivana@Example.com", password: PASSWORD }, { "Accept-Language": "en" }),
    );
    assert.equal(res.status, 200);
    const [user] = await db.select().from(users);
    assert.equal(user.email, "ivana@example.com");
    assert.equal(user.emailConfirmedAt, null);
    assert.equal(user.language, "en");
    assert.notEqual(user.passwordHash, PASSWORD);
    assert.match(user.passwordHash, /^\$argon2id\$/);
    const [event] = await db.select().from(outbox);
    assert.equal(event.subject, "accounts.user.registered");
    assert.deepEqual(event.payload, { userId: user.id });
  }));

Deno.test("POST /api/Users/register refuses a taken e-mail, whatever its case, with DuplicateEmail", () =>
  withTestApp(async ({ app, db }) => {
    await app.request(register({ email: "ana@example.com", password: PASSWORD }));
    const res = await app.request(register({ email: "ANA@example.com", password: PASSWORD }));
    assert.equal(res.status, 400);
    const problem = await res.json();
    assert.equal(problem.code, "DuplicateEmail");
    assert.deepEqual(problem.errors, { email: ["This email is already registered."] });
    // Beside the English, the message's key, which the site translates.
    assert.deepEqual(problem.errorCodes, { email: [{ code: "duplicateEmail" }] });
    assert.equal((await db.select({ n: count() }).from(users))[0].n, 1);
  }));

Deno.test("POST /api/Users/register names the broken password rule with the spec's codes", () =>
  withTestApp(async ({ app, db }) => {
    const cases: [string, string, string[]][] = [
      ["Ab1!", "PasswordTooShort", ["Password must be at least 8 characters"]],
      ["sunce-more-2026", "PasswordRequiresUpper", [
        "Password must contain a lowercase letter, an uppercase letter, a digit and a special character",
      ]],
      ["SunceMore2026", "PasswordRequiresNonAlphanumeric", [
        "Password must contain a lowercase letter, an uppercase letter, a digit and a special character",
      ]],
      ["Sunce-More-Bura", "PasswordRequiresDigit", [
        "Password must contain a lowercase letter, an uppercase letter, a digit and a special character",
      ]],
    ];
    for (const [password, code, messages] of cases) {
      const res = await app.request(register({ email: "marko@example.com", password }));
      assert.equal(res.status, 400, password);
      const problem = await res.json();
      assert.equal(problem.code, code, password);
      assert.deepEqual(problem.errors.password, messages, password);
    }
    const bad = await app.request(register({ email: "marko@", password: PASSWORD }));
    const problem = await bad.json();
    assert.equal(problem.code, "InvalidEmail");
    assert.deepEqual(problem.errors, { email: ["Please enter a valid email address"] });
    assert.equal(problem.detail, "Please enter a valid email address");
    assert.deepEqual(problem.errorCodes, { email: [{ code: "email" }] });
    assert.equal((await db.select({ n: count() }).from(users))[0].n, 0, "nothing half-written");
    assert.equal((await db.select({ n: count() }).from(outbox))[0].n, 0);
  }));

Deno.test("GET /api/Users/confirmEmail confirms once with the user's own code", () =>
  withTestApp(async ({ app, db }) => {
    await app.request(register({ email: "ana@example.com", password: PASSWORD }));
    await app.request(register({ email: "bruno@example.com", password: PASSWORD }));
    const ana = await userIdOf(db, "ana@example.com");
    const bruno = await userIdOf(db, "bruno@example.com");
    const code = await emailedCode(db, ana, "ConfirmEmail");

    const foreign = await app.request(`/api/Users/confirmEmail?userId=${bruno}&code=${code}`);
    assert.equal(foreign.status, 400);
    assert.equal((await foreign.json()).code, "InvalidToken");

    const fresh = await emailedCode(db, ana, "ConfirmEmail");
    const ok = await app.request(`/api/Users/confirmEmail?userId=${ana}&code=${fresh}`);
    assert.equal(ok.status, 200);
    const [row] = await db.select().from(users).where(eq(users.id, ana));
    assert.ok(row.emailConfirmedAt);

    const again = await app.request(`/api/Users/confirmEmail?userId=${ana}&code=${fresh}`);
    assert.equal(again.status, 400);
    assert.equal((await again.json()).detail, "This link is invalid or has expired.");
  }));

Deno.test("GET /api/Users/confirmEmail refuses an expired code", () =>
  withTestApp(async ({ app, db, clock }) => {
    await app.request(register({ email: "ana@example.com", password: PASSWORD }));
    const ana = await userIdOf(db, "ana@example.com");
    const code = await emailedCode(db, ana, "ConfirmEmail");
    clock.advanceMinutes(49 * 60);
    const res = await app.request(`/api/Users/confirmEmail?userId=${ana}&code=${code}`);
    assert.equal(res.status, 400);
    assert.equal((await res.json()).code, "InvalidToken");
  }));

Deno.test("GET /api/Users/confirmEmail without its parameters says which must be defined", () =>
  withTestApp(async ({ app }) => {
    const res = await app.request("/api/Users/confirmEmail");
    assert.equal(res.status, 400);
    assert.deepEqual((await res.json()).errors, {
      userId: ["The parameter 'userId' must be defined."],
      code: ["The parameter 'code' must be defined."],
    });
  }));

Deno.test("a validation answer names each field message's key beside its English", () =>
  withTestApp(async ({ app }) => {
    const res = await app.request(register({ email: "", password: "" }));
    assert.equal(res.status, 400);
    const problem = await res.json();
    assert.deepEqual(problem.errors.email, ["Email is required"]);
    assert.deepEqual(problem.errorCodes.email, [
      { code: "fieldRequired", params: { field: "email" } },
    ]);
    assert.deepEqual(problem.errors.password, ["Password is required"]);
    assert.deepEqual(problem.errorCodes.password, [
      { code: "fieldRequired", params: { field: "password" } },
    ]);
    // Every message is named, at the same place as its English.
    for (const [field, messages] of Object.entries(problem.errors as Record<string, string[]>)) {
      assert.equal(problem.errorCodes[field].length, messages.length, field);
    }
  }));

Deno.test("POST /api/Users/resendConfirmationEmail answers the same for every address", () =>
  withTestApp(async ({ app, db }) => {
    await app.request(register({ email: "ana@example.com", password: PASSWORD }));
    const before = (await db.select({ n: count() }).from(outbox))[0].n;
    const known = await app.request(
      postJson("/api/Users/resendConfirmationEmail", { email: "ana@example.com" }),
    );
    const unknown = await app.request(
      postJson("/api/Users/resendConfirmationEmail", { email: "nobody@example.com" }),
    );
    assert.equal(known.status, 200);
    assert.equal(unknown.status, 200);
    assert.deepEqual(await known.json(), await unknown.json());
    const events = await db.select().from(outbox);
    assert.equal(events.length, before + 1);
    assert.equal(events.at(-1)?.subject, "accounts.confirmation.requested");
  }));
