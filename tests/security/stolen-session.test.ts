/**
 * Issue 30, the third probe's N3 and the rest of M3: what someone holding a copied session (an
 * access token) can no longer do, and what the owner is told. An API token and two-factor sign-in
 * need the password; a password reset revokes every API token; every such change, and every
 * password change, is e-mailed to the owner (real workers and a real SMTP listener). Each test
 * failed on the code before the fix.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { apiTokens } from "@core/db/schema/api-tokens.ts";
import { subscriptions } from "@core/db/schema/billing.ts";
import { outbox } from "@core/db/schema/outbox.ts";
import { users } from "@core/db/schema/users.ts";
import type { Database } from "@core/db/client.ts";
import { currentTotp } from "@core/services/users/totp.ts";
import { createHost, getWith, PASSWORD, signIn } from "../support/accounts.ts";
import { postJson, type TestApp } from "../support/app.ts";
import { REAL_SERVERS, withPipeline } from "../support/pipeline.ts";
import type { TestSmtp } from "../support/smtp.ts";
import { SUPPORT_EMAIL } from "../support/workers.ts";

const TOKENS = "/api/Users/manage/apiTokens";
const NEW_PASSWORD = "Nova-Lozinka-2027!";
/** The browser and address the requests come from (the app trusts the test's proxy header). */
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0";
const FROM = { "User-Agent": FIREFOX, "X-Forwarded-For": "192.0.2.7" };

const asOwner = (token: string) => ({ Authorization: `Bearer ${token}`, ...FROM });
const post = (app: TestApp, path: string, body: unknown, token: string) =>
  app.request(postJson(path, body, asOwner(token)));

async function errorsOf(res: Response, status = 400) {
  assert.equal(res.status, status, await res.clone().text());
  return (await res.json()).errors;
}

/** A confirmed Premium host (API access), signed in. */
async function premiumHost(app: TestApp, db: Database, email: string) {
  const userId = await createHost(app, db, { email });
  await db.update(subscriptions).set({ packageId: "premium" }).where(
    eq(subscriptions.userId, userId),
  );
  return { userId, session: (await signIn(app, email)).accessToken };
}

/** Turns two-factor on with the password and the app's code; returns the key. */
async function enableTwoFactor(app: TestApp, session: string): Promise<string> {
  const { sharedKey } = await (await post(app, "/api/Users/manage/2fa", {}, session)).json();
  const res = await post(app, "/api/Users/manage/2fa", {
    enable: true,
    password: PASSWORD,
    twoFactorCode: currentTotp(sharedKey, new Date()),
  }, session);
  assert.equal(res.status, 200, await res.clone().text());
  return sharedKey;
}

const mailTo = (address: string, subject: string) => (m: ParsedMail) =>
  m.subject === subject && JSON.stringify(m.to).includes(address);

/** The e-mail's text, with its subject, sent to `address`. */
async function mailText(smtp: TestSmtp, address: string, subject: string): Promise<string> {
  return (await smtp.waitForMail(mailTo(address, subject))).text ?? "";
}

/** The browser, the address and a time in Zagreb, as the security e-mails name them. */
function assertSaysWhereFrom(text: string) {
  assert.match(text, /Preglednik: Firefox 140 · Windows/);
  assert.match(text, /Adresa \(IP\): 192\.0\.2\.7/);
  assert.match(text, /Kada: .*\d{1,2}:\d{2} \(po hrvatskom vremenu\)/);
  assert.match(
    text,
    /Nisam ja – postavi novu lozinku: http:\/\/prijavko\.test\/app\/zaboravljena-lozinka/,
  );
}

// N3

Deno.test({
  name:
    "N3: a copied session cannot make an API token: the password (or a current code) is asked, and the owner is e-mailed",
  ...REAL_SERVERS,
  fn: () =>
    withPipeline(async ({ app, database: { db }, smtp }) => {
      const { userId, session } = await premiumHost(app, db, "ana@example.com");
      const token = { name: "Channel manager", scopes: ["read", "write"] };
      const create = (body: unknown) => post(app, TOKENS, body, session);

      assert.deepEqual(await errorsOf(await create(token)), {
        password: ["Password is required"],
      });
      assert.deepEqual(await errorsOf(await create({ ...token, password: "Nije-Ta-1!" })), {
        password: ["Incorrect password."],
      });
      // An authenticator code is no proof while two-factor is off: the password is asked.
      assert.deepEqual(await errorsOf(await create({ ...token, twoFactorCode: "123456" })), {
        password: ["Password is required"],
      });
      assert.equal((await db.select().from(apiTokens)).length, 0, "no token was made");

      const res = await create({ ...token, password: PASSWORD });
      assert.equal(res.status, 201, await res.clone().text());
      const created = await res.json();
      assert.equal(
        (await getWith(app, "/api/Properties?PageNumber=1&PageSize=5", created.token))
          .status,
        200,
      );

      const mail = await smtp.waitForMail(
        mailTo("ana@example.com", "Izrađen je novi API token – Prijavko"),
      );
      const text = mail.text ?? "";
      assert.match(text, /izrađen je novi API token/);
      assert.match(text, /Token: Channel manager/);
      assert.match(text, /Dopuštenja: čitanje, pisanje/);
      assertSaysWhereFrom(text);
      assert.match(mail.html || "", /Channel manager/);
      const secret = created.token.slice("prijavko_".length);
      for (const part of [text, mail.html || ""]) {
        assert.ok(!part.includes(secret), "the e-mail never holds the token");
      }
      const [event] = await db.select().from(outbox).where(
        eq(outbox.subject, "accounts.security.changed"),
      );
      assert.deepEqual(Object.keys(event.payload as object).sort(), ["accountEventId", "userId"]);
      assert.equal((event.payload as { userId: string }).userId, userId, "ids only in the event");

      // With two-factor on, a current code from the app proves the owner instead.
      const key = await enableTwoFactor(app, session);
      const next = currentTotp(key, new Date(Date.now() + 30_000));
      assert.deepEqual(
        await errorsOf(await create({ ...token, name: "Skripta", twoFactorCode: "000000" })),
        { twoFactorCode: ["The verification code is not valid."] },
      );
      assert.equal((await create({ ...token, name: "Skripta", twoFactorCode: next })).status, 201);
      assert.equal(
        (await create({ ...token, name: "Skripta 2", twoFactorCode: next })).status,
        400,
        "each code works once",
      );
      await smtp.waitForMail((m) =>
        m.subject === "Izrađen je novi API token – Prijavko" && /Token: Skripta/.test(m.text ?? "")
      );
    }, { trustProxy: true }),
});

Deno.test({
  name:
    "N3: a password reset revokes every API token (the old one gets 401), and its e-mails say so and that two-factor stays on",
  ...REAL_SERVERS,
  fn: () =>
    withPipeline(async ({ app, database: { db }, smtp }) => {
      const { session } = await premiumHost(app, db, "ana@example.com");
      const made = [];
      for (const name of ["Channel manager", "Skripta"]) {
        const res = await post(
          app,
          TOKENS,
          { name, scopes: ["read"], password: PASSWORD },
          session,
        );
        assert.equal(res.status, 201);
        made.push((await res.json()).token as string);
      }
      const properties = (token: string) =>
        getWith(app, "/api/Properties?PageNumber=1&PageSize=5", token);
      for (const token of made) assert.equal((await properties(token)).status, 200);
      await enableTwoFactor(app, session);

      await app.request(postJson("/api/Users/forgotPassword", { email: "ana@example.com" }));
      const request = await mailText(smtp, "ana@example.com", "Postavite novu lozinku – Prijavko");
      assert.match(
        request,
        /Nova lozinka opozvat će i sve API tokene vašeg računa \(sada ih ima 2\)/,
      );
      assert.match(request, /Dvostruka autentifikacija ostaje uključena/);
      assert.match(request, /kodova za oporavak/);
      assert.ok(request.includes(SUPPORT_EMAIL), "and where to turn without app and codes");
      const code = /resetiraj-lozinku\/([\w-]{43})/.exec(request)?.[1];
      assert.ok(code, "the e-mail holds the reset link");

      const reset = await app.request(
        postJson("/api/Users/resetPassword", { resetCode: code, newPassword: NEW_PASSWORD }, FROM),
      );
      assert.equal(reset.status, 200);
      for (const token of made) {
        const refused = await properties(token);
        assert.equal(refused.status, 401, "a token made before the reset no longer works");
        await refused.body?.cancel();
      }
      const live = (await db.select().from(apiTokens)).filter((t) => !t.revokedAt);
      assert.equal(live.length, 0);

      const done = await mailText(
        smtp,
        "ana@example.com",
        "Postavljena je nova lozinka – Prijavko",
      );
      assert.match(done, /Opozvani su i svi API tokeni računa \(2\)/);
      assert.match(done, /Dvostruka autentifikacija ostala je uključena/);
      assertSaysWhereFrom(done);

      // Two-factor did stay on: the new password alone does not sign in.
      const login = await app.request(
        postJson("/api/Users/login", { email: "ana@example.com", password: NEW_PASSWORD }),
      );
      assert.equal((await login.json()).code, "RequiresTwoFactor");
    }, { trustProxy: true }),
});

// M3, the rest

Deno.test({
  name:
    "M3: turning two-factor on and making new recovery codes need the password; every change is e-mailed",
  ...REAL_SERVERS,
  fn: () =>
    withPipeline(async ({ app, database: { db }, smtp }) => {
      const { userId } = await premiumHost(app, db, "ana@example.com");
      const { accessToken } = await signIn(app, "ana@example.com");
      const twoFactor = (body: unknown) => post(app, "/api/Users/manage/2fa", body, accessToken);
      const isOn = async () =>
        (await db.select().from(users).where(eq(users.id, userId)))[0].twoFactorEnabled;

      // A thief with the session sets up their own app: the key alone is not enough.
      const { sharedKey } = await (await twoFactor({})).json();
      const code = (offset = 0) => currentTotp(sharedKey, new Date(Date.now() + offset * 1000));
      assert.deepEqual(await errorsOf(await twoFactor({ enable: true, twoFactorCode: code() })), {
        password: ["Password is required"],
      });
      assert.deepEqual(await errorsOf(await twoFactor({ enable: true })), {
        password: ["Password is required"],
        twoFactorCode: ["Verification code is required"],
      });
      assert.deepEqual(
        await errorsOf(
          await twoFactor({ enable: true, twoFactorCode: code(), password: "Nije-Ta-1!" }),
        ),
        { password: ["Incorrect password."] },
      );
      assert.equal(await isOn(), false, "still off after every refused attempt");

      const on = await twoFactor({ enable: true, twoFactorCode: code(), password: PASSWORD });
      assert.equal(on.status, 200, await on.clone().text());
      const enabled = await mailText(
        smtp,
        "ana@example.com",
        "Uključena je dvostruka autentifikacija – Prijavko",
      );
      assertSaysWhereFrom(enabled);
      assert.match(enabled, /sama nova lozinka tada vas neće vratiti u račun/);
      assert.ok(enabled.includes(SUPPORT_EMAIL), "says whom to write to when it was not them");

      // New recovery codes: the password, not a code from the app.
      assert.deepEqual(
        await errorsOf(await twoFactor({ resetRecoveryCodes: true, twoFactorCode: code(30) })),
        { password: ["Password is required"] },
      );
      const codes = await twoFactor({ resetRecoveryCodes: true, password: PASSWORD });
      assert.equal(codes.status, 200);
      assert.equal((await codes.json()).recoveryCodes.length, 10);
      assertSaysWhereFrom(
        await mailText(smtp, "ana@example.com", "Izrađeni su novi kodovi za oporavak – Prijavko"),
      );

      const off = await twoFactor({ enable: false, twoFactorCode: code(30) });
      assert.equal(off.status, 200, await off.clone().text());
      assertSaysWhereFrom(
        await mailText(
          smtp,
          "ana@example.com",
          "Isključena je dvostruka autentifikacija – Prijavko",
        ),
      );
    }, { trustProxy: true }),
});

Deno.test({
  name: "M3: a password change is e-mailed to the owner, in the owner's language",
  ...REAL_SERVERS,
  fn: () =>
    withPipeline(async ({ app, smtp }) => {
      const register = await app.request(postJson("/api/Users/register", {
        email: "emma@example.com",
        password: PASSWORD,
        acceptLegalDocuments: true,
      }, { "Accept-Language": "en-GB" }));
      assert.equal(register.status, 200);
      const welcome = await smtp.waitForMail(
        mailTo("emma@example.com", "Confirm your e-mail address – Prijavko"),
      );
      const [, userId, code] = /potvrdi-email\/([\w-]+)\/([\w-]{43})/.exec(welcome.text ?? "") ??
        [];
      assert.equal(
        (await app.request(`/api/Users/confirmEmail?userId=${userId}&code=${code}`)).status,
        200,
      );
      const { accessToken } = await signIn(app, "emma@example.com");

      const changed = await post(app, "/api/Users/manage/info", {
        oldPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
      }, accessToken);
      assert.equal(changed.status, 200);
      const text = await mailText(smtp, "emma@example.com", "Your password was changed – Prijavko");
      assert.match(text, /the password of your Prijavko account was changed/);
      assert.match(text, /Browser: Firefox 140 · Windows/);
      assert.match(text, /Address \(IP\): 192\.0\.2\.7/);
      assert.match(text, /When: .* \(Croatian time\)/);
      assert.match(
        text,
        /Not me – set a new password: http:\/\/prijavko\.test\/app\/zaboravljena-lozinka\?jezik=en/,
      );
      assert.ok(!text.includes(NEW_PASSWORD) && !text.includes(PASSWORD), "no password in it");
    }, { trustProxy: true }),
});
