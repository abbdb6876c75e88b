import assert from "node:assert/strict";
import type { Browser } from "playwright-core";
import { sharedStack } from "../support/shared-stack.ts";
import type { TestStack } from "../support/stack.ts";

/** A phone in dark mode: a fresh profile whose system asks for dark colours. */
async function darkPhone(stack: TestStack, browser: Browser, storedTheme?: string) {
  const context = await browser.newContext({
    baseURL: stack.baseUrl,
    colorScheme: "dark",
    locale: "hr-HR",
    viewport: { width: 390, height: 844 },
  });
  await context.addInitScript(() =>
    localStorage.setItem("cookieConsent", '{"performance":false,"advertising":false}')
  );
  if (storedTheme) {
    await context.addInitScript((value) => localStorage.setItem("theme", value), storedTheme);
  }
  return context;
}

const DOORS = ["/", "/en/", "/prijava/smjestaj/NEMA2345AB", "/en/prijava/smjestaj/NEMA2345AB"];

/**
 * The landing page and the door (check-in) page follow the phone's dark mode while nothing is
 * chosen; a theme chosen and remembered wins over it.
 */
Deno.test({
  name: "browser: the landing and door pages follow the system's dark mode",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { stack, browser } = await sharedStack();
    const theme = (page: import("playwright-core").Page) =>
      page.locator("html").getAttribute("data-theme");

    const dark = await darkPhone(stack, browser);
    const page = await dark.newPage();
    for (const path of DOORS) {
      await page.goto(path);
      assert.equal(await theme(page), "dark", `${path}: no choice stored, the system's dark`);
    }
    // The landing page's switch says so: the system's theme is what is in force.
    await page.goto("/");
    assert.equal(
      await page.locator('[data-theme-switch] input[value="AutoTheme"]').first().isChecked(),
      true,
    );
    await dark.close();

    const chosen = await darkPhone(stack, browser, "DefaultTheme");
    const light = await chosen.newPage();
    for (const path of DOORS) {
      await light.goto(path);
      assert.equal(await theme(light), "light", `${path}: the light theme chosen wins`);
    }
    await chosen.close();
  },
});
