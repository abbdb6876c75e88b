import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { screenshot, VIEWPORTS } from "../support/browser.ts";
import { e2eSession, LOOKS, type Theme } from "../support/e2e.ts";
import { sharedStack } from "../support/shared-stack.ts";
import type { TestStack } from "../support/stack.ts";

let stack: TestStack;
let browser: Browser;

/** A first visit: a fresh profile with no cookie choice stored. */
async function firstVisit(
  path: string,
  look: { viewport?: { width: number; height: number }; theme?: Theme } = {},
): Promise<Page> {
  const context = await e2eSession(stack, browser).newContext({ ...look, cookieChoice: false });
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/** What the page stored under localStorage "cookieConsent", parsed. */
async function storedChoice(page: Page): Promise<unknown> {
  const text = await page.evaluate(() => localStorage.getItem("cookieConsent"));
  return text === null ? null : JSON.parse(text);
}

/** Two optional scripts written inert, as the page would hold them until consent. */
async function addOptionalScripts(page: Page) {
  // Served from the page's own origin, as the CSP (script-src 'self' and hashes) requires.
  await page.route("**/__optional/*.js", (route) => {
    const kind = new URL(route.request().url()).pathname.split("/").pop()!.replace(".js", "");
    return route.fulfill({
      contentType: "text/javascript",
      body: `window.__ran = [...(window.__ran ?? []), "${kind}"];`,
    });
  });
  await page.evaluate(() => {
    for (const kind of ["performance", "advertising"]) {
      const script = document.createElement("script");
      script.type = "text/plain";
      script.dataset.consent = kind;
      script.dataset.src = `/__optional/${kind}.js`;
      document.body.append(script);
    }
    addEventListener("cookie-consent", (event) => {
      (globalThis as unknown as { __event: unknown }).__event = (event as CustomEvent).detail;
    });
  });
}

const ran = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { __ran?: string[] }).__ran ?? []);

Deno.test({
  name: "browser: the cookie banner",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    ({ stack, browser } = await sharedStack());
    await t.step(
      "a first visit shows the banner; settings start all on, the choice is saved and kept",
      async () => {
        const page = await firstVisit("/");
        const banner = page.getByRole("region", { name: "Kolačići" });
        await banner.waitFor();
        assert.equal(await storedChoice(page), null);
        await addOptionalScripts(page);
        assert.deepEqual(await ran(page), [], "nothing optional runs before consent");

        await banner.getByRole("button", { name: "Postavke" }).click();
        const dialog = page.getByRole("dialog", { name: "Postavke kolačića" });
        await dialog.waitFor();
        const required = dialog.getByRole("switch", { name: "Nužni kolačići" });
        const performance = dialog.getByRole("switch", { name: "Kolačići izvedbe" });
        const advertising = dialog.getByRole("switch", { name: "Kolačići za oglašavanje" });
        assert.equal(await required.isChecked(), true);
        assert.equal(await required.isDisabled(), true, "required cookies are always on");
        assert.equal(await performance.isChecked(), true);
        assert.equal(await advertising.isChecked(), true);
        const width = await dialog.evaluate((el) => el.getBoundingClientRect().width);
        assert.ok(width <= 500, `the dialog is at most 500 px wide (${width})`);

        // Keyboard: the switch toggles with the space bar.
        await advertising.focus();
        await page.keyboard.press("Space");
        assert.equal(await advertising.isChecked(), false);
        await dialog.getByRole("button", { name: "Spremi postavke" }).click();
        await dialog.waitFor({ state: "hidden" });
        await banner.waitFor({ state: "hidden" });
        assert.deepEqual(await storedChoice(page), { performance: true, advertising: false });
        await page.waitForFunction(() =>
          ((globalThis as unknown as { __ran?: string[] }).__ran ?? []).length > 0
        );
        assert.deepEqual(await ran(page), ["performance"], "only the allowed group starts");
        assert.deepEqual(
          await page.evaluate(() => (globalThis as unknown as { __event: unknown }).__event),
          { performance: true, advertising: false },
          "the cookie-consent event carries the choice",
        );
        assert.equal(
          await page.locator('script[type="text/plain"][data-consent="advertising"]').count(),
          1,
          "the advertising script stays inert",
        );

        await page.reload();
        const settingsLink = page.locator("footer").getByRole("button", {
          name: "Postavke kolačića",
        });
        await settingsLink.click();
        await dialog.waitFor();
        assert.equal(
          await page.locator("[data-cookie-banner]").isVisible(),
          false,
          "no banner once a choice is stored",
        );
        assert.equal(await performance.isChecked(), true, "the dialog shows the stored choice");
        assert.equal(await advertising.isChecked(), false);

        await advertising.check();
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "hidden" });
        assert.deepEqual(
          await storedChoice(page),
          { performance: true, advertising: false },
          "Esc closes without saving",
        );
        assert.equal(
          await page.evaluate(() => document.activeElement?.hasAttribute("data-cookie-settings")),
          true,
          "focus returns to the footer's button",
        );
        await page.context().close();
      },
    );

    await t.step("a first visit in English: Decline all", async () => {
      const page = await firstVisit("/en/kontakt", { viewport: VIEWPORTS.phone });
      const banner = page.getByRole("region", { name: "Cookies" });
      await banner.getByRole("button", { name: "Decline all" }).click();
      await banner.waitFor({ state: "hidden" });
      assert.deepEqual(await storedChoice(page), { performance: false, advertising: false });
      await page.goto("/en/");
      await page.waitForLoadState("networkidle");
      assert.equal(await page.locator("[data-cookie-banner]").isVisible(), false);
      await page.context().close();
    });

    await t.step(
      "a keyboard choice leaves focus on the page, never on the body",
      async () => {
        /** What has focus, as a short description ("BODY" when focus was dropped). */
        const focused = (page: Page) =>
          page.evaluate(() => {
            const active = document.activeElement;
            if (!active || active === document.body) return "BODY";
            const name = active.getAttribute("name");
            return `${active.tagName}${name ? `[name=${name}]` : active.id ? `#${active.id}` : ""}`;
          });

        // From a field of the page into the banner (as Tab from the page's last element reaches
        // it), Enter on "Decline all": back to that field.
        const contact = await firstVisit("/kontakt");
        const banner = contact.getByRole("region", { name: "Kolačići" });
        await banner.waitFor();
        await contact.getByLabel("Ime", { exact: true }).focus();
        await banner.getByRole("button", { name: "Odbij sve" }).focus();
        await contact.keyboard.press("Enter");
        await banner.waitFor({ state: "hidden" });
        assert.equal(await focused(contact), "INPUT[name=firstName]", "back where it was");
        await contact.context().close();

        // Nothing focused before (the banner reached first): the main content's heading.
        for (const [path, accept] of [["/", "Prihvati sve"], ["/app/prijava", "Prihvati sve"]]) {
          const page = await firstVisit(path);
          const region = page.getByRole("region", { name: "Kolačići" });
          await page.waitForLoadState("networkidle");
          await region.getByRole("button", { name: accept }).focus();
          await page.keyboard.press("Enter");
          await region.waitFor({ state: "hidden" });
          const target = await focused(page);
          assert.notEqual(target, "BODY", `${path}: focus stays on the page`);
          assert.equal(
            await page.evaluate(() =>
              document.activeElement?.closest("#main") !== null &&
              document.activeElement?.matches("#main, #main h1")
            ),
            true,
            `${path}: the main content (its heading) has focus, not ${target}`,
          );
          // The keyboard goes on from there into the page, not back to its top.
          await page.keyboard.press("Tab");
          assert.equal(
            await page.evaluate(() => document.activeElement?.closest("#main") !== null),
            true,
            `${path}: Tab continues inside the main content`,
          );
          await page.context().close();
        }
      },
    );

    await t.step("the sign-in page (/app) shows it in the stored language", async () => {
      const page = await firstVisit("/app/prijava");
      await page.getByRole("region", { name: "Kolačići" }).getByRole("button", {
        name: "Prihvati sve",
      }).waitFor();
      await page.evaluate(() => localStorage.setItem("language", "en"));
      await page.reload();
      const banner = page.getByRole("region", { name: "Cookies" });
      await banner.getByRole("button", { name: "Settings" }).click();
      const dialog = page.getByRole("dialog", { name: "Cookie settings" });
      await dialog.getByRole("switch", { name: "Performance cookies" }).waitFor();
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      assert.equal(await storedChoice(page), null, "Esc chooses nothing");
      assert.equal(
        await page.evaluate(() =>
          document.activeElement?.matches("[data-cookie-banner] [data-cookie-settings]")
        ),
        true,
        "focus returns to the banner's Settings button",
      );
      await banner.getByRole("button", { name: "Accept all" }).click();
      await banner.waitFor({ state: "hidden" });
      assert.deepEqual(await storedChoice(page), { performance: true, advertising: true });
      await page.context().close();
    });

    await t.step("the guest check-in page shows it in the page's language", async () => {
      const page = await firstVisit("/de/prijava/smjestaj/NEMA2345AB", {
        viewport: VIEWPORTS.phone,
      });
      const banner = page.getByRole("region", { name: "Cookies" });
      await banner.getByRole("button", { name: "Einstellungen" }).click();
      await page.getByRole("dialog", { name: "Cookie-Einstellungen" })
        .getByRole("switch", { name: "Werbe-Cookies" }).waitFor();
      await page.getByRole("button", { name: "Alle akzeptieren" }).last().click();
      await banner.waitFor({ state: "hidden" });
      assert.deepEqual(await storedChoice(page), { performance: true, advertising: true });
      await page.context().close();
    });

    await t.step(
      "the banner and the dialog on a phone and a desktop, light and dark",
      async () => {
        for (const look of LOOKS) {
          const page = await firstVisit("/", look);
          const banner = page.getByRole("region", { name: "Kolačići" });
          await banner.waitFor();
          await page.waitForLoadState("networkidle");
          const box = await banner.boundingBox();
          assert.ok(box && box.height < look.viewport.height / 3, "the banner stays compact");
          await screenshot(page, `cookie-banner-${look.suffix}`, { fullPage: false });
          await banner.getByRole("button", { name: "Postavke" }).click();
          await page.getByRole("dialog", { name: "Postavke kolačića" }).waitFor();
          await screenshot(page, `cookie-settings-${look.suffix}`, { fullPage: false });
          await page.context().close();
        }
      },
    );
  },
});
