import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { addDays, STAY_TIME_ZONE, todayIn } from "@shared/local-date.ts";
import { createStayThroughApi, e2eSession } from "../support/e2e.ts";
import { sharedStack } from "../support/shared-stack.ts";

/** The day (YYYY-MM-DD) whose button has focus, or what has focus instead. */
const focusedDay = (page: Page) =>
  page.evaluate(() =>
    document.activeElement?.closest("[data-day]")?.getAttribute("data-day") ??
      `not a day: ${document.activeElement?.tagName}`
  );

/** Tabs on from the unit's field until a day of the calendar has focus (at most 10 keys). */
async function tabIntoCalendar(page: Page, dialog: Locator) {
  await dialog.getByLabel("Smještajna jedinica").focus();
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(() => !!document.activeElement?.closest("[data-day]"))) return;
  }
}

/** Opens "Nova rezervacija" on Apartman 1 of Apartmani Horvat, its taken nights loaded. */
async function newStay(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Nova rezervacija" }).click();
  const dialog = page.getByRole("dialog", { name: "Nova rezervacija" });
  await dialog.getByLabel("Objekt").selectOption({ label: "Apartmani Horvat" });
  await dialog.getByLabel("Smještajna jedinica").selectOption({ label: "Apartman 1" });
  await dialog.getByText("Učitavam zauzete noći…").waitFor({ state: "detached" });
  return dialog;
}

/**
 * The stay's date picker as a keyboard reaches it: the day that takes focus first is today (or
 * the chosen check-in day), where a host starts counting; with tonight taken, the first day from
 * today a stay can start on. Never the 1st of the month (past days can be chosen, for guests who
 * arrived already, so the picker's own fallback, the first choosable day, is the 1st).
 */
Deno.test({
  name: "browser: the stay date picker starts the keyboard on today",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { stack, browser } = await sharedStack();
    const session = e2eSession(stack, browser);
    const page = await (await session.newContext()).newPage();
    await session.registerAndLogIn(page, "tipkovnica.datumi@example.com");
    await session.connectEVisitor(page);
    await page.goto("/app/rezervacije");
    let dialog = await newStay(page);

    const today = todayIn(STAY_TIME_ZONE);
    await tabIntoCalendar(page, dialog);
    assert.equal(await focusedDay(page), today, "the keyboard starts on today");

    // Two days on, Enter chooses the check-in day; back to the calendar, focus is on it.
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    const checkIn = await focusedDay(page);
    await page.keyboard.press("Enter");
    await dialog.getByText(/Dolazak:|Odaberite dan odlaska/).first().waitFor();
    await tabIntoCalendar(page, dialog);
    assert.equal(await focusedDay(page), checkIn, "then on the chosen day");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // Tonight and tomorrow night taken: the stay after it can start the day after tomorrow.
    const stay = await createStayThroughApi(page, "Apartman 1", today, addDays(today, 2));
    assert.equal(stay.status, 200, JSON.stringify(stay.body));
    dialog = await newStay(page);
    await tabIntoCalendar(page, dialog);
    assert.equal(await focusedDay(page), addDays(today, 2), "the first free day from today");
    await page.context().close();
  },
});
