import assert from "node:assert/strict";
import { count } from "drizzle-orm";
import { outbox } from "@core/db/schema/outbox.ts";
import { createHost, emailedCode, signIn } from "../../support/accounts.ts";
import { postJson, withTestApp } from "../../support/app.ts";

const NEW_PASSWORD = "Bura-Jugo-2027!";

Deno.test("POST /api/Users/forgotPassword answers the same whether or not the e-mail is registered", () =>
  withTestApp(async ({ app, db }) => {
    await createHost(app, db, { email: "ana@example.com" });
    await createHost(app, db, { email: "nepotvrden@example.com", confirmed: false });
    const events = async () => (await db.select({ n: count() }).from(outbox))[0].n;
    const before = await events();

    const answers = [];
    for (const email of ["ana@example.com", "nobody@example.com", "nepotvrden@example.com"]) {
      const res = await app.request(postJson("/api/Users/forgotPassword", { email }));
      answers.push({ status: res.status, body: await res.text() });
    }
    assert.deepEqual(answers[0], { status: 200, body: "{}" });
    assert.deepEqual(answers[1], answers[0]);
    assert.deepEqual(answers[2], answers[0]);
    assert.equal(await events(), before + 1, "a reset e-mail only for the confirmed account");
    const last = (await db.select().from(outbox)).at(-1);
    assert.equal(last?.subject, "accounts.passwordreset.requested");
  }));

Deno.test("POST /api/Users/resetPassword sets the new password once and ends every session", () =>
  withTestApp(async ({ app, db }) => {
    const userId = await createHost(app, db, { email: "ana@example.com" });
    const session = await signIn(app, "ana@example.com");
    const code = await emailedCode(db, userId, "ResetPassword");

    const res = await app.request(
      postJson("/api/Users/resetPassword", { resetCode: code, newPassword: NEW_PASSWORD }),
    );
    assert.equal(res.status, 200);
    const refresh = await app.request(
      postJson("/api/Users/refresh", { refreshToken: session.refreshToken }),
    );
    assert.equal(refresh.status, 401, "the old session ended");
    const old = await app.request(
      postJson("/api/Users/login", { email: "ana@example.com", password: "Sunce-More-2026" }),
    );
    assert.equal(old.status, 401);
    await signIn(app, "ana@example.com", NEW_PASSWORD);

    const again = await app.request(
      postJson("/api/Users/resetPassword", { resetCode: code, newPassword: "Drugi-Put-2027!" }),
    );
    assert.equal(again.status, 400);
    assert.equal((await again.json()).code, "InvalidToken");
  }));

Deno.test("POST /api/Users/resetPassword refuses a weak password and keeps the code usable", () =>
  withTestApp(async ({ app, db }) => {
    const userId = await createHost(app, db, { email: "ana@example.com" });
    const code = await emailedCode(db, userId, "ResetPassword");
    const weak = await app.request(
      postJson("/api/Users/resetPassword", { resetCode: code, newPassword: "kratka" }),
    );
    assert.equal(weak.status, 400);
    assert.equal((await weak.json()).code, "PasswordTooShort");
    const ok = await app.request(
      postJson("/api/Users/resetPassword", { resetCode: code, newPassword: NEW_PASSWORD }),
    );
    assert.equal(ok.status, 200);
  }));

Deno.test("POST /api/Users/resetPassword refuses an expired code, or one with another user's e-mail", () =>
  withTestApp(async ({ app, db, clock }) => {
    const userId = await createHost(app, db, { email: "ana@example.com" });
    await createHost(app, db, { email: "bruno@example.com" });
    const code = await emailedCode(db, userId, "ResetPassword");
    const wrongEmail = await app.request(
      postJson("/api/Users/resetPassword", {
        email: "bruno@example.com",
        resetCode: code,
        newPassword: NEW_PASSWORD,
      }),
    );
    assert.equal((await wrongEmail.json()).code, "InvalidToken");
    const later = await emailedCode(db, userId, "ResetPassword");
    clock.advanceMinutes(61);
    const expired = await app.request(
      postJson("/api/Users/resetPassword", { resetCode: later, newPassword: NEW_PASSWORD }),
    );
    assert.equal((await expired.json()).code, "InvalidToken");
  }));
