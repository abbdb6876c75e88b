import assert from "node:assert/strict";
import { createTestApp, postJson } from "../support/app.ts";
import { createHost, getWith, PASSWORD, postWith, signIn } from "../support/accounts.ts";
import { REAL_SERVERS, withPipeline } from "../support/pipeline.ts";

/** The link in an e-mail's text, relative to the site. */
function linkIn(text: string | undefined): string {
  const match = /(http:\/\/prijavko\.test\/\S+)/.exec(text ?? "");
  assert.ok(match, "the e-mail holds a link");
  // The path only: links into the app may carry the reader's language (`?jezik=en`).
  return new URL(match[1]).pathname;
}

Deno.test({
  name: "a new host receives a Croatian confirmation e-mail whose link confirms the account",
  ...REAL_SERVERS,
  fn: () =>
    withPipeline(async ({ app, smtp }) => {
      await app.request(
        postJson("/api/Users/register", {
          email: "ivo@example.com",
          password: PASSWORD,
          acceptLegalDocuments: true,
        }, {
          "Accept-Language": "hr-HR,hr;q=0.9",
        }),
      );
      const mail = await smtp.waitForMail((m) =>
        m.to !== undefined && JSON.stringify(m.to).includes("ivo@example.com")
      );
      assert.equal(mail.subject, "Potvrdite svoju e-mail adresu – Prijavko");
      assert.match(mail.text ?? "", /hvala što ste se registrirali/);
      assert.match(mail.html || "", /Potvrdi e-mail adresu/);

      const path = linkIn(mail.text);
      const [, , , userId, code] = path.split("/");
      assert.match(path, /^\/app\/potvrdi-email\/[\w-]+\/[\w-]{43}$/);
      const confirm = await app.request(`/api/Users/confirmEmail?userId=${userId}&code=${code}`);
      assert.equal(confirm.status, 200);
      await signIn(app, "ivo@example.com");
    }),
});

Deno.test({
  name: "a forgotten password is reset through the link e-mailed in the host's language",
  ...REAL_SERVERS,
  fn: () =>
    withPipeline(async ({ app, smtp }) => {
      await app.request(
        postJson("/api/Users/register", {
          email: "emma@example.com",
          password: PASSWORD,
          acceptLegalDocuments: true,
        }, {
          "Accept-Language": "en-GB",
        }),
      );
      const welcome = await smtp.waitForMail((m) =>
        m.subject === "Confirm your e-mail address – Prijavko"
      );
      const [, , , userId, code] = linkIn(welcome.text).split("/");
      await app.request(`/api/Users/confirmEmail?userId=${userId}&code=${code}`);

      await app.request(postJson("/api/Users/forgotPassword", { email: "emma@example.com" }));
      const reset = await smtp.waitForMail((m) => m.subject === "Set a new password – Prijavko");
      const path = linkIn(reset.text);
      assert.match(path, /^\/app\/resetiraj-lozinku\/[\w-]{43}$/);
      // An English reader's link opens the page in English, in any browser.
      assert.match(reset.text ?? "", /resetiraj-lozinku\/[\w-]{43}\?jezik=en\b/);
      const res = await app.request(postJson("/api/Users/resetPassword", {
        resetCode: path.split("/").at(-1),
        newPassword: "Nova-Lozinka-2027!",
      }));
      assert.equal(res.status, 200);
      await signIn(app, "emma@example.com", "Nova-Lozinka-2027!");
    }),
});

Deno.test({
  name: "a new e-mail address receives its own confirmation link",
  ...REAL_SERVERS,
  fn: () =>
    withPipeline(async ({ app, smtp }) => {
      await app.request(
        postJson("/api/Users/register", {
          email: "luka@example.com",
          password: PASSWORD,
          acceptLegalDocuments: true,
        }),
      );
      const welcome = await smtp.waitForMail((m) =>
        JSON.stringify(m.to).includes("luka@example.com")
      );
      const [, , , userId, code] = linkIn(welcome.text).split("/");
      await app.request(`/api/Users/confirmEmail?userId=${userId}&code=${code}`);
      const { accessToken } = await signIn(app, "luka@example.com");

      await app.request(
        postJson("/api/Users/manage/info", {
          newEmail: "luka.novi@example.com",
          oldPassword: PASSWORD,
        }, { Authorization: `Bearer ${accessToken}` }),
      );
      const change = await smtp.waitForMail((m) =>
        JSON.stringify(m.to).includes("luka.novi@example.com")
      );
      assert.equal(change.subject, "Potvrdite novu e-mail adresu – Prijavko");
      const [, , , sameUser, changeCode] = linkIn(change.text).split("/");
      assert.equal(sameUser, userId);
      assert.equal(
        (await app.request(`/api/Users/confirmEmail?userId=${userId}&code=${changeCode}`)).status,
        200,
      );
      await signIn(app, "luka.novi@example.com");

      // The old address was told, with a link that undoes the change (issue 17, M3).
      const notice = await smtp.waitForMail((m) =>
        m.subject === "Zatražena je promjena e-mail adrese – Prijavko"
      );
      assert.ok(JSON.stringify(notice.to).includes("luka@example.com"));
      assert.ok(!(notice.text ?? "").includes("luka.novi"), "the notice names no new address");
      const revertPath = linkIn(notice.text);
      assert.match(revertPath, /^\/app\/ponisti-promjenu-emaila\/[\w-]+\/[\w-]{43}$/);
      const [, , , revertUser, revertCode] = revertPath.split("/");
      const undo = await app.request(
        postJson("/api/Users/revertEmailChange", { userId: revertUser, code: revertCode }),
      );
      assert.equal(undo.status, 200);
      assert.equal((await getWith(app, "/api/Users/manage/info", accessToken)).status, 401);
      await signIn(app, "luka@example.com");
    }),
});

Deno.test({
  name: "the owner hears once of a burst of failed sign-ins on their account",
  ...REAL_SERVERS,
  fn: () =>
    withPipeline(async ({ app, database, smtp }) => {
      await app.request(
        postJson("/api/Users/register", {
          email: "mara@example.com",
          password: PASSWORD,
          acceptLegalDocuments: true,
        }, {
          "Accept-Language": "en",
        }),
      );
      const welcome = await smtp.waitForMail((m) => JSON.stringify(m.to).includes("mara@"));
      const [, , , userId, code] = linkIn(welcome.text).split("/");
      await app.request(`/api/Users/confirmEmail?userId=${userId}&code=${code}`);

      const proxied = await createTestApp({ db: database.db, trustProxy: true });
      for (let i = 0; i < 12; i++) {
        await proxied.request(
          postJson("/api/Users/login", { email: "mara@example.com", password: "Wrong-1!x" }, {
            "X-Forwarded-For": `10.9.${i}.1`,
          }),
        );
      }
      const alert = await smtp.waitForMail((m) =>
        m.subject === "Failed sign-in attempts – Prijavko"
      );
      assert.ok(JSON.stringify(alert.to).includes("mara@example.com"));
      assert.match(alert.text ?? "", /http:\/\/prijavko\.test\/app\/postavke-racuna/);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      assert.equal(
        smtp.messages.filter((m) => m.subject === alert.subject).length,
        1,
        "once per burst",
      );
    }),
});

Deno.test({
  name: "asking to delete the account e-mails a Croatian link that keeps it, once",
  ...REAL_SERVERS,
  fn: () =>
    withPipeline(async ({ app, database, smtp }) => {
      const userId = await createHost(app, database.db, { email: "mara@example.com" });
      const { accessToken } = await signIn(app, "mara@example.com");
      const asked = await postWith(
        app,
        "/api/Users/manage/delete",
        { password: PASSWORD },
        accessToken,
      );
      assert.equal(asked.status, 200);
      const mail = await smtp.waitForMail((m) =>
        m.subject === "Vaš račun bit će obrisan za 14 dana – Prijavko"
      );
      assert.match(mail.text ?? "", /goste i povezane eVisitor račune/);
      const path = linkIn(mail.text);
      assert.match(path, new RegExp(`^/app/otkazi-brisanje/${userId}/[\\w-]{43}$`));
      const code = path.split("/").at(-1);
      const open = () => app.request(postJson("/api/Users/cancelDeletion", { userId, code }));
      assert.equal((await open()).status, 200);
      const info = await (await getWith(app, "/api/Users/manage/info", accessToken)).json();
      assert.equal(info.deletionDueAt, undefined, "the account stays");
      assert.equal((await open()).status, 400, "the link works once");
    }),
});
