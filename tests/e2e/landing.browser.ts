import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { screenshot } from "../support/browser.ts";
import { e2eSession, LOOKS } from "../support/e2e.ts";
import { sharedStack } from "../support/shared-stack.ts";
import type { TestStack } from "../support/stack.ts";
import { PACKAGE_CATALOGUE } from "@shared/billing/package-catalogue.ts";
import { planFeatures } from "../../site/src/lib/billing/plan-features.ts";
import { translator } from "../../site/src/i18n/translate.ts";
import {
  formatLandingFigures,
  landingFigures,
} from "../../site/src/lib/landing/landing-figures.ts";
import { VIEWPORTS } from "../support/browser.ts";

let stack: TestStack;
let browser: Browser;

const consentOf = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("cookieConsent") ?? "null"));

Deno.test({
  name: "browser: the public site as a first-time visitor sees it",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    ({ stack, browser } = await sharedStack());
    const { newContext } = e2eSession(stack, browser);
    await t.step(
      "a visitor chooses cookies, reads the features, switches to English, opens questions and follows the pricing to registration",
      async () => {
        const context = await newContext({ cookieChoice: false });
        const page = await context.newPage();
        await page.goto("/");
        assert.equal(await page.title(), "Prijavko – Prijava gostiju u eVisitor bez muke");
        await page.getByRole("heading", { name: "Prijava gostiju u eVisitor bez muke" })
          .waitFor();
        for (const claim of ["500+", "10.000+", "95 %", "4,9/5"]) {
          await page.getByText(claim, { exact: true }).waitFor();
        }

        // The banner, until a choice is stored; the settings start with both switches on.
        const banner = page.getByRole("region", { name: "Kolačići" });
        await banner.waitFor();
        await banner.getByRole("button", { name: "Postavke" }).click();
        const dialog = page.getByRole("dialog", { name: "Postavke kolačića" });
        await dialog.waitFor();
        const performance = dialog.getByRole("switch", { name: /Kolačići izvedbe/ });
        const advertising = dialog.getByRole("switch", { name: /Kolačići za oglašavanje/ });
        assert.ok(await performance.isChecked());
        assert.ok(await advertising.isChecked());
        assert.ok(await dialog.getByRole("switch", { name: /Nužni kolačići/ }).isDisabled());
        await advertising.click();
        await dialog.getByRole("button", { name: "Spremi postavke" }).click();
        await banner.waitFor({ state: "hidden" });
        assert.deepEqual(await consentOf(page), { performance: true, advertising: false });
        await page.reload();
        await page.getByRole("heading", { name: "Prijava gostiju u eVisitor bez muke" })
          .waitFor();
        assert.equal(await banner.isVisible(), false, "no banner once chosen");

        // Four features, and six more behind the toggle that counts them.
        const features = page.getByRole("region", { name: "Što Prijavko radi" });
        const more = features.getByText("Prikaži još 6 značajki");
        await more.waitFor();
        const hidden = features.getByRole("heading", { name: "Skeniranje dokumenta" });
        assert.equal(await hidden.isVisible(), false);
        await more.click();
        await hidden.waitFor();
        await features.getByText("Prikaži manje značajki").waitFor();

        // How it works: the owner's seven steps and the guest's four.
        const how = page.getByRole("region", { name: "Kako radi" });
        assert.equal(await how.locator("ol").first().locator("li").count(), 7);
        assert.equal(await how.locator("ol").nth(1).locator("li").count(), 4);

        // English, from the header's switch.
        await page.getByRole("navigation", { name: "Jezik", exact: true })
          .getByRole("link", { name: "English" }).click();
        await page.waitForURL(/\/en\/$/);
        await page.getByRole("heading", {
          name: "Register your guests in eVisitor, without the hassle",
        })
          .waitFor();
        assert.equal(await page.locator("html").getAttribute("lang"), "en");

        // Frequent questions open and close like an accordion.
        const faq = page.getByRole("region", { name: "Frequently asked questions" });
        const first = faq.locator("details").first();
        assert.equal(await first.getAttribute("open"), null);
        await first.locator("summary").click();
        assert.notEqual(await first.getAttribute("open"), null);
        await faq.getByRole("link", { name: "All questions and answers" }).click();
        await page.waitForURL(/\/en\/faq\/?$/);
        const all = page.locator("details");
        assert.ok(await all.count() > 5);
        await all.nth(6).locator("summary").click();
        assert.notEqual(await all.nth(6).getAttribute("open"), null);

        // Pricing: the packages' prices, then on to Pro's page and registration.
        await page.goto("/en/#cijene");
        const pricing = page.getByRole("region", { name: "Pricing" });
        await pricing.getByText("€19.90").waitFor();
        await pricing.getByText("The first 3 months are free", { exact: false }).waitFor();
        // Each card lists the lines tests/integration/package-catalogue-walk.test.ts probes.
        for (const pkg of PACKAGE_CATALOGUE) {
          const lines = await pricing.locator(`[data-package="${pkg.id}"] ul li`).allInnerTexts();
          assert.deepEqual(
            lines.map((line) => line.trim()),
            planFeatures(translator("en"), "en", pkg.policy),
            pkg.id,
          );
        }
        await pricing.locator('[data-package="premium"]')
          .getByText("Up to 5 users per property").waitFor();
        await screenshot(page, "landing-pricing-desktop-light", { fullPage: false });
        await pricing.getByRole("link", { name: "Choose Pro" }).click();
        await page.waitForURL(/\/en\/paket\/pro$/);
        await page.getByRole("heading", { name: "Prijavko Pro", level: 1 }).waitFor();
        await page.getByRole("link", { name: "Sign up, 3 months free" }).click();
        await page.waitForURL(/\/app\/registracija\?returnUrl=/);
        // The English visitor registers in English.
        await page.getByRole("button", { name: "Register" }).waitFor();
        await context.close();
      },
    );

    await t.step("the 404 page offers the way home in both languages", async () => {
      const context = await newContext();
      const page = await context.newPage();
      const answer = await page.goto("/nema-ove-stranice");
      assert.equal(answer?.status(), 404);
      await page.getByRole("link", { name: /početn/i }).first().click();
      await page.waitForURL(/\/$/);
      await context.close();
    });

    await t.step(
      "the landing page looks right on a phone and a desktop, light and dark",
      async () => {
        for (const look of LOOKS) {
          for (const path of ["/", "/en/", "/faq"]) {
            const context = await newContext({
              viewport: look.viewport,
              theme: look.theme,
              cookieChoice: path !== "/",
            });
            const page = await context.newPage();
            await page.goto(path);
            await page.locator("h1").waitFor();
            const width = await page.evaluate(() => document.documentElement.scrollWidth);
            assert.ok(width <= look.viewport.width, `${path} fits ${look.suffix} (${width} px)`);
            const name = path === "/" ? "landing" : path === "/en/" ? "landing-en" : "faq";
            await screenshot(page, `${name}-${look.suffix}`);
            await context.close();
          }
        }
      },
    );
    await t.step(
      "the figures are the operator's (built from the environment), in each language's format, " +
        "on a phone and a desktop (issue 32, item 9)",
      async () => {
        for (const lang of ["hr", "en"] as const) {
          // The site under test was built from this environment (dev/test.sh).
          const figures = formatLandingFigures(landingFigures(Deno.env.toObject()), lang);
          const expected = [
            `${figures.properties}+`,
            `${figures.guests}+`,
            figures.timeSaved,
            `${figures.rating}/5`,
          ];
          for (const size of ["phone", "desktop"] as const) {
            const context = await newContext({ viewport: VIEWPORTS[size] });
            const page = await context.newPage();
            await page.goto(lang === "hr" ? "/" : "/en/");
            const claims = page.locator("section[aria-labelledby=hero-heading] dl");
            const shown = await claims.locator("dd").allTextContents();
            assert.deepEqual(shown, expected);
            await claims.scrollIntoViewIfNeeded();
            await screenshot(page, `landing-figures-${lang}-${size}`, { fullPage: false });
            await context.close();
          }
        }
      },
    );
  },
});
