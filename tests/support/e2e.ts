import assert from "node:assert/strict";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { ParsedMail } from "mailparser";
import { VIEWPORTS } from "./browser.ts";
import type { TestStack } from "./stack.ts";

export const E2E_PASSWORD = "Jadran-Sunce-2026!";
export type Theme = "DefaultTheme" | "DarkTheme";

/** The site-relative link in a received e-mail's text. */
export function linkIn(mail: ParsedMail): string {
  const match = /(http:\/\/127\.0\.0\.1:\d+)(\/app\/\S+)/.exec(mail.text ?? "");
  assert.ok(match, "the e-mail holds a link to the site");
  return match[2];
}

export const mailTo = (address: string) => (m: ParsedMail) =>
  JSON.stringify(m.to ?? "").includes(address);

/** What browser tests do again and again, against one running stack and one browser. */
export function e2eSession(stack: TestStack, browser: Browser) {
  async function newContext(
    { viewport = VIEWPORTS.desktop, theme }: {
      viewport?: { width: number; height: number };
      theme?: Theme;
    } = {},
  ): Promise<BrowserContext> {
    const context = await browser.newContext({
      viewport,
      reducedMotion: "reduce",
      baseURL: stack.baseUrl,
    });
    if (theme) await context.addInitScript((value) => localStorage.setItem("theme", value), theme);
    return context;
  }

  /** Signs in on the login page; `here` uses the login page already open (keeping its returnUrl). */
  async function logIn(page: Page, email: string, password = E2E_PASSWORD, { here = false } = {}) {
    if (!here) await page.goto("/app/prijava");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Lozinka", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Prijavi se" }).click();
  }

  /** Registers through the page and opens the confirmation link from the real e-mail. */
  async function registerAndConfirm(page: Page, email: string, password = E2E_PASSWORD) {
    await page.goto("/app/registracija");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Lozinka", { exact: true }).fill(password);
    await page.getByLabel("Potvrda lozinke").fill(password);
    await page.getByRole("button", { name: "Registriraj se" }).click();
    await page.getByRole("heading", { name: "Provjerite e-poštu" }).waitFor();
    const mail = await stack.smtp.waitForMail(mailTo(email));
    await page.goto(linkIn(mail));
    await page.getByRole("heading", { name: "E-mail adresa je potvrđena" }).waitFor();
  }

  return { newContext, logIn, registerAndConfirm };
}
