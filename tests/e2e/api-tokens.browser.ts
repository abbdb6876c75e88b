import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { createDatabase } from "@core/db/client.ts";
import { subscriptions } from "@core/db/schema/billing.ts";
import { users } from "@core/db/schema/users.ts";
import { screenshot, VIEWPORTS } from "../support/browser.ts";
import { dialogScreenshot, E2E_PASSWORD, e2eSession, mailTo } from "../support/e2e.ts";
import { sharedStack } from "../support/shared-stack.ts";
import type { TestStack } from "../support/stack.ts";

let stack: TestStack;
let browser: Browser;

const HOST = "tea.api@example.com";
const SETTINGS = "/app/postavke-racuna";

/** The host's plan, as an administrator's assignment would set it. */
async function setPlan(packageId: "pro" | "premium") {
  const database = createDatabase({ url: stack.databaseUrl });
  try {
    const [user] = await database.db.select({ id: users.id }).from(users)
      .where(eq(users.email, HOST));
    await database.db.update(subscriptions).set({ packageId })
      .where(eq(subscriptions.userId, user.id));
  } finally {
    database.client.close();
  }
}

/** A call as a script would make it (curl -H "Authorization: Bearer …"). */
function callWith(token: string, path: string, method = "GET") {
  return fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(method === "GET" ? {} : { "Content-Type": "application/json" }),
    },
    body: method === "GET" ? undefined : "{}",
  });
}

const section = (page: Page) => page.getByRole("region", { name: "API tokeni" });

/**
 * Fills the new-token form, confirmed with the password (issue 30), and returns the token the
 * dialog shows once.
 */
async function createToken(page: Page, name: string, { write = false } = {}) {
  const tokens = section(page);
  await tokens.getByLabel("Naziv").fill(name);
  if (write) await tokens.getByRole("checkbox", { name: /Pisanje/ }).check();
  await tokens.getByLabel("Lozinka", { exact: true }).fill(E2E_PASSWORD);
  await tokens.getByRole("button", { name: "Izradi token" }).click();
  const dialog = page.getByRole("dialog", { name: `Token ${name} je izrađen` });
  await dialog.waitFor();
  const token = await dialog.getByLabel("Token", { exact: true }).inputValue();
  assert.match(token, /^prijavko_[A-Za-z0-9_-]{43}$/);
  return { dialog, token };
}

Deno.test({
  name: "browser: personal API tokens in account settings",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    ({ stack, browser } = await sharedStack());
    const { newContext, registerAndLogIn, inEveryLook } = e2eSession(stack, browser);
    await t.step("a host on the trial is told API access comes with Premium", async () => {
      const context = await newContext();
      const page = await context.newPage();
      await registerAndLogIn(page, HOST);
      await page.goto(SETTINGS);
      await section(page).getByText("Vaš paket ne uključuje pristup API-ju.").waitFor();
      await section(page).scrollIntoViewIfNeeded();
      await screenshot(page, "api-tokens-not-included-desktop-light", { fullPage: false });
      await context.close();
      await setPlan("premium");
    });

    await t.step(
      "the section and the shown-once dialog, phone and desktop, light and dark",
      async () => {
        await inEveryLook(HOST, async (page, { suffix }) => {
          await page.goto(SETTINGS);
          await section(page).getByText("Vaši tokeni").waitFor();
          const { dialog } = await createToken(page, `Skripta ${suffix}`);
          await dialogScreenshot(page, dialog, `api-token-created-${suffix}`);
          await dialog.getByRole("button", { name: "Token je spremljen" }).click();
          await dialog.waitFor({ state: "detached" });
          await section(page).getByText(`Skripta ${suffix}`, { exact: true }).waitFor();
          await section(page).scrollIntoViewIfNeeded();
          await screenshot(page, `api-tokens-${suffix}`, { fullPage: false });
        });
      },
    );

    await t.step("a token is created, copied, used with fetch and revoked", async () => {
      const context = await newContext({ clipboard: true });
      const page = await context.newPage();
      await page.goto("/app/prijava");
      await page.getByLabel("E-mail").fill(HOST);
      await page.getByLabel("Lozinka", { exact: true }).fill(E2E_PASSWORD);
      await page.getByRole("button", { name: "Prijavi se" }).click();
      await page.waitForURL("**/app/kontrolna-ploca");
      await page.goto(SETTINGS);

      // Form checks before anything is sent.
      const tokens = section(page);
      await tokens.getByRole("checkbox", { name: /Čitanje/ }).uncheck();
      await tokens.getByRole("button", { name: "Izradi token" }).click();
      await tokens.getByText("Polje „Naziv” je obavezno").waitFor();
      await tokens.getByText("Odaberite barem jedno dopuštenje.").waitFor();
      await tokens.getByText("Polje „Lozinka” je obavezno").waitFor();
      await tokens.getByRole("checkbox", { name: /Čitanje/ }).check();
      // A session left open is not enough: a wrong password makes no token, and says so.
      await tokens.getByLabel("Naziv").fill("Channel manager");
      const password = tokens.getByLabel("Lozinka", { exact: true });
      await password.fill("Kriva-Lozinka-1!");
      await tokens.getByRole("button", { name: "Izradi token" }).click();
      await tokens.getByText("Lozinka nije ispravna.").waitFor();
      // The field that needs fixing gets the focus.
      await page.waitForFunction(() => document.activeElement?.getAttribute("name") === "password");
      await screenshot(page, "api-token-wrong-password-desktop-light", { fullPage: false });

      const { dialog, token } = await createToken(page, "Channel manager", { write: true });
      await dialog.getByRole("button", { name: "Kopiraj" }).click();
      await page.getByText("Token je kopiran.").waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), token);
      await dialog.getByRole("button", { name: "Token je spremljen" }).click();
      await dialog.waitFor({ state: "detached" });
      // The owner is told by e-mail: the name, scopes and browser, never the token.
      const notice = await stack.smtp.waitForMail((m) =>
        mailTo(HOST)(m) && m.subject === "Izrađen je novi API token – Prijavko" &&
        /Token: Channel manager/.test(m.text ?? "")
      );
      assert.match(notice.text ?? "", /Dopuštenja: čitanje, pisanje/);
      assert.match(notice.text ?? "", /Preglednik: Chrome \d+/);
      assert.ok(!(notice.text ?? "").includes(token.slice(9)), "the e-mail holds no token");
      // Never shown again: not in the list, not after a reload.
      await page.reload();
      await tokens.getByText("Channel manager", { exact: true }).waitFor();
      assert.equal(await page.getByText(token).count(), 0);
      assert.equal(await page.locator(`input[value="${token}"]`).count(), 0);

      // Used as a script would: the host's data, and nothing of the account.
      const properties = await callWith(token, "/api/Properties?PageNumber=1&PageSize=20");
      assert.equal(properties.status, 200, await properties.clone().text());
      assert.equal((await properties.json()).totalCount, 0);
      const info = await callWith(token, "/api/Users/manage/info");
      assert.equal(info.status, 403);
      await info.body?.cancel();

      // The list shows the use.
      await page.reload();
      const item = tokens.getByRole("listitem").filter({ hasText: "Channel manager" });
      await item.getByText("Zadnja upotreba").waitFor();
      assert.equal(await item.getByText("Još nije korišten").count(), 0);

      // A downgrade stops it at once; Premium again lets it work.
      await setPlan("pro");
      const refused = await callWith(token, "/api/Properties?PageNumber=1&PageSize=20");
      assert.equal(refused.status, 403);
      await refused.body?.cancel();
      await setPlan("premium");

      await item.getByRole("button", { name: "Opozovi token Channel manager" }).click();
      const confirm = page.getByRole("dialog", { name: "Opozvati token Channel manager?" });
      await confirm.getByRole("button", { name: "Opozovi" }).click();
      await page.getByText("Token Channel manager je opozvan.").waitFor();
      await item.waitFor({ state: "detached" });
      const revoked = await callWith(token, "/api/Properties?PageNumber=1&PageSize=20");
      assert.equal(revoked.status, 401);
      await revoked.body?.cancel();

      // The account history names the token (never shows it).
      await page.goto("/app/povijest");
      await page.getByText("Opozvan API token").locator("visible=true").first().waitFor();
      await page.getByText("Izrađen API token").locator("visible=true").first().waitFor();
      await page.getByText("Token: Channel manager").locator("visible=true").first().waitFor();
      assert.equal(await page.getByText(token).count(), 0);
      await context.close();
    });

    await t.step("the API reference explains how to use a token", async () => {
      for (const [size, viewport] of Object.entries(VIEWPORTS)) {
        const context = await newContext({ viewport });
        const page = await context.newPage();
        await page.goto("/api/reference");
        await page.getByRole("heading", { name: "Using the API with a personal token" })
          .waitFor();
        await page.getByText("Authorization: Bearer prijavko_…").first().waitFor();
        await page.getByText(`${stack.baseUrl}/api/Properties`).first().waitFor();
        await screenshot(page, `api-reference-tokens-${size}`, { fullPage: false });
        await context.close();
      }
    });
  },
});
