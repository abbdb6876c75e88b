import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { createDatabase } from "@core/db/client.ts";
import { legalAcceptances } from "@core/db/schema/legal-acceptances.ts";
import { users } from "@core/db/schema/users.ts";
import { DEVELOPMENT_PAYEE } from "@core/services/billing/payee.ts";
import { LEGAL_DOCUMENTS } from "@shared/legal/documents.ts";
import { seriousAxeIssues } from "../support/axe.ts";
import { screenshot, VIEWPORTS } from "../support/browser.ts";
import { e2eSession, LOOKS } from "../support/e2e.ts";
import { sharedStack } from "../support/shared-stack.ts";
import { STACK_ADMIN, type TestStack } from "../support/stack.ts";

let stack: TestStack;
let browser: Browser;

/** Each legal page in both languages: its heading and what the footer link says. */
const PAGES = [
  { path: "/uvjeti-koristenja", heading: "Uvjeti korištenja", kind: "terms", lang: "hr" },
  { path: "/politika-privatnosti", heading: "Politika privatnosti", kind: "privacy", lang: "hr" },
  { path: "/obrada-podataka", heading: "Ugovor o obradi podataka", kind: "dpa", lang: "hr" },
  { path: "/en/terms", heading: "Terms of use", kind: "terms", lang: "en" },
  { path: "/en/privacy", heading: "Privacy policy", kind: "privacy", lang: "en" },
  { path: "/en/data-processing", heading: "Data-processing agreement", kind: "dpa", lang: "en" },
] as const;

/** Rewinds a host's accepted privacy policy to an older version, as if a new one was published. */
async function rewindPrivacyAcceptance(email: string) {
  const database = createDatabase({ url: stack.databaseUrl });
  try {
    const [user] = await database.db.select({ id: users.id }).from(users).where(
      eq(users.email, email),
    );
    await database.db.update(legalAcceptances).set({ version: "0.9" }).where(and(
      eq(legalAcceptances.userId, user.id),
      eq(legalAcceptances.document, "privacy"),
    ));
  } finally {
    database.client.close();
  }
}

Deno.test({
  name: "browser: legal pages, acceptance at sign-up and sign-in, guest notice, feedback",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    ({ stack, browser } = await sharedStack());
    const { newContext, logIn, registerAndConfirm, logInToDashboard } = e2eSession(stack, browser);
    const openPage = async (
      path: string,
      look: {
        viewport?: { width: number; height: number };
        theme?: "DefaultTheme" | "DarkTheme";
        locale?: string;
      } = {},
    ): Promise<Page> => {
      const page = await (await newContext(look)).newPage();
      await page.goto(path);
      return page;
    };
    await t.step(
      "each legal page reads well in hr and en, phone and desktop, light and dark",
      async () => {
        for (const { path, heading, kind, lang } of PAGES) {
          for (const look of LOOKS) {
            const page = await openPage(path, look);
            await page.getByRole("heading", { level: 1, name: heading }).waitFor();
            const version = LEGAL_DOCUMENTS[kind].version;
            await page.getByTestId("legal-version").getByText(version).waitFor();
            // The operator comes from the API's configuration (the development payee here).
            const operator = page.getByTestId("legal-operator");
            await operator.getByText(DEVELOPMENT_PAYEE.name).waitFor();
            await operator.getByText(`${DEVELOPMENT_PAYEE.street}, ${DEVELOPMENT_PAYEE.city}`)
              .waitFor();
            assert.equal(await page.locator("html").getAttribute("lang"), lang);
            assert.deepEqual(await seriousAxeIssues(page), [], `axe on ${path} ${look.suffix}`);
            await screenshot(page, `legal-${kind}-${lang}-${look.suffix}`);
            await page.context().close();
          }
        }
      },
    );

    await t.step(
      "the footer links every legal page, and the language switch pairs them",
      async () => {
        const page = await openPage("/");
        const footer = page.getByRole("contentinfo");
        await footer.getByRole("link", { name: "Politika privatnosti" }).click();
        await page.waitForURL("**/politika-privatnosti");
        await page.getByRole("contentinfo").getByRole("link", { name: "English" }).click();
        await page.waitForURL("**/en/privacy");
        await page.getByRole("heading", { level: 1, name: "Privacy policy" }).waitFor();
        await page.getByRole("contentinfo").getByRole("link", { name: "Data processing" })
          .click();
        await page.waitForURL("**/en/data-processing");
        // The login page links the terms and the policy it says one accepts by signing in, in
        // the language chosen on the site (English here, issue 32 item 1), and in Croatian.
        await page.goto("/app/prijava");
        const main = page.getByRole("main");
        assert.equal(
          await main.getByRole("link", { name: "Terms of use" }).getAttribute("href"),
          "/en/terms",
        );
        await page.goto("/app/prijava?jezik=hr");
        assert.equal(
          await main.getByRole("link", { name: "Uvjete korištenja" }).getAttribute("href"),
          "/uvjeti-koristenja",
        );
        assert.equal(
          await main.getByRole("link", { name: "Politiku privatnosti" }).getAttribute("href"),
          "/politika-privatnosti",
        );
        const sitemap = await (await fetch(`${stack.baseUrl}/sitemap.xml`)).text();
        for (const { path } of PAGES) assert.ok(sitemap.includes(`${path}<`), path);
        await page.context().close();
      },
    );

    await t.step(
      "registration names the three documents and requires their acceptance",
      async () => {
        for (
          const look of LOOKS.filter((l) => l.theme === "DefaultTheme" || l.size === "phone")
        ) {
          const page = await openPage("/app/registracija", look);
          let posted = 0;
          page.on("request", (r) => void (r.url().includes("/api/Users/register") && posted++));
          const checkbox = page.getByRole("checkbox", { name: /^Prihvaćam Uvjete korištenja/ });
          await checkbox.waitFor();
          for (
            const [name, path] of [
              ["Uvjete korištenja", "/uvjeti-koristenja"],
              ["Politiku privatnosti", "/politika-privatnosti"],
              ["Ugovor o obradi podataka", "/obrada-podataka"],
            ]
          ) {
            assert.equal(await page.getByRole("link", { name }).getAttribute("href"), path);
          }
          await page.getByLabel("E-mail").fill(`pravo.${look.suffix}@example.com`);
          await page.getByLabel("Lozinka", { exact: true }).fill("Jadran-Sunce-2026!");
          await page.getByLabel("Potvrda lozinke").fill("Jadran-Sunce-2026!");
          await page.getByRole("button", { name: "Registriraj se" }).click();
          await page.getByText(
            "Za nastavak morate prihvatiti uvjete korištenja, politiku privatnosti i ugovor o obradi podataka",
          ).waitFor();
          assert.equal(posted, 0, "nothing is sent without the acceptance");
          assert.ok(await checkbox.evaluate((el) => el === document.activeElement));
          assert.deepEqual(await seriousAxeIssues(page, "main"), []);
          await screenshot(page, `register-acceptance-required-${look.suffix}`);
          await page.context().close();
        }
        const page = await openPage("/app/registracija");
        await registerAndConfirm(page, "legal.host@example.com");
        await page.context().close();
      },
    );

    await t.step(
      "a new version asks again after sign-in: accept goes on, sign-out leaves",
      async () => {
        await rewindPrivacyAcceptance("legal.host@example.com");
        for (const look of LOOKS) {
          const page = await openPage("/app/prijava", look);
          await logIn(page, "legal.host@example.com", undefined, { here: true });
          await page.waitForURL(/\/app\/prihvacanje-uvjeta\?returnUrl=/);
          await page.getByRole("heading", { name: "Ažurirani pravni dokumenti" }).waitFor();
          const main = page.getByRole("main");
          await main.getByRole("link", { name: "Politika privatnosti" }).waitFor();
          await main.getByText("prije ste prihvatili verziju 0.9").waitFor();
          // Only the document with a new version is asked for.
          assert.equal(await main.getByRole("link", { name: "Uvjeti korištenja" }).count(), 0);
          assert.deepEqual(await seriousAxeIssues(page, "main"), []);
          await screenshot(page, `accept-legal-${look.suffix}`);
          if (look.suffix === "phone-dark") {
            await page.getByRole("button", { name: "Odjava" }).click();
            await page.waitForURL("**/app/prijava");
          }
          await page.context().close();
        }
        const page = await openPage("/app/prijava");
        await logIn(page, "legal.host@example.com", undefined, { here: true });
        await page.waitForURL(/\/app\/prihvacanje-uvjeta/);
        await page.getByRole("button", { name: "Prihvaćam i nastavljam" }).click();
        await page.getByText(
          "Za nastavak morate prihvatiti uvjete korištenja, politiku privatnosti i ugovor o obradi podataka",
        ).waitFor();
        await screenshot(page, "accept-legal-error-desktop-light");
        await page.getByRole("checkbox", {
          name: "Pročitao/la sam i prihvaćam navedene dokumente.",
        })
          .check();
        await page.getByRole("button", { name: "Prihvaćam i nastavljam" }).click();
        await page.waitForURL("**/app/kontrolna-ploca");
        await page.context().close();
        // Accepted: the next sign-in goes straight to the dashboard.
        const again = await openPage("/app/prijava");
        await logInToDashboard(again, "legal.host@example.com");
        await again.context().close();
      },
    );

    await t.step(
      "a German guest's notice links a German privacy summary, not the English policy",
      async () => {
        const page = await openPage("/de/prijava/rezervacija/NEMA0000", {
          viewport: VIEWPORTS.phone,
          locale: "de-DE",
        });
        const notice = page.getByTestId("guest-privacy");
        const link = notice.getByRole("link", { name: "Datenschutzhinweise für Gäste" });
        await link.waitFor();
        assert.doesNotMatch(await notice.innerText(), /auf Englisch/);
        const [summary] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
        await summary.waitForLoadState();
        assert.equal(new URL(summary.url()).pathname, "/de/privatnost-gosta");
        assert.equal(await summary.locator("html").getAttribute("lang"), "de");
        await summary.getByRole("heading", { level: 1, name: "Ihre Daten bei der Anmeldung" })
          .waitFor();
        await summary.getByTestId("legal-operator").waitFor();
        assert.match(await summary.locator("main").innerText(), /Fotos von Ausweisen/);
        assert.equal(
          await summary.getByRole("link", { name: "Datenschutzerklärung auf Englisch" })
            .getAttribute("href"),
          "/en/privacy",
        );
        assert.deepEqual(await seriousAxeIssues(summary), []);
        await screenshot(summary, "guest-privacy-summary-de-phone");
        await page.context().close();
      },
    );

    await t.step(
      "the check-in page tells guests why their data is processed, in their language",
      async () => {
        const cases = [
          {
            path: "/prijava/rezervacija/NEMA0000",
            link: "Politika privatnosti",
            href: "/politika-privatnosti",
          },
          {
            path: "/en/prijava/rezervacija/NEMA0000",
            link: "Privacy policy",
            href: "/en/privacy",
          },
          {
            path: "/de/prijava/rezervacija/NEMA0000",
            link: "Datenschutzhinweise für Gäste",
            href: "/de/privatnost-gosta",
          },
          {
            path: "/ru/prijava/rezervacija/NEMA0000",
            link: "Защита данных гостей",
            href: "/ru/privatnost-gosta",
          },
        ];
        for (const { path, link, href } of cases) {
          for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
            // A Croatian phone: the language-less address answers in the browser's language.
            const page = await openPage(path, { viewport, locale: "hr-HR" });
            const notice = page.getByTestId("guest-privacy");
            await notice.getByRole("link", { name: link }).waitFor();
            assert.equal(
              await notice.getByRole("link", { name: link }).getAttribute("href"),
              href,
            );
            assert.match(await notice.innerText(), /eVisitor/);
            const size = viewport === VIEWPORTS.phone ? "phone" : "desktop";
            await screenshot(
              page,
              `checkin-privacy-notice-${/^\/(\w\w)\//.exec(path)?.[1] ?? "hr"}-${size}`,
            );
            await page.context().close();
          }
        }
      },
    );

    await t.step(
      "a host sends feedback from the profile menu and an administrator reads it",
      async () => {
        // Before any feedback, the administrators' page says what will be there.
        const first = await (await newContext()).newPage();
        await logIn(first, STACK_ADMIN.email, STACK_ADMIN.password);
        await first.waitForURL((url) => !url.pathname.startsWith("/app/prijava"));
        await first.goto("/admin/povratne-informacije");
        await first.getByRole("heading", { name: "Još nema povratnih informacija" }).waitFor();
        await screenshot(first, "admin-feedback-empty-desktop-light");
        await first.context().close();

        // The dialog in another look, opened from the help page's card.
        const dark = await (await newContext({ theme: "DarkTheme" })).newPage();
        await logInToDashboard(dark, "legal.host@example.com");
        await dark.goto("/app/kontakt");
        await dark.getByRole("button", { name: "Pošalji povratne informacije" }).click();
        const darkDialog = dark.getByRole("dialog", { name: "Povratne informacije" });
        await darkDialog.locator("label").filter({ hasText: /^5$/ }).click();
        assert.deepEqual(await seriousAxeIssues(dark, "[role=dialog]"), []);
        await screenshot(dark, "feedback-dialog-desktop-dark", { fullPage: false });
        await dark.context().close();

        const context = await newContext({ viewport: VIEWPORTS.phone });
        const page = await context.newPage();
        await logInToDashboard(page, "legal.host@example.com");
        await page.getByRole("button", { name: "Moj račun" }).click();
        await page.getByRole("menuitem", { name: "Povratne informacije" }).click();
        const dialog = page.getByRole("dialog", { name: "Povratne informacije" });
        await dialog.waitFor();
        await dialog.getByRole("button", { name: "Pošalji" }).click();
        await dialog.getByText("Odaberite ocjenu od 1 do 5").waitFor();
        await dialog.getByText("Polje „Poruka” je obavezno").or(
          dialog.getByText("Message is required"),
        )
          .first().waitFor();
        await screenshot(page, "feedback-errors-phone-light", { fullPage: false });
        await dialog.getByLabel("Vrsta").selectOption("problem");
        // The visible box is the radio's label, as a person taps it.
        await dialog.locator("label").filter({ hasText: /^2$/ }).click();
        assert.ok(await dialog.getByRole("radio", { name: "2 od 5" }).isChecked());
        await dialog.getByLabel("Poruka").fill("Kalendar s Bookinga kasni sat vremena.");
        await dialog.getByRole("button", { name: "Pošalji" }).click();
        await page.getByText("Hvala! Vaše povratne informacije su poslane.").waitFor();
        await dialog.waitFor({ state: "hidden" });
        const mail = await stack.smtp.waitForMail((m) =>
          m.subject === "Povratne informacije: problem, 2/5"
        );
        assert.equal(mail.replyTo?.text, "legal.host@example.com");
        await context.close();

        for (const look of LOOKS) {
          const admin = await (await newContext({ viewport: look.viewport, theme: look.theme }))
            .newPage();
          await logIn(admin, STACK_ADMIN.email, STACK_ADMIN.password);
          // Administrators are not asked to accept the hosts' documents.
          await admin.waitForURL((url) => !url.pathname.startsWith("/app/prijava"));
          assert.ok(!admin.url().includes("/app/prihvacanje-uvjeta"));
          await admin.goto("/admin/povratne-informacije");
          await admin.getByRole("heading", { level: 1, name: "Povratne informacije" }).waitFor();
          await admin.getByText("Kalendar s Bookinga kasni sat vremena.").filter({
            visible: true,
          })
            .waitFor();
          await admin.getByText("legal.host@example.com").filter({ visible: true }).first()
            .waitFor();
          assert.deepEqual(await seriousAxeIssues(admin, "main"), []);
          await screenshot(admin, `admin-feedback-${look.suffix}`);
          if (look.suffix === "desktop-light") {
            await admin.getByLabel("Ocjena").selectOption("5");
            await admin.getByRole("heading", { name: "Ništa ne odgovara filtrima" }).waitFor();
            await screenshot(admin, "admin-feedback-filtered-empty-desktop-light");
            await admin.getByRole("button", { name: "Poništi filtre" }).click();
            await admin.getByText("Kalendar s Bookinga kasni sat vremena.").filter({
              visible: true,
            })
              .waitFor();
          }
          // The same page in English.
          await admin.evaluate(() => localStorage.setItem("language", "en"));
          await admin.reload();
          await admin.getByRole("heading", { level: 1, name: "Feedback" }).waitFor();
          await admin.getByLabel("Rating").first().waitFor();
          await admin.getByText("Kalendar s Bookinga kasni sat vremena.").filter({
            visible: true,
          }).waitFor();
          assert.deepEqual(await seriousAxeIssues(admin, "main"), []);
          await screenshot(admin, `admin-feedback-en-${look.suffix}`);
          await admin.context().close();
        }
      },
    );
  },
});
