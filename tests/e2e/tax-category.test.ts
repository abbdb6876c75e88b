/**
 * The host chooses a guest's tourist-tax category, in the browser: a vacation home whose board
 * allowed only children and the owner's family holds an adult guest; the guest's row says why and
 * offers "Odaberi kategoriju", whose dialog sends the guest again with the chosen category, and
 * the simulator receives it. The guest form shows the choice beside "Automatski (po dobi)".
 */
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { Gender } from "@shared/enums.ts";
import { addDays } from "@shared/local-date.ts";
import { todayInStayZone } from "@shared/time-zone.ts";
import { launchBrowser, screenshot, VIEWPORTS } from "../support/browser.ts";
import {
  checkGuestsInAutomatically,
  dialogScreenshot,
  e2eSession,
  waitForSynced,
} from "../support/e2e.ts";
import { seriousAxeIssues } from "../support/axe.ts";
import { startStack, type TestStack } from "../support/stack.ts";
import { BIRGITTE } from "../support/guests.ts";

let stack: TestStack;
let browser: Browser;
const HOST = "marija.pristojba@example.com";
const OWNERS = { username: "44444444444.api", password: "Test-Lozinka-4" };
const WORKER = { timeout: 20_000 };
const OWNERS_CATEGORY = "18 Vlasnici kuće za odmor i članovi njegove obitelji";

const birgitte = BIRGITTE;
const ivo = { ...birgitte, firstName: "Ivo", gender: Gender.Male, documentNumber: "209957823" };

/** A stay from today in the host's only unit, with its guests checked in at the door. */
async function stayWithGuests(page: Page, guests: object[]): Promise<string> {
  const { start, end } = { start: todayInStayZone(), end: addDays(todayInStayZone(), 3) };
  const answer = await page.evaluate(async ({ start, end, guests }) => {
    const user = JSON.parse(localStorage.getItem("user")!);
    const headers = {
      Authorization: `Bearer ${user.accessToken}`,
      "Content-Type": "application/json",
    };
    const properties = await (await fetch("/api/Properties?PageNumber=1&PageSize=5", { headers }))
      .json();
    const stay = await (await fetch("/api/Reservations", {
      method: "POST",
      headers,
      body: JSON.stringify({
        accommodationUnitId: properties.items[0].accommodationUnits[0].id,
        startDateUTC: `${start}T12:00:00.000Z`,
        endDateUTC: `${end}T12:00:00.000Z`,
      }),
    })).json();
    const checkIn = await fetch("/api/Reservations/Guests", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ reservationCode: stay.code, reservationGuests: guests }),
    });
    return { code: stay.code as string, status: checkIn.status };
  }, { start, end, guests });
  assert.equal(answer.status, 200, "the guests checked in");
  return answer.code;
}

const registrationOf = async (name: string) =>
  (await stack.evisitor.control.state()).registrations.find((r) =>
    r.fields.TouristName === name && r.status === "active"
  );

Deno.test({
  name: "browser: a host chooses the tourist-tax category of a guest no category fits by age",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    stack = await startStack();
    browser = await launchBrowser();
    const { newContext, logInToDashboard, registerAndLogIn, inEveryLook } = e2eSession(
      stack,
      browser,
    );
    try {
      await t.step("the held guest is sent again with the owner's-family category", async () => {
        await stack.evisitor.control.addHost({
          ...OWNERS,
          facilities: [{
            code: "0004444",
            name: "Kuća Vlasnik",
            facilityType: "Kuća za odmor",
            isVacationHome: true,
            paymentCategories: ["1", "18"],
            unitTypes: [{ id: "a4000000-0000-4000-8000-000000000001", nameCode: "Kuća za odmor" }],
            units: [{
              id: "c4000000-0000-4000-8000-000000000001",
              typeId: "a4000000-0000-4000-8000-000000000001",
              beds: 6,
              extraBeds: 0,
              equivalentUnits: 1,
              sequence: 1,
            }],
          }],
        });
        const context = await newContext();
        const page = await context.newPage();
        await registerAndLogIn(page, HOST);
        await page.goto("/app/povezani-racuni");
        await page.getByRole("button", { name: "Poveži račun" }).first().click();
        const connect = page.getByRole("dialog", { name: "Poveži eVisitor račun" });
        await connect.getByLabel("Korisničko ime").fill(OWNERS.username);
        await connect.getByLabel("Lozinka", { exact: true }).fill(OWNERS.password);
        await connect.getByRole("button", { name: "Provjeri i poveži" }).click();
        await connect.waitFor({ state: "detached" });
        await waitForSynced(page);
        await checkGuestsInAutomatically(page);
        await stayWithGuests(page, [birgitte, ivo]);

        await page.goto("/app/gosti");
        const choose = page.getByRole("button", { name: "Odaberi kategoriju Rasmussen Birgitte" })
          .filter({ visible: true });
        await choose.waitFor(WORKER);
        // The row says what is needed and why, naming what eVisitor offers for the house.
        await page.getByText("Odaberite kategoriju boravišne pristojbe").first().waitFor();
        await page.getByText(/ne odgovara dobi gosta. Odaberite onu koja za gosta vrijedi/).first()
          .waitFor();
        await page.getByText(new RegExp(OWNERS_CATEGORY)).first().waitFor();
        await page.mouse.move(1, 1);
        await choose.click();
        const dialog = page.getByRole("dialog", {
          name: "Kategorija boravišne pristojbe: Rasmussen Birgitte",
        });
        const field = dialog.getByLabel("Kategorija boravišne pristojbe");
        await field.locator("option", { hasText: OWNERS_CATEGORY }).waitFor({ state: "attached" });
        assert.deepEqual(
          await field.locator("option").allInnerTexts(),
          ["Odaberite", "1 Djeca : do 12 godina", OWNERS_CATEGORY],
          "eVisitor's categories for the house, by its names; no automatic choice here",
        );
        // Nothing chosen: said at the field.
        await dialog.getByRole("button", { name: "Pošalji s ovom kategorijom" }).click();
        await dialog.getByText("Odaberite kategoriju.").waitFor();
        await field.selectOption({ label: OWNERS_CATEGORY });
        assert.deepEqual(await seriousAxeIssues(page, "[role=dialog]"), []);
        await dialogScreenshot(page, dialog, "tax-category-choice-desktop-light");
        await dialog.getByRole("button", { name: "Pošalji s ovom kategorijom" }).click();
        await dialog.waitFor({ state: "detached" });

        const row = page.getByRole("row").filter({ hasText: "Rasmussen Birgitte" });
        await row.getByText("Prijavljen", { exact: true }).waitFor(WORKER);
        assert.equal((await registrationOf("Birgitte"))?.fields.TTPaymentCategory, "18");
        assert.equal(await registrationOf("Ivo"), undefined, "Ivo is still held");

        // The guest form shows the choice, and offers the automatic one beside the house's.
        await row.getByRole("button", { name: "Uredi Rasmussen Birgitte" }).click();
        const form = page.getByRole("dialog", { name: "Uredi gosta" });
        const select = form.getByLabel("Kategorija boravišne pristojbe");
        await select.locator("option", { hasText: OWNERS_CATEGORY }).waitFor({ state: "attached" });
        assert.equal(await select.inputValue(), "18");
        assert.deepEqual(await select.locator("option").allInnerTexts(), [
          "Automatski (po dobi)",
          "1 Djeca : do 12 godina",
          OWNERS_CATEGORY,
        ]);
        await select.scrollIntoViewIfNeeded();
        await screenshot(page, "tax-category-guest-form-desktop-light", { fullPage: false });
        await context.close();
      });

      await t.step("the held row and the dialog in every look", async () => {
        await inEveryLook(HOST, async (page, { suffix }) => {
          await page.goto("/app/gosti");
          const choose = page.getByRole("button", { name: "Odaberi kategoriju Rasmussen Ivo" })
            .filter({ visible: true });
          await choose.waitFor();
          assert.deepEqual(await seriousAxeIssues(page, "main"), [], suffix);
          await screenshot(page, `tax-category-held-${suffix}`);
          await choose.click();
          const dialog = page.getByRole("dialog", {
            name: "Kategorija boravišne pristojbe: Rasmussen Ivo",
          });
          await dialog.getByLabel("Kategorija boravišne pristojbe")
            .locator("option", { hasText: OWNERS_CATEGORY }).waitFor({ state: "attached" });
          await dialogScreenshot(page, dialog, `tax-category-choice-${suffix}`);
          assert.deepEqual(await seriousAxeIssues(page, "[role=dialog]"), [], suffix);
          await dialog.getByRole("button", { name: "Odustani" }).click();
          await dialog.waitFor({ state: "detached" });
        });
        // Still held: closing the dialog sent nothing.
        assert.equal(await registrationOf("Ivo"), undefined);
      });

      await t.step("in English", async () => {
        const context = await newContext({ viewport: VIEWPORTS.phone });
        const page = await context.newPage();
        await logInToDashboard(page, HOST);
        await page.goto("/app/gosti?jezik=en");
        await page.getByText("Choose the tourist tax category").filter({ visible: true }).first()
          .waitFor();
        await page.getByRole("button", { name: "Choose category Rasmussen Ivo" })
          .filter({ visible: true }).click();
        const dialog = page.getByRole("dialog", { name: "Tourist tax category: Rasmussen Ivo" });
        const field = dialog.getByLabel("Tourist tax category");
        await field.locator("option", { hasText: OWNERS_CATEGORY }).waitFor({ state: "attached" });
        // eVisitor's names stay as eVisitor gives them; the rest is English.
        assert.equal(await field.locator("option").first().innerText(), "Choose");
        await dialogScreenshot(page, dialog, "tax-category-choice-en-phone-light");
        assert.deepEqual(await seriousAxeIssues(page, "[role=dialog]"), []);
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await context.close();
      });
    } finally {
      await browser?.close();
      await stack?.stop();
    }
  },
});
