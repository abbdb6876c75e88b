/**
 * Issue 20 item 4 in the browser: a host with automatic check-in off gets a guest who checked in
 * by the stay's link; the guest's phone says the host will confirm and nothing goes to eVisitor
 * until the host approves the stay's guests with one tap beside the notification.
 */
import assert from "node:assert/strict";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { addDays, todayIn } from "../../shared/local-date.ts";
import { seriousAxeIssues } from "../support/axe.ts";
import { launchBrowser, screenshot, VIEWPORTS } from "../support/browser.ts";
import { BIRGITTE } from "../support/guests.ts";
import { sidewaysOverflow } from "../support/narrow.ts";
import { dialogScreenshot, e2eSession, type Theme } from "../support/e2e.ts";
import { DEMO_HOST } from "../support/evisitor-sim.ts";
import { startStack, type TestStack } from "../support/stack.ts";
import { waitFor } from "../support/wait.ts";

const HOST = "ivana.odobrava@example.com";
const IVO = { ...BIRGITTE, firstName: "Ivo", surname: "Bašić", documentNumber: "AB1234567" };
const MALLORY = {
  ...BIRGITTE,
  firstName: "Mallory",
  surname: "Intruder",
  documentNumber: "ZZ9999999",
};
const ZORAN = { ...BIRGITTE, firstName: "Zoran", surname: "Kovač", documentNumber: "ZK7654321" };
const FIXTURES = new URL("../../../shared/fixtures/mrz/", import.meta.url).pathname;
const WIFI = { wifiName: "Horvat-Odobreni", wifiPassword: "tek-nakon-potvrde" };

async function chooseCountry(card: Locator, label: string, typed: string, option: string) {
  const box = card.getByRole("combobox", { name: label, exact: true });
  await box.click();
  await box.fill(typed);
  await card.getByRole("option", { name: option, exact: true }).click();
}

Deno.test({
  name: "browser: automatic check-in off, the host approves a stay's guests in one tap",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const stack: TestStack = await startStack();
    const browser: Browser = await launchBrowser();
    const { newContext, registerAndConfirm, logInToDashboard } = e2eSession(stack, browser);
    let token = "";
    let stayCode = "";
    /** The guest's phone, left open while the host approves. */
    let guestPhone: { context: BrowserContext; page: Page } | undefined;
    /** The stay's page opened again elsewhere with the same receipt. */
    let reopenedPhone: { context: BrowserContext; page: Page } | undefined;
    const api = async (path: string, { method = "GET", body }: {
      method?: string;
      body?: unknown;
    } = {}) => {
      const res = await fetch(`${stack.baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json().catch(() => undefined) };
    };
    const registrations = async () => (await stack.evisitor.control.state()).registrations.length;
    try {
      await t.step("a host connects eVisitor and enters a stay from today", async () => {
        const context = await newContext();
        const page = await context.newPage();
        await registerAndConfirm(page, HOST);
        await logInToDashboard(page, HOST);
        token = await page.evaluate(() => JSON.parse(localStorage.getItem("user")!).accessToken);
        await context.close();
        const connected = await api("/api/ExternalAccounts", { method: "POST", body: DEMO_HOST });
        assert.equal(connected.status, 200, JSON.stringify(connected.body));
        const property = await waitFor(async () => {
          const list = await api("/api/Properties?PageNumber=1&PageSize=20");
          return list.body?.items?.find((p: { name: string; accommodationUnits: unknown[] }) =>
            p.name === "Apartmani Horvat" && p.accommodationUnits.length >= 2
          );
        }, { timeoutMs: 30_000, intervalMs: 250, what: "the demo properties" });
        assert.equal(property.automaticCheckIn, false, "a new property's default");
        // Computed at the step, never at load: a run may cross midnight in Zagreb.
        const today = todayIn("Europe/Zagreb");
        const stay = await api("/api/Reservations", {
          method: "POST",
          body: {
            accommodationUnitId: property.accommodationUnits[0].id,
            startDateUTC: `${today}T12:00:00.000Z`,
            endDateUTC: `${addDays(today, 2)}T12:00:00.000Z`,
          },
        });
        assert.equal(stay.status, 200, JSON.stringify(stay.body));
        stayCode = stay.body.code;
        const settings = await api(`/api/Properties/Settings/${property.id}`, {
          method: "PUT",
          body: { propertyId: property.id, ...WIFI, wifiEncryptionType: 2 },
        });
        assert.equal(settings.status, 200, JSON.stringify(settings.body));
      });

      await t.step("the settings dialog says what on and off mean, a sentence each", async () => {
        for (
          const [viewport, theme, name] of [
            [VIEWPORTS.desktop, "DefaultTheme", "desktop-light"],
            [VIEWPORTS.phone, "DarkTheme", "phone-dark"],
          ] as const
        ) {
          const context = await newContext({ viewport, theme });
          const page = await context.newPage();
          await logInToDashboard(page, HOST);
          await page.goto("/app/objekti");
          const property = page.getByRole("article", { name: "Apartmani Horvat" });
          await property.getByRole("button", { name: "Postavke Apartmani Horvat" }).click();
          const dialog = page.getByRole("dialog", { name: "Postavke objekta" });
          const explained = dialog.getByText(
            "Uključeno: gosti koji se upišu sami (QR kodom ili poveznicom) od dana dolaska " +
              "odmah idu u eVisitor. Isključeno: takvi gosti čekaju da ih odobrite, a tek onda " +
              "idu u eVisitor.",
          );
          await explained.scrollIntoViewIfNeeded();
          const toggle = dialog.getByRole("switch", { name: "Automatska prijava gostiju" });
          assert.equal(await toggle.getAttribute("aria-checked"), "false");
          await dialogScreenshot(page, dialog, `approval-settings-${name}`);
          await context.close();
        }
      });

      await t.step(
        "a guest's phone checks in by the stay's link: the host will confirm, eVisitor waits",
        async () => {
          const context = await newContext({ viewport: VIEWPORTS.phone, locale: "hr-HR" });
          const page = await context.newPage();
          await page.goto(`/prijava/rezervacija/${stayCode}`);
          await page.getByRole("button", { name: "Dodaj goste" }).click();
          const card = page.getByRole("region", { name: /^Gost 1/ });
          await card.locator('input[data-scan="camera"]').setInputFiles(
            `${FIXTURES}001_td3_l0.jpg`,
          );
          await card.getByText(/Iz dokumenta smo upisali \d+ podat/).waitFor({ timeout: 30_000 });
          await chooseCountry(card, "Država rođenja", "dan", "Danska");
          await card.getByLabel("Mjesto rođenja").fill("Køge");
          await chooseCountry(card, "Država prebivališta", "Dan", "Danska");
          await card.getByLabel("Mjesto prebivališta").fill("København");
          await page.getByRole("button", { name: "Dalje" }).click();
          await page.getByLabel("Prihvaćam uvjete korištenja i politiku privatnosti.").check();
          await page.getByRole("button", { name: "Pokreni prijavu" }).click();
          await page.getByRole("heading", { level: 1, name: "Podaci su poslani domaćinu" })
            .waitFor({ timeout: 30_000 });
          await page.getByText("Domaćin će ih potvrditi, a zatim vas prijavljujemo u eVisitor")
            .waitFor();
          await page.getByText("Upisan, čeka potvrdu domaćina").waitFor();
          // Sent to the host and nothing more: the house comes with the host's confirmation.
          await page.getByText(
            "WiFi, adresa i upute za smještaj pojavit će se ovdje čim domaćin potvrdi vaše podatke.",
          ).waitFor();
          await screenshot(page, "approval-guest-waits-phone-light");
          // The workers had time to send it, were it not held.
          await new Promise((resolve) => setTimeout(resolve, 2_000));
          assert.equal(await registrations(), 0, "nothing went to eVisitor");
          assert.equal(await page.getByText(WIFI.wifiPassword).count(), 0, "no WiFi yet");
          assert.equal(await page.getByText(WIFI.wifiName).count(), 0, "no WiFi network yet");
          guestPhone = { context, page };

          // The stay's page opened again with the same receipt (the tab's storage), on a laptop
          // in the dark: it says the details are with the host, and nothing of the house.
          const receipts = await page.evaluate(() => sessionStorage.getItem("checkinReceipts"));
          assert.ok(receipts, "the page kept its receipt");
          const laptop = await newContext({ viewport: VIEWPORTS.desktop, theme: "DarkTheme" });
          await laptop.addInitScript(
            (kept) => sessionStorage.setItem("checkinReceipts", kept),
            receipts,
          );
          const reopened = await laptop.newPage();
          await reopened.goto(`/prijava/rezervacija/${stayCode}`);
          await reopened.getByText(
            "Vaši podaci su poslani domaćinu. WiFi, adresa i upute za smještaj pojavit će se " +
              "ovdje čim ih domaćin potvrdi.",
          ).waitFor();
          assert.equal(await reopened.getByText(WIFI.wifiPassword).count(), 0, "no WiFi yet");
          assert.deepEqual(await seriousAxeIssues(reopened, "main"), []);
          await screenshot(reopened, "approval-stay-reopened-waits-desktop-dark");
          reopenedPhone = { context: laptop, page: reopened };

          const dark = await newContext({
            viewport: VIEWPORTS.phone,
            locale: "de-DE",
            theme: "DarkTheme",
          });
          const german = await dark.newPage();
          await german.goto(`/de/prijava/rezervacija/${stayCode}`);
          await german.getByRole("heading", { level: 1, name: "Ihr Aufenthalt" }).waitFor();
          await german.getByText("Erfasst, wartet auf die Bestätigung des Gastgebers").waitFor();
          await screenshot(german, "approval-stay-before-approval-phone-dark");
          await dark.close();
        },
      );

      await t.step(
        "the host, in another browser, approves the stay's guests beside the notification",
        async () => {
          for (const theme of ["DarkTheme"] as Theme[]) {
            const context = await newContext({ viewport: VIEWPORTS.desktop, theme });
            const page = await context.newPage();
            await logInToDashboard(page, HOST);
            await page.goto("/app/obavijesti");
            const notice = page.getByRole("listitem").filter({
              hasText: "Automatska prijava je isključena",
            });
            await notice.waitFor();
            await screenshot(page, "approval-notification-desktop-dark");
            await notice.getByRole("button", { name: "Odobri gosta" }).click();
            await page.getByText("Gost je odobren i ide u eVisitor.").waitFor();
            // The notification itself no longer says the guests wait.
            await page.getByText("Gosti su odobreni i idu u eVisitor (od dana dolaska).").waitFor();
            assert.equal(
              await page.getByText("Automatska prijava je isključena").count(),
              0,
              "the approved notification no longer says the guest waits",
            );
            await notice.getByRole("button", { name: "Odobri gosta" }).waitFor({
              state: "detached",
            });
            await page.waitForFunction(
              () => document.activeElement?.textContent?.trim() === "Nije moj gost",
              undefined,
              { timeout: 5_000 },
            );
            await screenshot(page, "approval-approved-desktop-dark");
            await context.close();
          }
          await waitFor(async () => (await registrations()) === 1, {
            timeoutMs: 30_000,
            what: "the approved guest registered on the simulator",
          });
          const [registration] = (await stack.evisitor.control.state()).registrations;
          assert.equal(registration.fields.TouristName, "Birgitte Ida");
        },
      );

      await t.step(
        "the guest's phone, still open, gets the WiFi once the host approved",
        async () => {
          const { context, page } = guestPhone!;
          await page.getByRole("heading", { level: 1, name: "Prijava je uspjela!" })
            .waitFor({ timeout: 45_000 });
          await page.getByText(WIFI.wifiName, { exact: true }).waitFor();
          await page.getByText(WIFI.wifiPassword, { exact: true }).waitFor();
          assert.deepEqual(await seriousAxeIssues(page, "main"), []);
          await screenshot(page, "approval-guest-approved-wifi-phone-light");
          await context.close();
          guestPhone = undefined;
          // The stay's page opened again shows it too, without a reload: it kept asking.
          const reopened = reopenedPhone!;
          await reopened.page.getByText(WIFI.wifiPassword, { exact: true }).waitFor({
            timeout: 30_000,
          });
          assert.equal(
            await reopened.page.getByText("Vaši podaci su poslani domaćinu.", { exact: false })
              .count(),
            0,
            "no longer waiting",
          );
          await screenshot(reopened.page, "approval-stay-reopened-wifi-desktop-dark");
          await reopened.context.close();
          reopenedPhone = undefined;
        },
      );

      await t.step("the guest's phone, opened again, shows the guest checked in", async () => {
        const context = await newContext({ viewport: VIEWPORTS.phone, locale: "hr-HR" });
        const page = await context.newPage();
        await page.goto(`/prijava/rezervacija/${stayCode}`);
        await page.getByRole("heading", { name: "Već prijavljen 1 gost" }).waitFor();
        await screenshot(page, "approval-stay-after-approval-phone-light");
        await context.close();
      });

      await t.step(
        "the e-mailed page lists the burst's guests, drops one, approves the rest (issue 32)",
        async () => {
          const checkIn = async (guest: typeof BIRGITTE) => {
            const res = await fetch(`${stack.baseUrl}/api/Reservations/Guests`, {
              method: "POST",
              headers: { "Content-Type": "application/json" },
              body: JSON.stringify({ reservationCode: stayCode, reservationGuests: [guest] }),
            });
            assert.equal(res.status, 200, await res.clone().text());
            await res.body?.cancel();
          };
          // Two guests within the burst: one e-mail, saying they wait, naming both.
          await checkIn(IVO);
          await checkIn(ZORAN);
          const mail = await stack.smtp.waitForMail((m) =>
            /Gosti čekaju vaše odobrenje/.test(m.subject ?? "")
          );
          assert.ok(
            (mail.text ?? "").includes(
              '"Odobri goste" odobrava samo ove goste: I. B. (Danska), Z. K. (Danska)\n',
            ),
            mail.text,
          );
          assert.match(mail.text ?? "", /u eVisitor još ništa nije poslano/);
          const link = /Odobri goste: https?:\/\/[^/\s]+(\/app\/odobri-goste#[\w-]{43})/
            .exec(mail.text ?? "");
          assert.ok(link, mail.text);
          // Someone else with the stay's code checks a made-up guest in after the e-mail.
          await checkIn(MALLORY);

          const context = await newContext({ viewport: VIEWPORTS.phone });
          const page = await context.newPage();
          await page.goto(link[1]);
          await page.getByRole("heading", { name: "Gosti čekaju vaše odobrenje" }).waitFor();
          const list = page.getByRole("list", { name: "Odobravate samo ove goste:" });
          await list.getByRole("listitem").first().waitFor();
          const rows = await list.getByRole("listitem").allInnerTexts();
          assert.equal(rows.length, 2, rows.join(" | "));
          assert.match(rows[0], /Ivo Bašić\s+Danska · upisan\(a\) /);
          assert.match(rows[1], /Zoran Kovač/);
          assert.equal(await page.getByText("Mallory").count(), 0, "not the later guest");
          assert.deepEqual(await seriousAxeIssues(page, "main"), []);
          assert.deepEqual(await sidewaysOverflow(page), []);
          await screenshot(page, "approval-link-lists-guests-phone-light");

          // "Not my guest" asks first; Escape says no.
          await page.getByRole("button", { name: "Nije moj gost: Zoran Kovač" }).click();
          const ask = page.getByRole("dialog", { name: "Zoran Kovač nije vaš gost?" });
          await ask.waitFor();
          assert.deepEqual(await seriousAxeIssues(page), []);
          await screenshot(page, "approval-link-decline-ask-phone-light");
          await page.keyboard.press("Escape");
          await ask.waitFor({ state: "detached" });
          await page.getByRole("button", { name: "Nije moj gost: Zoran Kovač" }).click();
          await ask.getByRole("button", { name: "Nije moj gost" }).click();
          await page.getByText("Nije vaš gost: neće biti odobren").waitFor();
          await page.getByRole("button", { name: "Odobri 1 gosta" }).waitFor();
          assert.deepEqual(await seriousAxeIssues(page, "main"), []);
          await screenshot(page, "approval-link-declined-phone-light");

          // The same page on a laptop, in English and dark: looking does not spend the link.
          const laptop = await newContext({ viewport: VIEWPORTS.desktop, theme: "DarkTheme" });
          const wide = await laptop.newPage();
          await wide.goto(link[1].replace("#", "?jezik=en#"));
          await wide.getByRole("heading", { name: "Guests waiting for your approval" }).waitFor();
          await wide.getByText("Not your guest: will not be approved").waitFor();
          await wide.getByRole("button", { name: "Not my guest: Ivo Bašić" }).waitFor();
          await wide.getByRole("button", { name: "Approve 1 guest" }).waitFor();
          assert.deepEqual(await seriousAxeIssues(wide, "main"), []);
          assert.deepEqual(await sidewaysOverflow(wide), []);
          await screenshot(wide, "approval-link-declined-desktop-dark");
          await laptop.close();
          await page.getByRole("button", { name: "Odobri 1 gosta" }).click();
          await page.getByRole("heading", { name: "Gosti su odobreni" }).waitFor();
          await context.close();

          const stay = await (await fetch(`${stack.baseUrl}/api/Reservations/${stayCode}`)).json();
          const waiting = (initials: string) =>
            stay.guests.find((g: { initials: string }) => g.initials === initials).awaitingHost;
          assert.equal(waiting("I. B."), false, "the kept guest is approved");
          assert.equal(waiting("Z. K."), true, "the dropped guest is not, and is still there");
          assert.equal(waiting("M. I."), true, "the later guest still waits for the host");

          // The same page in English, for a link already spent: it says so.
          const english = await newContext({ viewport: VIEWPORTS.phone });
          const again = await english.newPage();
          await again.goto(link[1].replace("#", "?jezik=en#"));
          await again.getByRole("heading", { name: "The guests could not be approved" })
            .waitFor();
          await english.close();
        },
      );

      await t.step(
        "the guests page, the stay and the dashboard say who waits for the host's approval",
        async () => {
          const looks = [
            { viewport: VIEWPORTS.phone, theme: "DefaultTheme", lang: "hr", name: "phone-light" },
            { viewport: VIEWPORTS.desktop, theme: "DarkTheme", lang: "en", name: "desktop-dark" },
          ] as const;
          for (const look of looks) {
            const hr = look.lang === "hr";
            const context = await newContext({ viewport: look.viewport, theme: look.theme });
            const page = await context.newPage();
            await logInToDashboard(page, HOST);
            const query = hr ? "" : "?jezik=en";
            await page.goto(`/app/kontrolna-ploca${query}`);
            await page.getByText(hr ? "Čeka vaše odobrenje" : "Waiting for your approval")
              .first().waitFor();
            await page.getByText(
              hr ? "Nije vaš gost · nije prijavljen" : "Not your guest · not registered",
            ).first().waitFor();
            assert.deepEqual(await seriousAxeIssues(page, "main"), []);
            await screenshot(page, `approval-dashboard-${look.name}`);

            await page.goto(`/app/gosti${query}`);
            const waitingText = hr ? "Čeka vaše odobrenje" : "Waiting for your approval";
            // The table on wide screens, a card each on phones: the one shown.
            await page.getByText(waitingText).filter({ visible: true }).first().waitFor();
            await page.getByText(
              hr
                ? "Označili ste: nije vaš gost · nije prijavljen"
                : "You said: not your guest · not registered",
            ).filter({ visible: true }).first().waitFor();
            assert.deepEqual(await seriousAxeIssues(page, "main"), []);
            assert.deepEqual(await sidewaysOverflow(page), []);
            await screenshot(page, `approval-guests-page-${look.name}`);

            if (hr) {
              // The stay's guests dialog says the same, with the same actions.
              await page.goto("/app/rezervacije");
              await page.getByRole("button", { name: `Gosti ${stayCode}` }).filter({
                visible: true,
              }).first().click();
              const dialog = page.getByRole("dialog", { name: `Gosti rezervacije ${stayCode}` });
              await dialog.getByText("Čeka vaše odobrenje").waitFor();
              await dialog.getByText("Označili ste: nije vaš gost · nije prijavljen").waitFor();
              await dialog.getByRole("button", { name: "Odobri Mallory Intruder" }).waitFor();
              await dialog.getByRole("button", { name: "Ipak odobri Zoran Kovač" }).waitFor();
              await dialog.getByRole("button", { name: "Ukloni Zoran Kovač" }).waitFor();
              assert.deepEqual(await seriousAxeIssues(page), []);
              await screenshot(page, `approval-stay-dialog-${look.name}`);
            }
            await context.close();
          }

          // The host approves the later guest on the guests page: that guest, no other.
          const context = await newContext({ viewport: VIEWPORTS.desktop });
          const page = await context.newPage();
          await logInToDashboard(page, HOST);
          await page.goto("/app/gosti");
          await page.getByRole("button", { name: /^Odobri\s+.*Mallory/ }).filter({ visible: true })
            .first().click();
          await page.getByText(/Mallory.*odobreno, ide u eVisitor\./).waitFor();
          await screenshot(page, "approval-guests-page-approved-desktop-light");
          await context.close();
          const stay = await (await fetch(`${stack.baseUrl}/api/Reservations/${stayCode}`)).json();
          const waiting = (initials: string) =>
            stay.guests.find((g: { initials: string }) => g.initials === initials).awaitingHost;
          assert.equal(waiting("M. I."), false, "approved");
          assert.equal(waiting("Z. K."), true, "the dropped guest still is not");

          // The dropped guest is removed there too, after a confirmation.
          const again = await newContext({ viewport: VIEWPORTS.phone });
          const phone = await again.newPage();
          await logInToDashboard(phone, HOST);
          await phone.goto("/app/gosti");
          await phone.getByRole("button", { name: /^Ukloni\s+.*Zoran/ }).filter({ visible: true })
            .first().click();
          const ask = phone.getByRole("dialog", { name: "Ukloniti gosta?" });
          await ask.waitFor();
          await screenshot(phone, "approval-guests-remove-ask-phone-light");
          await ask.getByRole("button", { name: "Ukloni gosta" }).click();
          await phone.getByText("Kovač Zoran je uklonjen iz boravka.").waitFor();
          await again.close();
          const after = await (await fetch(`${stack.baseUrl}/api/Reservations/${stayCode}`))
            .json();
          assert.equal(
            after.guests.some((g: { initials: string }) => g.initials === "Z. K."),
            false,
            "removed",
          );
        },
      );
    } finally {
      await browser.close();
      await stack.stop();
    }
  },
});
