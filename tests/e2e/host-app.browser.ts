import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { axeIssuesOf, seriousAxeIssues } from "../support/axe.ts";
import { screenshot, VIEWPORTS } from "../support/browser.ts";
import {
  atRest,
  createStayThroughApi,
  dayOfNextMonth,
  dialogScreenshot,
  e2eSession,
  submitEVisitorAccount,
  waitForSynced,
} from "../support/e2e.ts";
import { sharedStack } from "../support/shared-stack.ts";
import type { TestStack } from "../support/stack.ts";

let stack: TestStack;
let browser: Browser;
const HOST = "lucija.novakovic-horvatinovic.apartmani.uz.more@example.com";

/** How far the page reaches below the app's frame (the shell fills the window, no more). */
async function bandUnderFrame(page: Page): Promise<number> {
  return await page.evaluate(() => {
    const frame = document.getElementById("main")!.closest(".min-h-dvh")!;
    return document.documentElement.scrollHeight - frame.getBoundingClientRect().bottom -
      scrollY;
  });
}

/** Whether anything on the page is wider than the window (a sideways scroll on a phone). */
async function overflowsSideways(page: Page): Promise<boolean> {
  return await page.evaluate(() =>
    document.documentElement.scrollWidth > document.documentElement.clientWidth
  );
}

/**
 * The buttons and links under `within` that a finger cannot hit reliably: smaller than 44 px
 * either way (links inside running text excepted), as "name WxH".
 */
async function smallTargets(page: Page, within: string): Promise<string[]> {
  return await page.evaluate((within) => {
    const found: string[] = [];
    for (const root of Array.from(document.querySelectorAll(within))) {
      for (const el of Array.from(root.querySelectorAll("a[href], button, [role=menuitem]"))) {
        const box = el.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) continue;
        if (el.tagName === "A" && getComputedStyle(el).display === "inline") continue;
        if (box.width < 44 || box.height < 44) {
          const name = el.getAttribute("aria-label") ?? el.textContent?.trim() ?? "";
          found.push(`${name} ${Math.round(box.width)}x${Math.round(box.height)}`);
        }
      }
    }
    return found;
  }, within);
}

Deno.test({
  name: "browser: the host app as a new host walks it",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    ({ stack, browser } = await sharedStack());
    const { eVisitorLogin, newContext, registerAndConfirm, logInToDashboard, inEveryLook } =
      e2eSession(stack, browser);
    await t.step("the sign-in doors fit a 360 px phone, switches and all", async () => {
      const context = await newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      for (const path of ["/app/prijava", "/app/registracija", "/app/zaboravljena-lozinka"]) {
        await page.goto(path);
        await page.getByRole("heading", { level: 1 }).waitFor();
        assert.equal(await overflowsSideways(page), false, `${path}: no sideways scroll`);
        // The last theme choice is inside the window, not cut off at its edge.
        const system = await page.getByRole("radio").last().boundingBox();
        assert.ok(system && system.x + system.width <= 360, `${path}: ${JSON.stringify(system)}`);
      }
      await screenshot(page, "host-app-forgot-password-360-light");
      await context.close();
    });

    await t.step(
      "a long e-mail address stays inside the 'check your e-mail' card on a phone",
      async () => {
        const context = await newContext({ viewport: VIEWPORTS.phone });
        const page = await context.newPage();
        await registerAndConfirm(page, HOST).catch(async (error) => {
          await screenshot(page, "host-app-register-failed-phone-light");
          throw error;
        });
        await context.close();

        // The card itself, before confirming: a second registration shows it again.
        const again = await newContext({ viewport: VIEWPORTS.phone });
        const phone = await again.newPage();
        await phone.goto("/app/registracija");
        const other = `druga.${HOST}`;
        await phone.getByLabel("E-mail").fill(other);
        await phone.getByLabel("Lozinka", { exact: true }).fill("Jadran-Sunce-2026!");
        await phone.getByLabel("Potvrda lozinke").fill("Jadran-Sunce-2026!");
        await phone.getByRole("checkbox", { name: /^Prihvaćam Uvjete korištenja/ }).check();
        await phone.getByRole("button", { name: "Registriraj se" }).click();
        await phone.getByRole("heading", { name: "Provjerite e-poštu" }).waitFor();
        assert.equal(await overflowsSideways(phone), false, "no sideways scroll");
        const card = phone.getByRole("status").filter({ hasText: other });
        const box = await card.boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= VIEWPORTS.phone.width, "card fits");
        await screenshot(phone, "host-app-check-email-long-phone-light");
        await again.close();
      },
    );

    await t.step(
      "on a phone a failed connection's toast leaves the dialog's button free",
      async () => {
        const context = await newContext({ viewport: VIEWPORTS.phone });
        const page = await context.newPage();
        await logInToDashboard(page, HOST);
        await page.goto("/app/povezani-racuni");
        await page.getByRole("button", { name: "Poveži račun" }).first().click();
        const dialog = page.getByRole("dialog", { name: "Poveži eVisitor račun" });
        await submitEVisitorAccount(dialog, "Kriva-Lozinka-1", await eVisitorLogin());
        await page.getByText("Račun nije povezan.").waitFor();
        // A trial click fails when something else (the snackbar) would take the tap.
        await dialog.getByRole("button", { name: "Provjeri i poveži" }).click({
          trial: true,
          timeout: 2_000,
        });
        await screenshot(page, "host-app-connect-failed-phone-light", { fullPage: false });
        await context.close();
      },
    );

    await t.step("a failed connection's toast gives way to the connected account's", async () => {
      const context = await newContext();
      const page = await context.newPage();
      await logInToDashboard(page, HOST);
      await page.goto("/app/povezani-racuni");
      await page.getByRole("button", { name: "Poveži račun" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Poveži eVisitor račun" });
      await submitEVisitorAccount(dialog, "Kriva-Lozinka-1", await eVisitorLogin());
      await page.getByText("Račun nije povezan.").waitFor();
      await submitEVisitorAccount(dialog, undefined, await eVisitorLogin());
      await dialog.waitFor({ state: "detached" });
      await waitForSynced(page);
      // "Connected", then "synced" in its place: the failure is not left above them.
      await page.getByText(/^Račun .+ je (?:povezan\.|sinkroniziran\.)/).first().waitFor();
      assert.equal(await page.getByText("Račun nije povezan.").count(), 0, "stale toast gone");
      await screenshot(page, "host-app-connected-toasts-desktop-light", { fullPage: false });
      await context.close();
    });

    await t.step("on a phone a sync's toast leaves the account card's actions free", async () => {
      const context = await newContext({ viewport: VIEWPORTS.phone });
      const page = await context.newPage();
      await logInToDashboard(page, HOST);
      await page.goto("/app/povezani-racuni");
      // The phone shows cards; the desktop's table is hidden.
      await page.getByText("Sinkroniziran", { exact: true }).filter({ visible: true }).first()
        .waitFor();
      await page.getByRole("button", { name: /^Sinkroniziraj/ }).first().click();
      await page.getByText(/^Račun .+ je sinkroniziran\./).first().waitFor();
      // Where each action shows (the page as it is, not scrolled), a tap reaches it, not a
      // snackbar above it.
      for (const action of [/^Sinkroniziraj/, /^Uredi/, /^Ukloni/]) {
        const reached = await page.getByRole("button", { name: action }).first().evaluate(
          (button) => {
            const box = button.getBoundingClientRect();
            const hit = document.elementFromPoint(
              box.left + box.width / 2,
              box.top + box.height / 2,
            );
            return box.bottom <= innerHeight && hit !== null && button.contains(hit);
          },
        );
        assert.ok(reached, `${action} is in the window and free to tap`);
      }
      await screenshot(page, "host-app-synced-toast-phone-light", { fullPage: false });
      await context.close();
    });

    await t.step("the unit form refuses a calendar link the sync would refuse", async () => {
      const context = await newContext();
      const page = await context.newPage();
      await logInToDashboard(page, HOST);
      await page.goto("/app/objekti");
      const property = page.getByRole("article", { name: "Apartmani Horvat" });
      await property.getByRole("button", { name: "Uredi Apartman 1" }).click();
      const unitDialog = page.getByRole("dialog", { name: "Uredi smještajnu jedinicu" });
      const links = unitDialog.getByLabel("Poveznice vanjskih kalendara (iCal)");
      // A password in the address: the sync never sends it, so the form does not take it.
      await links.fill("https://ana:tajna@www.airbnb.com/calendar/ical/1.ics");
      await unitDialog.getByRole("button", { name: "Spremi jedinicu" }).click();
      await unitDialog.getByText(
        "Svaki redak mora biti ispravna poveznica koja počinje s https:// ili webcal://",
      ).waitFor();
      await links.fill("webcal://www.airbnb.com/calendar/ical/1.ics");
      await unitDialog.getByRole("button", { name: "Spremi jedinicu" }).click();
      await unitDialog.waitFor({ state: "detached" });
      await context.close();
    });

    await t.step("a unit's delete waits in its menu, then asks", async () => {
      const context = await newContext({ viewport: VIEWPORTS.phone });
      const page = await context.newPage();
      await logInToDashboard(page, HOST);
      await page.goto("/app/objekti");
      const property = page.getByRole("article", { name: "Apartmani Horvat" });
      await property.getByRole("button", { name: "Uredi Apartman 1" }).waitFor();
      assert.equal(await property.getByRole("button", { name: "Obriši Apartman 1" }).count(), 0);
      await property.getByRole("button", { name: "Još radnji: Apartman 1" }).click();
      await page.getByRole("menuitem", { name: "Obriši" }).waitFor();
      await screenshot(page, "host-app-unit-menu-phone-light", { fullPage: false });
      await page.getByRole("menuitem", { name: "Obriši" }).click();
      const confirm = page.getByRole("dialog", { name: "Obrisati smještajnu jedinicu?" });
      await confirm.getByRole("button", { name: "Odustani" }).click();
      await confirm.waitFor({ state: "detached" });
      await property.getByRole("button", { name: "Uredi Apartman 1" }).waitFor();
      await context.close();
    });

    await t.step("a property's delete waits in its menu too, then asks", async () => {
      await inEveryLook(HOST, async (page, look) => {
        await page.goto("/app/objekti");
        const property = page.getByRole("article", { name: "Apartmani Horvat" });
        await property.getByRole("button", { name: "Postavke Apartmani Horvat" }).waitFor();
        assert.equal(
          await property.getByRole("button", { name: /^Obriši objekt/ }).count(),
          0,
          "no delete button on the card itself",
        );
        const more = property.getByRole("button", { name: "Još radnji: Apartmani Horvat" });
        await more.focus();
        await page.keyboard.press("Enter");
        const item = page.getByRole("menuitem", { name: "Obriši objekt" });
        await item.waitFor();
        await screenshot(page, `host-app-property-menu-${look.suffix}`, { fullPage: false });
        await page.keyboard.press("Escape");
        await item.waitFor({ state: "detached" });
        await more.click();
        await item.click();
        const confirm = page.getByRole("dialog", { name: "Obrisati objekt?" });
        await confirm.getByRole("button", { name: "Odustani" }).click();
        await confirm.waitFor({ state: "detached" });
        await property.waitFor();
      });
    });

    await t.step(
      "the reservation dialog flags every empty field and drops each error once filled",
      async () => {
        const context = await newContext();
        const page = await context.newPage();
        await logInToDashboard(page, HOST);
        await page.goto("/app/rezervacije");
        await page.getByRole("button", { name: "Nova rezervacija" }).click();
        const dialog = page.getByRole("dialog", { name: "Nova rezervacija" });
        await dialog.getByRole("button", { name: "Dodaj rezervaciju" }).click();
        const property = dialog.getByLabel("Objekt");
        const unit = dialog.getByLabel("Smještajna jedinica");
        const dates = dialog.getByRole("group", { name: "Datumi boravka" });
        await property.and(page.locator("[aria-invalid=true]")).waitFor();
        assert.equal(await unit.getAttribute("aria-invalid"), "true", "the unit too");
        assert.equal(await dates.getAttribute("aria-invalid"), "true", "the dates too");
        await dialogScreenshot(page, dialog, "host-app-reservation-errors-desktop-light");
        await property.selectOption({ label: "Apartmani Horvat" });
        assert.equal(await property.getAttribute("aria-invalid"), null, "property fixed");
        await unit.selectOption({ label: "Apartman 1" });
        assert.equal(await unit.getAttribute("aria-invalid"), null, "unit fixed");
        assert.equal(await dates.getAttribute("aria-invalid"), "true", "dates still missing");
        await context.close();
      },
    );

    await t.step("the subscription page offers 12 months first and ordering asks", async () => {
      const context = await newContext();
      const page = await context.newPage();
      await logInToDashboard(page, HOST);
      await page.goto("/app/pretplata");
      assert.ok(await page.getByRole("radio", { name: /12 mjeseci/ }).isChecked());
      await page.getByRole("region", { name: "Pro" }).getByRole("button", { name: /Kupi/ })
        .first().click();
      const confirm = page.getByRole("dialog", { name: "Naručiti paket Pro?" });
      await confirm.getByText(/na 12 mjeseci: za uplatu 191,04 €/).waitFor();
      await dialogScreenshot(page, confirm, "host-app-order-confirm-desktop-light");
      await confirm.getByRole("button", { name: "Odustani" }).click();
      assert.match(page.url(), /\/app\/pretplata$/, "nothing ordered");
      await context.close();
    });

    await t.step("app pages end at the window on a desktop, no band below", async () => {
      const context = await newContext();
      const page = await context.newPage();
      await logInToDashboard(page, HOST);
      for (const path of ["/app/kontrolna-ploca", "/app/povezani-racuni", "/app/pretplata"]) {
        await page.goto(path);
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        await page.waitForLoadState("networkidle");
        const band = await bandUnderFrame(page);
        assert.ok(band <= 1, `${path}: ${band} px under the frame`);
      }
      await context.close();
    });

    await t.step(
      "axe finds nothing serious on the pages touched, phone and desktop, light and dark",
      async () => {
        const context = await newContext();
        const page = await context.newPage();
        await logInToDashboard(page, HOST);
        await createStayThroughApi(page, "Apartman 1", dayOfNextMonth(3), dayOfNextMonth(6));
        await context.close();
        await inEveryLook(HOST, async (page, look) => {
          const check = async (what: string) =>
            assert.deepEqual(await seriousAxeIssues(page), [], `${what} ${look.suffix}`);
          await page.getByTestId("widget-totalGuests").waitFor();
          await page.getByTestId("widget-totalGuests").locator("dd").first().filter({
            hasText: /\d/,
          }).waitFor();
          await check("dashboard");
          if (look.size === "phone") {
            // A finger needs 44 px: the top bar and the dashboard's cards, then the profile
            // menu.
            assert.deepEqual(await smallTargets(page, "header, main"), [], "dashboard");
            await page.getByRole("button", { name: "Moj račun" }).click();
            // Measured once it has finished growing in.
            await atRest(page.locator("[role=menu]"));
            assert.deepEqual(await smallTargets(page, "[role=menu]"), [], "profile menu");
            await page.keyboard.press("Escape");
            // Gone, not still fading out in its portal (outside any landmark) when axe looks.
            await page.locator("[role=menu]").waitFor({ state: "detached" });
          }
          // Moderate, but on every desktop page: everything sits inside a landmark.
          assert.deepEqual(await axeIssuesOf(page, ["region"]), [], `region ${look.suffix}`);
          await screenshot(page, `host-app-dashboard-${look.suffix}`);

          await page.getByRole("button", { name: "Obavijesti" }).click();
          await page.getByRole("dialog", { name: "Obavijesti" }).or(
            page.locator("[aria-label='Obavijesti'][data-open]"),
          ).first().waitFor();
          await check("notifications open");
          await screenshot(page, `host-app-notifications-${look.suffix}`, { fullPage: false });
          await page.keyboard.press("Escape");

          await page.goto("/app/pretplata");
          await page.getByRole("region", { name: "Pro" }).first().waitFor();
          await check("subscription");
          await screenshot(page, `host-app-subscription-${look.suffix}`);

          await page.goto("/app/kalendari");
          await page.getByRole("heading", { level: 1 }).first().waitFor();
          if (look.size === "desktop") {
            // The stay is next month; its bar opens the stay's details.
            await page.getByRole("button", { name: "Sljedeći mjesec" }).click();
            await page.locator(".stay").first().waitFor();
            const bar = await page.locator(".stay").first().boundingBox();
            assert.ok(bar && bar.height >= 24, `stay bar ${bar?.height} px high`);
          }
          await page.waitForLoadState("networkidle");
          await check("calendar");
          await screenshot(page, `host-app-calendar-${look.suffix}`);
          if (look.size === "desktop") {
            await page.locator(".stay").first().click();
            const details = page.getByRole("dialog").first();
            await details.waitFor();
            await check("reservation details");
            await dialogScreenshot(page, details, `host-app-reservation-details-${look.suffix}`);
          }
        });
      },
    );
  },
});
