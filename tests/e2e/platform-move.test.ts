/**
 * A platform moved the arrival of an imported stay whose guest is registered with eVisitor, and
 * the sync left the stay as it was (issue 19 item 3, tests/integration/calendar-registered.test.ts
 * runs the sync itself): the stays list marks it, its details say what happened and offer one
 * action, which moves the stay to the platform's dates and registers the guest again with them;
 * the calendars page lists it beside the sync's conflicts, and the dashboard counts it apart from
 * them with the way to the stay.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { createDatabase } from "@core/db/client.ts";
import { calendarFeeds, calendarSyncRuns } from "@core/db/schema/calendar-feeds.ts";
import { reservations } from "@core/db/schema/reservations.ts";
import { addDays } from "@shared/local-date.ts";
import { todayInStayZone } from "@shared/time-zone.ts";
import { launchBrowser, screenshot } from "../support/browser.ts";
import {
  connectDemoEVisitor,
  createStayThroughApi,
  dialogScreenshot,
  e2eSession,
} from "../support/e2e.ts";
import { startStack, type TestStack } from "../support/stack.ts";
import { waitFor } from "../support/wait.ts";
import { BIRGITTE } from "../support/guests.ts";

let stack: TestStack;
let browser: Browser;
const HOST = "iva.platforma@example.com";

const birgitte = BIRGITTE;

const registrations = async () => (await stack.evisitor.control.state()).registrations;

/**
 * What the calendar sync stores when a platform moves the arrival of a stay with registered
 * guests: the stay from its Airbnb feed, with the platform's dates beside its own.
 */
async function importedAndMovedOnPlatform(code: string, platform: { start: string; end: string }) {
  const database = createDatabase({ url: stack.databaseUrl });
  try {
    const [stay] = await database.db.select().from(reservations)
      .where(eq(reservations.code, code));
    const [feed] = await database.db.insert(calendarFeeds).values({
      id: crypto.randomUUID(),
      userId: stay.userId,
      accommodationUnitId: stay.accommodationUnitId,
      url: "https://www.airbnb.com/calendar/ical/77.ics?s=secret",
      createdAt: new Date(),
    }).returning();
    await database.db.insert(calendarSyncRuns).values({
      id: crypto.randomUUID(),
      feedId: feed.id,
      finishedAt: new Date(),
      added: 0,
      updated: 0,
      removed: 0,
      conflicts: [{ ...platform, summary: "Reserved", withCode: code, registered: true }],
      error: null,
    });
    await database.db.update(calendarFeeds).set({
      lastFetchAt: new Date(),
      lastSuccessAt: new Date(),
      lastStatus: 200,
      eventCount: 1,
    }).where(eq(calendarFeeds.id, feed.id));
    await database.db.update(reservations).set({
      sourceFeedId: feed.id,
      sourceUid: "moved@airbnb.com",
      type: "Airbnb",
      platformStartDate: platform.start,
      platformEndDate: platform.end,
    }).where(eq(reservations.id, stay.id));
  } finally {
    database.client.close();
  }
}

async function openDetails(page: Page, code: string, listShot?: string) {
  await page.goto("/app/rezervacije");
  // The list is a table on a desktop and cards on a phone: the one shown.
  await page.getByText("pomaknut na platformi").locator("visible=true").first().waitFor();
  if (listShot) await screenshot(page, listShot);
  await page.getByRole("button", { name: `Detalji ${code}` }).locator("visible=true").first()
    .click();
  const details = page.getByRole("dialog", { name: "Detalji rezervacije" });
  await details.getByText(/Airbnb je pomaknuo ovaj boravak na .*, ali gosti/).waitFor();
  return details;
}

Deno.test({
  name: "browser: a host takes a platform's new arrival for a registered stay in one action",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    stack = await startStack();
    browser = await launchBrowser();
    const { newContext, registerAndLogIn, inEveryLook } = e2eSession(stack, browser);
    const platform = { start: addDays(todayInStayZone(), -2), end: addDays(todayInStayZone(), 3) };
    let code = "";
    try {
      await t.step("a registered stay the platform moved", async () => {
        const context = await newContext();
        const page = await context.newPage();
        await registerAndLogIn(page, HOST);
        await connectDemoEVisitor(page);
        const stay = await createStayThroughApi(
          page,
          "Apartman 1",
          addDays(todayInStayZone(), -1),
          addDays(todayInStayZone(), 2),
        );
        assert.equal(stay.status, 200);
        code = stay.body.code;
        const status = await page.evaluate(
          async ({ code, guest }) =>
            (await fetch("/api/Reservations/Guests", {
              method: "POST",
              headers: { "Content-Type": "application/json" },
              body: JSON.stringify({ reservationCode: code, reservationGuests: [guest] }),
            })).status,
          { code, guest: birgitte },
        );
        assert.equal(status, 200);
        await waitFor(async () => (await registrations())[0]?.status === "active", {
          what: "Birgitte registered",
          timeoutMs: 20_000,
        });
        await importedAndMovedOnPlatform(code, platform);
        await context.close();
      });

      await t.step(
        "marked in the list, explained in its details: phone and desktop, light and dark",
        async () => {
          await inEveryLook(HOST, async (page, { suffix }) => {
            const details = await openDetails(page, code, `platform-move-list-${suffix}`);
            await details.getByRole("button", { name: "Premjesti i ponovno prijavi goste" })
              .waitFor();
            await dialogScreenshot(page, details, `platform-move-${suffix}`);
          });
        },
      );

      await t.step("the calendars page names the stay the platform could not move", async () => {
        await inEveryLook(HOST, async (page, { suffix }) => {
          await page.goto("/app/kalendari");
          const item = page.getByText(`boravak ${code}, čiji su gosti prijavljeni u eVisitor`, {
            exact: false,
          });
          await item.waitFor();
          // Counted apart from the stays on nights already taken.
          await page.getByText("u sukobu 0 · pomaknuto na platformi 1").waitFor();
          await item.scrollIntoViewIfNeeded();
          await screenshot(page, `platform-move-calendars-${suffix}`, { fullPage: false });
        });
      });

      await t.step(
        "the dashboard counts it apart from conflicts and leads to the stay",
        async () => {
          await inEveryLook(HOST, async (page, { suffix }) => {
            const row = page.getByRole("link", { name: /Airbnb: 1 pomaknut boravak čeka vas/ });
            await row.waitFor();
            assert.equal(await page.getByText(/Airbnb: \d+ preklapanj/).count(), 0, "no conflict");
            await row.scrollIntoViewIfNeeded();
            await screenshot(page, `platform-move-dashboard-${suffix}`, { fullPage: false });
            await row.click();
            await page.waitForURL((url) => url.searchParams.get("stay") === code);
            // The reservations page opens searched for the stay, marked as moved.
            assert.equal(
              await page.getByRole("searchbox", { name: "Pretraži rezervacije" }).inputValue(),
              code,
            );
            await page.getByText("pomaknut na platformi").locator("visible=true").first().waitFor();
          });
        },
      );

      await t.step("one press moves the stay and registers the guest again", async () => {
        const context = await newContext();
        const page = await context.newPage();
        const { logInToDashboard } = e2eSession(stack, browser);
        await logInToDashboard(page, HOST);
        const details = await openDetails(page, code);
        await details.getByRole("button", { name: "Premjesti i ponovno prijavi goste" }).click();
        await page.getByText(`Rezervacija ${code} je premještena.`, { exact: false }).waitFor();
        await details.waitFor({ state: "detached" });
        await page.getByText("pomaknut na platformi").first().waitFor({ state: "detached" });

        const after = await waitFor(async () => {
          const list = await registrations();
          return list.some((r) => r.status === "active" && r.fields.StayFrom === platform.start) &&
            list;
        }, { what: "registered again with the platform's dates", timeoutMs: 45_000 });
        assert.deepEqual(after.map((r) => r.status).sort(), ["active", "cancelled"]);
        const fresh = after.find((r) => r.status === "active")!;
        assert.equal(fresh.fields.ForeseenStayUntil, platform.end);
        await context.close();
      });
    } finally {
      await browser.close();
      await stack.stop();
    }
  },
});
