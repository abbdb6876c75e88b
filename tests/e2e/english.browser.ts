import assert from "node:assert/strict";
import type { Browser } from "playwright-core";
import { seriousAxeIssues } from "../support/axe.ts";
import { screenshot, VIEWPORTS } from "../support/browser.ts";
import { E2E_PASSWORD, e2eSession, linkIn, LOOKS, mailTo } from "../support/e2e.ts";
import { sharedStack } from "../support/shared-stack.ts";
import { STACK_ADMIN, type TestStack } from "../support/stack.ts";

let stack: TestStack;
let browser: Browser;
const HOST = "emma.visitor@example.com";

Deno.test({
  name: "browser: an English visitor stays in English from a package to its order",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    ({ stack, browser } = await sharedStack());
    const { newContext, logIn } = e2eSession(stack, browser);
    await t.step(
      "from /en/paket/pro through registration, the e-mail and login back to Pro's order, all in English",
      async () => {
        const context = await newContext();
        const page = await context.newPage();
        await page.goto("/en/paket/pro?mjeseci=12");
        await page.getByRole("heading", { name: "Prijavko Pro", level: 1 }).waitFor();
        await page.getByRole("link", { name: "Sign up, 3 months free" }).click();

        await page.waitForURL(/\/app\/registracija\?/);
        await page.getByRole("heading", { name: "Create an account" }).waitFor();
        assert.equal(await page.evaluate(() => document.documentElement.lang), "en");
        await page.getByLabel("E-mail").fill(HOST);
        await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
        await page.getByLabel("Confirm password").fill(E2E_PASSWORD);
        await page.getByRole("checkbox", { name: /^I accept the Terms of use/ }).check();
        await page.getByRole("button", { name: "Register" }).click();
        await page.getByRole("heading", { name: "Check your e-mail" }).waitFor();

        const mail = await stack.smtp.waitForMail(mailTo(HOST));
        assert.equal(mail.subject, "Confirm your e-mail address – Prijavko");
        assert.match(mail.text ?? "", /Confirm e-mail address/);
        // The link itself says English: opened on another device, the page is still English.
        const link = linkIn(mail);
        assert.match(link, /[?&]jezik=en$/);
        const elsewhere = await newContext({ viewport: VIEWPORTS.phone });
        const phone = await elsewhere.newPage();
        await phone.goto(link);
        await phone.getByRole("heading", { name: "Your e-mail address is confirmed" }).waitFor();
        await screenshot(phone, "english-confirmed-phone-light");
        await elsewhere.close();

        // Back where they registered: login in English, then the package they chose.
        await page.getByRole("link", { name: "Go to login" }).click();
        await page.getByRole("heading", { name: "Log in" }).waitFor();
        await page.getByLabel("E-mail").fill(HOST);
        await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
        await page.getByRole("button", { name: "Log in" }).click();
        await page.waitForURL(/\/en\/paket\/pro\?mjeseci=12$/);
        await page.getByRole("heading", { name: "Prijavko Pro", level: 1 }).waitFor();
        assert.ok(await page.getByRole("radio", { name: /12 months/ }).isChecked());

        await page.getByRole("button", { name: "Continue to payment" }).click();
        const confirm = page.getByRole("dialog", { name: "Order the Pro plan?" });
        await confirm.getByText(/Pro for 12 months: €191\.04 to pay/).waitFor();
        await screenshot(page, "english-order-confirm-desktop-light", { fullPage: false });
        await confirm.getByRole("button", { name: "Order and pay" }).click();
        await page.waitForURL(/\/app\/pretplata\/placanje\/[A-Za-z0-9_-]+$/);
        await page.getByRole("heading", { name: "Payment: Prijavko Pro, 12 months" }).waitFor();
        await page.getByRole("region", { name: "Payment details" }).getByText("191.04").or(
          page.getByRole("region", { name: "Payment details" }).getByText("191,04"),
        ).first().waitFor();
        assert.equal(await page.evaluate(() => document.documentElement.lang), "en");
        assert.deepEqual(await seriousAxeIssues(page), [], "axe, the payment page");
        await screenshot(page, "english-payment-desktop-light");

        // The payment details by e-mail, in English, linking this payment page.
        const details = await stack.smtp.waitForMail((m) =>
          mailTo(HOST)(m) && /payment details/.test(m.subject ?? "")
        );
        assert.match(details.subject ?? "", /^Order \d{4}-\d{6}: payment details – Prijavko$/);
        assert.match(details.text ?? "", /Amount: €191\.04/);
        assert.match(details.text ?? "", /Model and reference: HR00 \d{4}-\d{6}/);
        const paymentPath = new URL(page.url()).pathname;
        assert.ok((details.text ?? "").includes(paymentPath));
        const reference = /HR00 (\d{4}-\d{6})/.exec(details.text ?? "")![1];

        // The money arrives: an administrator marks the order paid.
        const adminContext = await newContext();
        const admin = await adminContext.newPage();
        await logIn(admin, STACK_ADMIN.email, STACK_ADMIN.password);
        await admin.waitForURL("**/admin/korisnici");
        await admin.goto("/admin/ponude");
        await admin.getByRole("searchbox").fill(HOST);
        await admin.getByRole("button", { name: new RegExp(`Označi plaćenim.*${reference}`) })
          .first().click();
        await admin.getByRole("dialog").getByRole("button", { name: /Označi plaćenim|Potvrdi/ })
          .click();
        await admin.getByText("Plaćeno", { exact: true }).filter({ visible: true }).first()
          .waitFor();
        await adminContext.close();

        // The host is told in English, and their order is active, in English.
        const active = await stack.smtp.waitForMail((m) =>
          mailTo(HOST)(m) && /subscription is active/.test(m.subject ?? "")
        );
        assert.equal(active.subject, "Your Pro subscription is active – Prijavko");
        assert.match(active.text ?? "", /Thank you! Your payment has arrived/);
        await page.reload();
        await page.getByText(/^The payment has arrived and the package is active/).waitFor();
        await page.goto("/app/pretplata");
        await page.getByRole("region", { name: "Pro" }).first().getByText("Active").waitFor();
        const orders = page.getByRole("region", { name: "Your orders" });
        await orders.getByText(reference).first().waitFor();
        await orders.getByText("Paid", { exact: true }).first().waitFor();
        await page.getByRole("region", { name: "Receipts" })
          .getByRole("button", { name: /Download PDF/ }).first().waitFor();
        assert.equal(await page.evaluate(() => document.documentElement.lang), "en");
        assert.deepEqual(await seriousAxeIssues(page), [], "axe, the active subscription");
        await screenshot(page, "english-subscription-active-desktop-light");
        await context.close();

        // Another browser, which has no language of its own: the sign-in page is Croatian,
        // the app after it English, the account's language.
        const other = await newContext({ viewport: VIEWPORTS.phone });
        const fresh = await other.newPage();
        await logIn(fresh, HOST);
        await fresh.waitForURL("**/app/kontrolna-ploca");
        await fresh.getByRole("heading", { name: /^Welcome/ }).waitFor();
        assert.equal(await fresh.evaluate(() => document.documentElement.lang), "en");
        await other.close();
      },
    );

    await t.step(
      "the package page switches language and keeps the package and months",
      async () => {
        const context = await newContext();
        const page = await context.newPage();
        await page.goto("/paket/premium?mjeseci=6");
        await page.getByRole("heading", { name: "Prijavko Premium", level: 1 }).waitFor();
        await page.getByRole("navigation", { name: "Jezik" }).first()
          .getByRole("link", { name: "English" }).click();
        await page.waitForURL(/\/en\/paket\/premium\?mjeseci=6$/);
        await page.getByRole("link", { name: "Sign up, 3 months free" }).waitFor();
        assert.ok(await page.getByRole("radio", { name: /6 months/ }).isChecked());
        await context.close();
      },
    );

    await t.step(
      "an English browser gets the English site, cookie banner and sign-up; Croatian, once chosen, stays",
      async () => {
        // Issue 32 item 1: an en-GB browser got the Croatian landing page and sign-up, and its
        // account Croatian e-mails.
        const context = await newContext({ locale: "en-GB", cookieChoice: false });
        const page = await context.newPage();
        await page.goto("/");
        await page.waitForURL(/\/en\/$/);
        await page.getByRole("heading", {
          name: "Register your guests in eVisitor, without the hassle",
        }).waitFor();
        await page.getByRole("button", { name: "Accept all" }).waitFor();
        assert.equal(await page.locator("html").getAttribute("lang"), "en");

        const email = "oliver.english@example.com";
        await page.goto("/app/registracija");
        await page.getByRole("heading", { name: "Create an account" }).waitFor();
        await page.getByLabel("E-mail").fill(email);
        await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
        await page.getByLabel("Confirm password").fill(E2E_PASSWORD);
        await page.getByRole("checkbox", { name: /^I accept the Terms of use/ }).check();
        await page.getByRole("button", { name: "Register" }).click();
        await page.getByRole("heading", { name: "Check your e-mail" }).waitFor();
        const mail = await stack.smtp.waitForMail(mailTo(email));
        assert.equal(mail.subject, "Confirm your e-mail address – Prijavko");

        // Croatian chosen on the site is remembered: its addresses stay Croatian from then on.
        await page.goto("/en/kontakt");
        await page.getByRole("contentinfo").getByRole("link", { name: "Hrvatski" }).click();
        await page.waitForURL(/\/kontakt$/);
        assert.equal(await page.locator("html").getAttribute("lang"), "hr");
        await page.goto("/");
        assert.equal(new URL(page.url()).pathname, "/");
        assert.equal(await page.locator("html").getAttribute("lang"), "hr");
        await context.close();
      },
    );

    await t.step("on a phone the public site has a menu; its targets are 44 px", async () => {
      for (const look of LOOKS.filter((l) => l.size === "phone")) {
        const context = await newContext({ viewport: look.viewport, theme: look.theme });
        const page = await context.newPage();
        await page.goto("/en/");
        const menu = page.getByRole("button", { name: "Menu" });
        assert.equal(await menu.getAttribute("aria-expanded"), "false");
        const nav = page.getByRole("navigation", { name: "Main navigation" });
        assert.equal(await nav.count(), 0, "the menu starts closed");
        await menu.click();
        assert.equal(await menu.getAttribute("aria-expanded"), "true");
        await nav.getByRole("link", { name: "FAQ" }).waitFor();
        await screenshot(page, `english-menu-${look.suffix}`, { fullPage: false });
        for (
          const target of [
            nav.getByRole("link", { name: "FAQ" }),
            page.getByRole("link", { name: "Hrvatski" }).first(),
            page.getByRole("radio", { name: "Dark" }).first(),
            page.getByRole("contentinfo").getByRole("link", { name: "Contact" }),
          ]
        ) {
          const box = await target.evaluate((el) => {
            const r = (el.closest("label") ?? el).getBoundingClientRect();
            return { width: r.width, height: r.height };
          });
          assert.ok(box.height >= 44 && box.width >= 44, JSON.stringify(box));
        }
        await page.keyboard.press("Escape");
        assert.equal(await menu.getAttribute("aria-expanded"), "false");
        assert.deepEqual(await seriousAxeIssues(page), [], `axe, /en/ ${look.suffix}`);
        await context.close();
      }
    });

    await t.step(
      "the package and sign-in pages in English: axe finds nothing serious",
      async () => {
        for (const look of LOOKS) {
          const context = await newContext({ viewport: look.viewport, theme: look.theme });
          const page = await context.newPage();
          for (const path of ["/en/paket/pro", "/app/registracija?jezik=en", "/app/prijava"]) {
            await page.goto(path);
            await page.getByRole("heading", { level: 1 }).first().waitFor();
            await page.getByRole("button", { name: /Continue|Register|Log in|Sign up/ }).or(
              page.getByRole("link", { name: "Sign up, 3 months free" }),
            ).first().waitFor();
            assert.deepEqual(await seriousAxeIssues(page), [], `axe, ${path} ${look.suffix}`);
            const name = path.replace(/\?.*/, "").replaceAll("/", "-").replace(/^-/, "");
            await screenshot(page, `english-${name}-${look.suffix}`);
          }
          await context.close();
        }
      },
    );
  },
});
