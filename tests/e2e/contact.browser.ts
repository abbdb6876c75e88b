import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { screenshot, VIEWPORTS } from "../support/browser.ts";
import { e2eSession, LOOKS, type Theme } from "../support/e2e.ts";
import { sharedStack } from "../support/shared-stack.ts";
import type { TestStack } from "../support/stack.ts";

/** The browser tests share one running product: the real API, workers, NATS and SMTP listener. */
let stack: TestStack;
let browser: Browser;

/** A page of the site in a fresh browser profile (desktop and the default theme unless told). */
async function openPage(
  path: string,
  look: { viewport?: { width: number; height: number }; theme?: Theme } = {},
): Promise<Page> {
  const context = await e2eSession(stack, browser).newContext(look);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

Deno.test({
  name: "browser: the contact page",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    ({ stack, browser } = await sharedStack());
    await t.step(
      "a visitor sends a message in Croatian and support receives it by e-mail",
      async () => {
        const page = await openPage("/kontakt");
        assert.equal(await page.title(), "Kontakt · Prijavko");
        await page.getByLabel("Ime", { exact: true }).fill("Marko");
        await page.getByLabel("Prezime").fill("Perić");
        await page.getByLabel("E-mail").fill("marko.peric@example.com");
        await page.getByLabel("Poruka").fill(
          "Imam apartman u Splitu s tri jedinice. Kako počinjem?",
        );
        await page.getByRole("button", { name: "Pošalji" }).click();
        await page.getByRole("status").getByText("Poruka je uspješno poslana.").waitFor();
        assert.equal(
          await page.getByLabel("Ime", { exact: true }).inputValue(),
          "",
          "the form is reset",
        );
        await screenshot(page, "contact-sent-desktop-light");

        const mail = await stack.smtp.waitForMail((m) =>
          m.subject === "Kontakt obrazac: Marko Perić"
        );
        assert.equal(mail.replyTo?.text, "marko.peric@example.com");
        assert.match(mail.text ?? "", /Imam apartman u Splitu s tri jedinice\. Kako počinjem\?/);
        await page.context().close();
      },
    );

    await t.step(
      "an empty or wrong form shows each field's message in English and sends nothing",
      async () => {
        const page = await openPage("/en/kontakt", { viewport: VIEWPORTS.phone });
        let posted = 0;
        page.on(
          "request",
          (r) => void (r.url().includes("/api/Support/contact-form") && posted++),
        );
        await page.getByRole("button", { name: "Send" }).click();
        for (
          const text of [
            "First name is required",
            "Last name is required",
            "Email is required",
            "Message is required",
          ]
        ) {
          await page.getByText(text).waitFor();
        }
        await page.getByLabel("E-mail").fill("not-an-address");
        await page.getByRole("button", { name: "Send" }).click();
        await page.getByText("Please enter a valid email address").waitFor();
        assert.equal(posted, 0);
        await screenshot(page, "contact-errors-phone-light");
        await page.context().close();
      },
    );

    await t.step(
      "a failed send tells the visitor to try again and keeps what they typed",
      async () => {
        const page = await openPage("/en/kontakt");
        await page.route("**/api/Support/contact-form", (route) =>
          route.fulfill({
            status: 503,
            contentType: "application/problem+json",
            body: JSON.stringify({
              type: "/api/problems/ServiceUnavailable",
              title: "Unavailable",
              status: 503,
            }),
          }));
        await page.getByLabel("First name").fill("Jana");
        await page.getByLabel("Last name").fill("Weber");
        await page.getByLabel("E-mail").fill("jana@example.de");
        await page.getByLabel("Message").fill("Hello!");
        await page.getByRole("button", { name: "Send" }).click();
        await page.getByRole("alert").getByText("Error sending message. Please try again.")
          .waitFor();
        assert.equal(await page.getByLabel("Message").inputValue(), "Hello!");
        await page.context().close();
      },
    );

    await t.step("a signed-in host's contact form starts with their profile's name", async () => {
      const session = e2eSession(stack, browser);
      const page = await (await session.newContext()).newPage();
      const email = "kontakt-ime@example.com";
      await session.registerAndLogIn(page, email);
      // The profile as the API answers it, with the name the host entered on the profile page.
      await page.route("**/api/Users/manage/profile", async (route) => {
        const response = await route.fetch();
        const profile = await response.json();
        await route.fulfill({ response, json: { ...profile, fullName: "Ana Marija Horvat" } });
      });
      await page.goto("/app/kontakt");
      const firstName = page.getByLabel("Ime", { exact: true });
      await page.waitForFunction(
        () => (document.querySelector<HTMLInputElement>('[name="firstName"]')?.value ?? "") !== "",
        undefined,
        { timeout: 10_000 },
      );
      assert.equal(await firstName.inputValue(), "Ana Marija");
      assert.equal(await page.getByLabel("Prezime").inputValue(), "Horvat");
      assert.equal(await page.getByLabel("E-mail").inputValue(), email);
      await page.context().close();
    });

    await t.step("the pages look right on a phone and a desktop, light and dark", async () => {
      for (const { viewport, theme, suffix } of LOOKS) {
        for (
          const [name, path] of [["landing", "/"], ["contact", "/kontakt"], [
            "contact-en",
            "/en/kontakt",
          ], ["app-contact", "/app/kontakt"]]
        ) {
          const page = await openPage(path, { viewport, theme });
          await page.waitForLoadState("networkidle");
          assert.equal(
            await page.locator("html").getAttribute("data-theme"),
            theme === "DarkTheme" ? "dark" : "light",
          );
          await screenshot(page, `${name}-${suffix}`);
          await page.context().close();
        }
      }
    });

    await t.step(
      "an unknown address shows the 404 page with its status and a way home",
      async () => {
        const page = await openPage("/");
        const response = await page.goto(stack.baseUrl + "/ova-stranica-ne-postoji");
        assert.equal(response?.status(), 404);
        await screenshot(page, "not-found-desktop-light");
        await page.getByRole("link", { name: "Povratak na početnu" }).first().click();
        await page.waitForURL(stack.baseUrl + "/");
        await page.context().close();
      },
    );

    await t.step("the logs hold no personal data from the messages sent", async () => {
      const logs = await stack.logs();
      assert.ok(logs.length > 0);
      for (const secret of ["Perić", "marko.peric@example.com", "Splitu", "jana@example.de"]) {
        assert.ok(!logs.includes(secret), `logs must not contain ${secret}`);
      }
    });
  },
});
