import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { screenshot } from "../support/browser.ts";
import { sharedStack } from "../support/shared-stack.ts";
import type { TestStack } from "../support/stack.ts";
import { e2eSession, LOOKS } from "../support/e2e.ts";

let stack: TestStack;
let browser: Browser;

const HOST = "vesna.history@example.com";

/** Opens History from the profile menu, in Croatian or English. */
async function openHistory(page: Page, lang: "hr" | "en") {
  const labels = lang === "hr"
    ? { menu: "Moj račun", item: "Povijest", signedIn: "Prijava" }
    : { menu: "My account", item: "History", signedIn: "Signed in" };
  await page.getByRole("button", { name: labels.menu }).click();
  await page.getByRole("menuitem", { name: labels.item }).click();
  await page.waitForURL("**/app/povijest");
  await page.getByRole("heading", { name: labels.item, level: 1 }).waitFor();
  await page.getByText(labels.signedIn, { exact: true }).locator("visible=true").first().waitFor();
}

Deno.test({
  name: "browser: the account history, from the profile menu",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    ({ stack, browser } = await sharedStack());
    const { newContext, logIn, logInToDashboard, registerAndLogIn } = e2eSession(stack, browser);
    await t.step("a host's sign-ins and a failed one are listed, newest first", async () => {
      const context = await newContext();
      const page = await context.newPage();
      await registerAndLogIn(page, HOST);
      await context.close();
      const wrong = await newContext();
      const other = await wrong.newPage();
      await logIn(other, HOST, "Kriva-Lozinka-1!");
      await other.getByText("Neispravan e-mail ili lozinka. Pokušajte ponovno.").waitFor();
      await wrong.close();
    });

    await t.step(
      "History opens from the profile menu on phone and desktop, light and dark, hr and en",
      async () => {
        for (const { viewport, theme, suffix } of LOOKS) {
          for (const lang of ["hr", "en"] as const) {
            const context = await newContext({ viewport, theme });
            const page = await context.newPage();
            await logInToDashboard(page, HOST);
            if (lang === "en") {
              // The language switch's choice, kept in localStorage.
              await page.evaluate(() => localStorage.setItem("language", "en"));
              await page.reload();
              await page.getByRole("heading", { name: /Welcome/ }).waitFor();
            }
            await openHistory(page, lang);
            const failed = lang === "hr" ? "Neuspjela prijava" : "Failed sign-in";
            await page.getByText(failed, { exact: true }).locator("visible=true").first()
              .waitFor();
            // The browser of each sign-in is shown beside it, by name, not as its raw header.
            assert.ok(await page.getByText(/^Chrome \d+ · Linux$/).count() > 0);
            assert.equal(await page.getByText(/Mozilla\/5\.0/).count(), 0);
            await screenshot(page, `history-${lang}-${suffix}`);
            await context.close();
          }
        }
      },
    );
  },
});
