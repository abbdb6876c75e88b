import assert from "node:assert/strict";
import type { Browser, Locator, Page } from "playwright-core";
import { axeIssuesOf } from "../support/axe.ts";
import { screenshot, VIEWPORTS } from "../support/browser.ts";
import { pool } from "../support/pool.ts";
import { sharedStack } from "../support/shared-stack.ts";
import { STACK_ADMIN, type TestStack } from "../support/stack.ts";
import {
  atRest,
  dialogScreenshot,
  E2E_PASSWORD,
  e2eSession,
  linkIn,
  LOOKS,
  mailTo,
} from "../support/e2e.ts";

let stack: TestStack;
let browser: Browser;

const HOST = "iva.racun@example.com";
const AXE = new URL("../../node_modules/axe-core/axe.min.js", import.meta.url).pathname;

/** axe-core's critical and serious findings inside `scope` (the page's main, or a dialog). */
async function seriousAxeIssues(page: Page, scope = "main"): Promise<string[]> {
  // Run as the browser's devtools would: the page's Content-Security-Policy allows no added script.
  await page.evaluate(await Deno.readTextFile(AXE));
  return await page.evaluate(async (selector) => {
    // deno-lint-ignore no-explicit-any
    const axe = (globalThis as any).axe;
    const { violations } = await axe.run(document.querySelector(selector), {
      resultTypes: ["violations"],
    });
    return violations
      .filter((v: { impact: string }) => v.impact === "critical" || v.impact === "serious")
      .map((v: { id: string; nodes: { target: string[] }[] }) =>
        `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`
      );
  }, scope);
}

const TEXTS = {
  hr: {
    menu: "Moj račun",
    profile: "Profil",
    settings: "Postavke",
    privacy: "Centar za privatnost",
    accountSettings: "Postavke računa",
    history: "Povijest",
    support: "Podrška",
    feedback: "Povratne informacije",
    changePassword: "Promijeni lozinku",
    saveProfile: "Spremi profil",
    saveSettings: "Spremi postavke",
    deleteOpen: "Obriši moj račun",
    deleteTitle: "Obrisati račun?",
    retention: "30 dana nakon odlaska",
  },
  en: {
    menu: "My account",
    profile: "Profile",
    settings: "Settings",
    privacy: "Privacy center",
    accountSettings: "Account settings",
    history: "History",
    support: "Support",
    feedback: "Feedback",
    changePassword: "Change password",
    saveProfile: "Save profile",
    saveSettings: "Save settings",
    deleteOpen: "Delete my account",
    deleteTitle: "Delete your account?",
    retention: "30 days after departure",
  },
} as const;

/** The profile menu once it has finished growing in (a click during it may miss its item). */
async function openedMenu(page: Page) {
  await atRest(page.locator("[role=menu]"));
}

async function openFromMenu(
  page: Page,
  lang: "hr" | "en",
  item: "profile" | "accountSettings" | "settings" | "privacy" | "history",
) {
  const texts = TEXTS[lang];
  await page.getByRole("button", { name: texts.menu, exact: true }).click();
  await openedMenu(page);
  await page.getByRole("menuitem", { name: texts[item], exact: true }).click();
  await page.getByRole("heading", { name: texts[item], level: 1 }).waitFor();
}

async function assertAxeClean(page: Page, what: string, scope?: string) {
  assert.deepEqual(await seriousAxeIssues(page, scope), [], `axe: ${what}`);
}

Deno.test({
  name: "browser: profile, settings and the privacy centre with account deletion",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    ({ stack, browser } = await sharedStack());
    const { newContext, logIn, logInAsAdmin, logInToDashboard, registerAndLogIn } = e2eSession(
      stack,
      browser,
    );
    await t.step(
      "the profile checks the OIB, saves, and the dashboard greets by name",
      async () => {
        const context = await newContext();
        const page = await context.newPage();
        await registerAndLogIn(page, HOST);
        await page.getByRole("heading", { name: "Dobro došli", exact: true }).waitFor();
        await openFromMenu(page, "hr", "profile");
        await page.getByLabel("Ime i prezime").fill("Iva Ivić");
        await page.getByLabel("OIB").fill("69435151531");
        await page.getByLabel("Ulica i kućni broj").fill("Riva 3");
        await page.getByLabel("Poštanski broj").fill("23000");
        await page.getByLabel("Mjesto").fill("Zadar");
        await page.getByRole("button", { name: "Spremi profil" }).click();
        await page.getByText("Unesite ispravan OIB").waitFor();
        assert.equal(
          await page.evaluate(() => document.activeElement?.getAttribute("name")),
          "oib",
          "the wrong field gets the focus",
        );
        await page.getByLabel("OIB").fill("69435151530");
        await page.getByRole("switch", { name: "U sustavu PDV-a" }).click();
        await page.getByRole("button", { name: "Spremi profil" }).click();
        await page.getByText("Profil je spremljen.").waitFor();
        await page.reload();
        assert.equal(await page.getByLabel("OIB").inputValue(), "69435151530");
        assert.equal(
          await page.getByRole("switch", { name: "U sustavu PDV-a" }).getAttribute(
            "aria-checked",
          ),
          "true",
        );
        await page.goto("/app/kontrolna-ploca");
        await page.getByRole("heading", { name: "Dobro došli, Iva Ivić" }).waitFor();
        await context.close();
      },
    );

    await t.step(
      "settings are kept on the server and follow the host to a new browser",
      async () => {
        const context = await newContext();
        const page = await context.newPage();
        await logInToDashboard(page, HOST);
        await openFromMenu(page, "hr", "settings");
        await page.getByLabel("Jezik", { exact: true }).selectOption("en");
        await page.getByLabel("Tema", { exact: true }).selectOption("DarkTheme");
        await page.getByLabel("Dolazak (prijava)").fill("15:00");
        await page.getByLabel("Odlazak (odjava)").fill("09:30");
        await page.getByRole("button", { name: "Spremi postavke" }).click();
        await page.getByText("Settings saved.").waitFor();
        assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), "dark");
        await context.close();

        // Another browser: after signing in, English and dark.
        const other = await newContext();
        const fresh = await other.newPage();
        await logInToDashboard(fresh, HOST);
        await fresh.getByRole("heading", { name: "Welcome, Iva Ivić" }).waitFor();
        assert.equal(await fresh.evaluate(() => document.documentElement.dataset.theme), "dark");
        await fresh.goto("/app/postavke");
        assert.equal(await fresh.getByLabel("Arrival (check-in)").inputValue(), "15:00");
        // Back to Croatian and light for the steps that follow.
        await fresh.getByLabel("Language", { exact: true }).selectOption("hr");
        await fresh.getByLabel("Theme", { exact: true }).selectOption("DefaultTheme");
        await fresh.getByRole("button", { name: "Save settings" }).click();
        await fresh.getByText("Postavke su spremljene.").waitFor();
        await other.close();
      },
    );

    await t.step(
      "deleting the account asks for the password, names the consequences, and can be cancelled after signing in again",
      async () => {
        const context = await newContext();
        const page = await context.newPage();
        await logInToDashboard(page, HOST);
        await openFromMenu(page, "hr", "privacy");
        await page.getByText("30 dana nakon odlaska").waitFor();
        await page.getByRole("button", { name: "Obriši moj račun" }).click();
        const dialog = page.getByRole("dialog", { name: "Obrisati račun?" });
        await dialog.waitFor();
        await dialog.getByText(/povezane eVisitor račune/).waitFor();
        // What waits meanwhile, said before asking.
        await dialog.getByText(/API tokeni, narudžbe paketa i novi članovi tima miruju/)
          .waitFor();
        await dialog.getByRole("button", { name: "Obriši račun za 14 dana" }).click();
        await dialog.getByLabel("Lozinka").and(dialog.locator("[aria-invalid=true]")).waitFor();
        await dialog.getByLabel("Lozinka").fill("Kriva-Lozinka-1!");
        await dialog.getByRole("button", { name: "Obriši račun za 14 dana" }).click();
        await dialog.getByText("Lozinka nije ispravna.").waitFor();
        await dialog.getByLabel("Lozinka").fill(E2E_PASSWORD);
        await dialog.getByRole("button", { name: "Obriši račun za 14 dana" }).click();
        const banner = page.getByRole("region", { name: "Zakazano brisanje računa" });
        await banner.waitFor();
        await banner.getByText(/Vaš račun bit će obrisan/).waitFor();
        const mail = await stack.smtp.waitForMail((m) =>
          mailTo(HOST)(m) && m.subject === "Vaš račun bit će obrisan za 14 dana – Prijavko"
        );
        // The e-mailed link keeps the account, without signing in.
        const linkPage = await (await newContext({ viewport: VIEWPORTS.phone })).newPage();
        await linkPage.goto(linkIn(mail));
        await linkPage.getByRole("heading", { name: "Zadržati račun?" }).waitFor();
        await linkPage.getByRole("button", { name: "Otkaži brisanje" }).click();
        await linkPage.getByRole("heading", { name: "Brisanje je otkazano" }).waitFor();
        await screenshot(linkPage, "cancel-deletion-link-done-phone-light");
        await linkPage.reload();
        await linkPage.getByRole("button", { name: "Otkaži brisanje" }).click();
        await linkPage.getByRole("heading", {
          name: "Brisanje nije moguće otkazati ovom poveznicom",
        }).waitFor();
        await linkPage.context().close();
        await page.reload();
        await page.getByRole("button", { name: "Obriši moj račun" }).waitFor();
        assert.equal(await banner.count(), 0, "the banner went with the deletion");

        // Asked again: signing in during the grace period shows the banner's cancel button.
        await page.getByRole("button", { name: "Obriši moj račun" }).click();
        await dialog.getByLabel("Lozinka").fill(E2E_PASSWORD);
        await dialog.getByRole("button", { name: "Obriši račun za 14 dana" }).click();
        await banner.waitFor();
        await dialog.waitFor({ state: "detached" });
        await page.evaluate(() => scrollTo(0, 0));
        await screenshot(page, "privacy-deletion-pending-desktop-light", { fullPage: false });

        // An administrator impersonating the host sees the banner, but no way to keep the
        // account: that is the owner's decision.
        const adminContext = await newContext();
        const admin = await adminContext.newPage();
        await logInAsAdmin(admin, STACK_ADMIN.email, STACK_ADMIN.password);
        await admin.getByLabel("Pretraži korisnike").fill("iva.racun");
        await admin.getByRole("button", { name: `Oponašaj ${HOST}` }).click();
        await admin.getByRole("dialog").getByRole("button", { name: "Oponašaj korisnika" })
          .click();
        await admin.waitForURL("**/app/kontrolna-ploca");
        const adminBanner = admin.getByRole("region", { name: "Zakazano brisanje računa" });
        await adminBanner.getByText(/Vaš račun bit će obrisan/).waitFor();
        assert.equal(await adminBanner.getByRole("button").count(), 0);
        await admin.goto("/app/privatnost");
        await admin.getByText(/Vaš račun bit će obrisan/).first().waitFor();
        assert.equal(await admin.getByRole("button", { name: "Zadrži moj račun" }).count(), 0);
        await adminContext.close();

        await page.getByRole("button", { name: "Moj račun", exact: true }).click();
        await page.getByRole("menuitem", { name: "Odjava" }).click();
        await page.waitForURL("**/app/prijava**");
        await logIn(page, HOST);
        await page.waitForURL("**/app/kontrolna-ploca");
        await banner.getByRole("button", { name: "Zadrži moj račun" }).click();
        await page.getByText("Brisanje je otkazano; račun ostaje.").waitFor();
        await banner.waitFor({ state: "detached" });
        await context.close();
      },
    );

    await t.step(
      "every page of the profile menu in hr and en, phone and desktop, light and dark: a real page, axe finds nothing serious",
      async () => {
        // Two looks at a time, each in its own profile: a look mostly waits on pages and axe.
        const looks = LOOKS.flatMap((look) =>
          (["hr", "en"] as const).map((lang) => ({ look, lang }))
        );
        await pool(looks, 2, async ({ look, lang }) => {
          const context = await newContext({ viewport: look.viewport, theme: look.theme });
          const page = await context.newPage();
          await logInToDashboard(page, HOST);
          if (lang === "en") {
            await page.evaluate(() => localStorage.setItem("language", "en"));
            await page.reload();
            await page.getByRole("heading", { name: /Welcome/ }).waitFor();
          }
          const texts = TEXTS[lang];
          const name = (page: string) => `${page}-${lang}-${look.suffix}`;
          /** The whole page (top bar, menu, main), and every part inside a landmark. */
          const check = async (what: string) => {
            assert.deepEqual(await seriousAxeIssues(page, "body"), [], `axe: ${name(what)}`);
            assert.deepEqual(await axeIssuesOf(page, ["region"]), [], `region: ${name(what)}`);
            assert.doesNotMatch(page.url(), /\/(uskoro|u-izradi)/, `${what} is a real page`);
          };

          await openFromMenu(page, lang, "profile");
          await page.getByLabel("OIB", { exact: false }).first().waitFor();
          await check("profile");
          await screenshot(page, name("profile"));

          await openFromMenu(page, lang, "accountSettings");
          await page.getByRole("button", { name: texts.changePassword }).first().waitFor();
          await page.waitForLoadState("networkidle");
          await check("account-settings");
          await screenshot(page, name("account-settings"));

          await openFromMenu(page, lang, "settings");
          await page.getByRole("button", { name: texts.saveSettings }).waitFor();
          await check("settings");
          await screenshot(page, name("settings"));

          await openFromMenu(page, lang, "privacy");
          await page.getByText(texts.retention).waitFor();
          await check("privacy");
          await screenshot(page, name("privacy"));
          await page.getByRole("button", { name: texts.deleteOpen }).click();
          const dialog: Locator = page.getByRole("dialog", { name: texts.deleteTitle });
          await dialog.waitFor();
          await dialogScreenshot(page, dialog, name("privacy-delete-dialog"));
          await assertAxeClean(page, name("privacy-delete-dialog"), "[role=dialog]");
          await page.keyboard.press("Escape");
          await dialog.waitFor({ state: "detached" });

          await openFromMenu(page, lang, "history");
          await page.waitForLoadState("networkidle");
          await check("history");
          await screenshot(page, name("account-history"));

          // Support, then Feedback: a dialog over the support page.
          await page.getByRole("button", { name: texts.menu, exact: true }).click();
          await openedMenu(page);
          await page.getByRole("menuitem", { name: texts.support, exact: true }).click();
          await page.waitForURL("**/app/kontakt");
          await page.getByRole("heading", { level: 1 }).waitFor();
          await check("support");
          await page.getByRole("button", { name: texts.menu, exact: true }).click();
          await openedMenu(page);
          await page.getByRole("menuitem", { name: texts.feedback, exact: true }).click();
          const feedback = page.getByRole("dialog", { name: texts.feedback });
          await feedback.waitFor();
          await assertAxeClean(page, name("feedback-dialog"), "[role=dialog]");
          await dialogScreenshot(page, feedback, name("feedback-dialog"));
          await context.close();
        });
      },
    );
  },
});
