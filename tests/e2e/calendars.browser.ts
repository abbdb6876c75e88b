import assert from "node:assert/strict";
import type { Browser } from "playwright-core";
import {
  airbnbCalendar,
  airbnbEvent,
  calendarResponse,
  serveCalendar,
} from "../support/airbnb-feed.ts";
import { seriousAxeIssues } from "../support/axe.ts";
import { screenshot, VIEWPORTS } from "../support/browser.ts";
import {
  atRest,
  clippedIn,
  createStayThroughApi,
  dayOfNextMonth as day,
  dialogScreenshot,
  e2eSession,
} from "../support/e2e.ts";
import { sidewaysOverflow } from "../support/narrow.ts";
import { sharedStack } from "../support/shared-stack.ts";
import type { TestStack } from "../support/stack.ts";

let stack: TestStack;
let browser: Browser;
const HOST = "marija.host@example.com";
const UNIT = "Apartman 1";

// Stays lie in next month (`day(n)`, Zagreb): every one is ahead, and one click on "next" shows
// them all.

/** The UIDs of a feed's events, in order. */
const uidsIn = (ics: string) => [...ics.matchAll(/^UID:(.+)\r?$/gm)].map((m) => m[1]);

/** A date as iCal writes it: 20261203. */
const compact = (date: string) => date.replaceAll("-", "");

/** How the pages write a date: "3. pro 2026." (the same Intl formatting a host's browser uses). */
const shown = (date: string) =>
  new Intl.DateTimeFormat("hr-HR", {
    timeZone: "UTC",
    day: "numeric",
    month: "short",
    year: "numeric",
  }).format(new Date(`${date}T00:00:00Z`));

type FeedMode = "first" | "full" | "failing";

/** A stay on Airbnb, with its reservation link. */
const reserved = (uid: string, start: string, end: string) =>
  airbnbEvent({
    uid,
    start,
    end,
    summary: "Reserved",
    reservationCode: uid.slice(0, 8).toUpperCase(),
  });

/**
 * A platform's calendar: first one stay, then two more stays, a block and a stay on nights taken
 * here, then a server error.
 */
function startFeedServer() {
  let mode: FeedMode = "first";
  const server = serveCalendar("/calendar/ical/41234567.ics?s=0123456789abcdef", () => {
    if (mode === "failing") return new Response("Internal error", { status: 500 });
    return calendarResponse(airbnbCalendar([
      reserved("1418fb94e984-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1", day(3), day(6)),
      ...(mode === "full"
        ? [
          reserved("1418fb94e984-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa2", day(10), day(14)),
          airbnbEvent({
            uid: "7f662ec65913-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb1",
            start: day(20),
            end: day(23),
            summary: "Airbnb (Not available)",
          }),
          reserved("1418fb94e984-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa3", day(25), day(28)),
        ]
        : []),
    ]));
  });
  return { ...server, setMode: (next: FeedMode) => void (mode = next) };
}

Deno.test({
  name: "browser: calendar sync, the month calendar, the export link and a failing feed",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    ({ stack, browser } = await sharedStack());
    const feed = startFeedServer();
    const { connectEVisitor, newContext, registerAndLogIn, inEveryLook } = e2eSession(
      stack,
      browser,
    );
    try {
      await t.step(
        "a new host links an Airbnb calendar, syncs, sees stays, a block and a conflict, shares the export link and sees a failing feed explained",
        async () => {
          const context = await newContext({ clipboard: true });
          const page = await context.newPage();
          await registerAndLogIn(page, HOST);

          // Before any property: the calendars page says where units come from.
          await page.goto("/app/kalendari");
          await page.getByRole("heading", { name: "Još nemate smještajnih jedinica" }).waitFor();
          await screenshot(page, "calendars-empty-desktop-light");

          await connectEVisitor(page);

          // The unit gets the platform's iCal link (one link a line).
          await page.goto("/app/objekti");
          const property = page.getByRole("article", { name: "Apartmani Horvat" });
          await property.getByRole("button", { name: `Uredi ${UNIT}` }).click();
          const unitDialog = page.getByRole("dialog", { name: "Uredi smještajnu jedinicu" });
          const links = unitDialog.getByLabel("Poveznice vanjskih kalendara (iCal)");
          assert.equal(await links.evaluate((el) => el.tagName), "TEXTAREA");
          await links.fill(`${feed.url}\nnot a link`);
          await unitDialog.getByRole("button", { name: "Spremi jedinicu" }).click();
          await unitDialog.getByText(
            "Svaki redak mora biti ispravna poveznica koja počinje s https:// ili webcal://",
          ).waitFor();
          await dialogScreenshot(page, unitDialog, "unit-calendar-links-desktop-light");
          await links.fill(feed.url);
          await unitDialog.getByRole("button", { name: "Spremi jedinicu" }).click();
          await page.getByText(`Smještajna jedinica ${UNIT} je spremljena.`).waitFor();
          await unitDialog.waitFor({ state: "detached" });

          // A stay entered here, on nights the platform will also claim below.
          const manual = await createStayThroughApi(page, UNIT, day(24), day(27));
          assert.equal(manual.status, 200, JSON.stringify(manual.body));

          // The property card links to its calendar with the property chosen.
          await property.getByRole("link", { name: "Kalendar Apartmani Horvat" }).click();
          await page.waitForURL(/\/app\/kalendari\?propertyId=/);
          assert.equal(
            await page.getByLabel("Objekt", { exact: true }).locator("option:checked").innerText(),
            "Apartmani Horvat",
          );
          const unitCard = page.getByRole("article", { name: UNIT });
          // Saving the link fetched the calendar at once: its first stay is in.
          await unitCard.getByText("Radi", { exact: true }).waitFor({ timeout: 20_000 });
          await unitCard.getByText("dodano 1", { exact: false }).waitFor();

          // The platform gets more stays; "sync now" fetches them while the page waits.
          feed.setMode("full");
          await unitCard.getByRole("button", { name: `Sinkroniziraj ${UNIT}` }).click();
          await page.getByText(/Preuzimamo kalendare \(Apartman 1\)/).waitFor();
          const outcome = page.getByText("Sinkronizacija je gotova (Apartman 1).");
          await outcome.waitFor({ timeout: 30_000 });
          await page.getByText(
            /Rezervacije: dodano 2; u sukobu \(preklapaju se, nisu dodane\) 1; uklonjeno \(nema ih više u vanjskom kalendaru\) 0\./,
          )
            .waitFor();
          // The conflict: the platform's stay on nights taken here, with what to do.
          await unitCard.getByText(/Platforma ima boravke na noćima koje su ovdje već zauzete/)
            .waitFor();
          await unitCard.getByText(shown(day(25)), { exact: false }).waitFor();
          await unitCard.getByText(/Provjerite nije li riječ o dvostrukoj rezervaciji/).first()
            .waitFor();

          // The month with the stays: next month, every stay labelled with unit and source.
          await page.getByRole("button", { name: "Sljedeći mjesec" }).click();
          const calendar = page.getByRole("region", { name: /\d{4}/ });
          // Both Airbnb stays show (the second may be drawn a moment after the first).
          await calendar.getByText(`${UNIT} · Airbnb`).nth(1).waitFor();
          await calendar.getByText(`Zatvoreno · ${UNIT} (Airbnb)`).first().waitFor();
          await calendar.getByText(`${UNIT} · Uneseno ovdje`).first().waitFor();
          await screenshot(page, "calendars-synced-desktop-light");

          // A stay opens its details (from the keyboard too), with the way to the reservations.
          await calendar.getByRole("button", { name: `${UNIT} · Airbnb` }).first().focus();
          await page.keyboard.press("Enter");
          const stay = page.getByRole("dialog", { name: UNIT });
          await stay.getByText(shown(day(3)), { exact: false }).waitFor();
          await stay.getByText("Nadolazeća").waitFor();
          await stay.getByText("Airbnb", { exact: true }).waitFor();
          await dialogScreenshot(page, stay, "calendars-stay-dialog-desktop-light");
          const toReservations = await stay.getByRole("link", { name: "Otvori u rezervacijama" })
            .getAttribute("href");
          assert.match(
            toReservations ?? "",
            /^\/app\/rezervacije\?propertyId=.+&unit=[a-z2-9]{12}$/,
          );
          await stay.getByRole("button", { name: "Zatvori" }).click();
          await stay.waitFor({ state: "detached" });

          // The block is marked as closed, without a way to reservations (no guests).
          await calendar.getByText(`Zatvoreno · ${UNIT} (Airbnb)`).first().click();
          const block = page.getByRole("dialog", { name: `Zatvoreno: ${UNIT}` });
          await block.getByText(/Datumi su zatvoreni bez gostiju/).waitFor();
          assert.equal(
            await block.getByRole("link", { name: "Otvori u rezervacijama" }).count(),
            0,
          );
          await block.getByRole("button", { name: "Zatvori" }).click();
          await block.waitFor({ state: "detached" });

          // The unit filter keeps the choice in the address.
          await page.getByLabel("Smještajna jedinica", { exact: true }).selectOption({
            label: UNIT,
          });
          await page.waitForURL(/unit=[a-z2-9]{12}/);
          await calendar.getByText(`${UNIT} · Airbnb`).first().waitFor();

          // The export link: created, copied, fetched by a platform; imported stays stay out.
          await unitCard.getByRole("button", { name: `Izradi poveznicu ${UNIT}` }).click();
          await page.getByText(`Poveznica kalendara za ${UNIT} je izrađena.`).waitFor();
          await unitCard.getByRole("button", { name: `Kopiraj ${UNIT}` }).click();
          await page.getByText(/^Poveznica je kopirana\./).waitFor();
          const exportUrl = await page.evaluate(() => navigator.clipboard.readText());
          assert.match(exportUrl, /\/api\/Calendars\/Export\/[A-Za-z0-9_-]+\.ics$/);
          assert.ok(exportUrl.startsWith(stack.baseUrl), exportUrl);
          const exported = await fetch(exportUrl);
          assert.equal(exported.status, 200);
          const ics = await exported.text();
          assert.match(ics, /^BEGIN:VCALENDAR/);
          assert.ok(ics.includes(`DTSTART;VALUE=DATE:${compact(day(24))}`), "the manual stay");
          for (const imported of [day(3), day(10), day(20)]) {
            assert.ok(!ics.includes(compact(imported)), `no imported stay on ${imported}`);
          }
          await screenshot(page, "calendars-export-desktop-light");
          // The feed names no stay (issue 30, N1): the UID is random, never the stay's code.
          const uids = uidsIn(ics);
          assert.equal(uids.length, 1, ics);
          assert.match(
            uids[0],
            /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}@prijavko\.hr$/,
          );
          assert.ok(!ics.includes(manual.body.code), "the stay's code is not in the feed");

          // Replacing the address asks first; cancelling keeps it.
          const renewButton = unitCard.getByRole("button", { name: `Zamijeni poveznicu ${UNIT}` });
          await renewButton.click();
          const renewDialog = page.getByRole("dialog", { name: "Zamijeniti poveznicu kalendara?" });
          await renewDialog.getByText(`Stara poveznica jedinice ${UNIT} odmah prestaje raditi`, {
            exact: false,
          }).waitFor();
          await renewDialog.getByText(/bivši član tima/).waitFor();
          assert.deepEqual(await seriousAxeIssues(page, "[role=dialog]"), []);
          await dialogScreenshot(page, renewDialog, "calendars-export-renew-desktop-light");
          await renewDialog.getByRole("button", { name: "Odustani" }).click();
          await renewDialog.waitFor({ state: "detached" });
          const kept = await fetch(exportUrl);
          await kept.body?.cancel();
          assert.equal(kept.status, 200, "cancelling keeps the address");

          // On a phone the buttons and the dialog fit the screen.
          await page.setViewportSize(VIEWPORTS.phone);
          await renewButton.scrollIntoViewIfNeeded();
          assert.deepEqual(await sidewaysOverflow(page), []);
          await renewButton.click();
          await atRest(renewDialog);
          assert.deepEqual(await clippedIn(renewDialog), []);
          assert.deepEqual(await sidewaysOverflow(page), []);
          await dialogScreenshot(page, renewDialog, "calendars-export-renew-phone-light");

          // Confirmed: a new address at once, the old one answers 404, the new one the same feed.
          await renewDialog.getByRole("button", { name: "Zamijeni poveznicu" }).click();
          await page.getByText(`Poveznica kalendara za ${UNIT} je zamijenjena.`, { exact: false })
            .waitFor();
          await renewDialog.waitFor({ state: "detached" });
          await page.setViewportSize(VIEWPORTS.desktop);
          const field = unitCard.getByLabel(`Poveznica kalendara jedinice ${UNIT}`);
          await page.waitForFunction(
            ([el, old]) => (el as HTMLInputElement).value !== old,
            [await field.elementHandle(), exportUrl] as const,
          );
          const renewedUrl = await field.inputValue();
          assert.match(renewedUrl, /\/api\/Calendars\/Export\/[A-Za-z0-9_-]+\.ics$/);
          const dead = await fetch(exportUrl);
          await dead.body?.cancel();
          assert.equal(dead.status, 404, "the replaced address is gone at once");
          const renewed = await fetch(renewedUrl);
          assert.equal(renewed.status, 200);
          assert.deepEqual(uidsIn(await renewed.text()), uids, "the same events, the same UIDs");

          // Revoking asks first; the old address then answers 404.
          await unitCard.getByRole("button", { name: `Opozovi ${UNIT}` }).click();
          const revoke = page.getByRole("dialog", { name: "Opozvati poveznicu kalendara?" });
          await revoke.getByText(/više neće primati promjene/).waitFor();
          await dialogScreenshot(page, revoke, "calendars-export-revoke-desktop-light");
          await revoke.getByRole("button", { name: "Opozovi poveznicu" }).click();
          await page.getByText(`Poveznica kalendara za ${UNIT} je opozvana.`).waitFor();
          const gone = await fetch(renewedUrl);
          await gone.body?.cancel();
          assert.equal(gone.status, 404, "a revoked link is gone");
          await unitCard.getByRole("button", { name: `Izradi poveznicu ${UNIT}` }).waitFor();

          // The stays are on the reservations page too.
          await page.goto("/app/rezervacije");
          for (const start of [day(3), day(10)]) {
            await page.getByRole("row").filter({ hasText: shown(start) }).first().waitFor();
          }

          // The platform's calendar breaks: the feed says so and what to do about it.
          feed.setMode("failing");
          await page.goto("/app/kalendari");
          const card = page.getByRole("article", { name: UNIT });
          await card.getByRole("button", { name: `Sinkroniziraj ${UNIT}` }).click();
          await page.getByText(/Neuspjelih kalendara: 1/).waitFor({ timeout: 30_000 });
          await card.getByText(/^Ne radi od/).waitFor();
          await card.getByText("Platforma je odgovorila greškom (HTTP 500)").waitFor();
          await card.getByText(/Provjerite vrijedi li poveznica još/).waitFor();
          await card.getByText(/Već uvezene rezervacije ostaju/).waitFor();
          await screenshot(page, "calendars-failing-desktop-light");

          // The same in English.
          await page.getByRole("radio", { name: "English" }).check();
          await page.getByRole("heading", { name: "Calendars", exact: true }).first().waitFor();
          await card.getByText("The platform answered with an error (HTTP 500)").waitFor();
          await card.getByText(/^Failing since/).waitFor();
          await page.getByRole("radio", { name: "Hrvatski" }).check();
          await context.close();
        },
      );

      await t.step(
        "the calendars page looks right on a phone and a desktop, light and dark",
        async () => {
          await inEveryLook(HOST, async (page, { suffix }) => {
            await page.goto("/app/kalendari");
            await page.getByRole("button", { name: "Sljedeći mjesec" }).click();
            // A phone lists the month's stays; a desktop shows the month's grid.
            await page.getByText(`${UNIT} · Airbnb`).or(
              page.getByRole("button", { name: new RegExp(`^${UNIT}.*Airbnb$`) }),
            ).first().waitFor();
            await screenshot(page, `calendars-${suffix}`);
            await page.goto("/app/objekti");
            await page.getByText(/^\d+ %$/).first().waitFor();
            await screenshot(page, `properties-occupancy-${suffix}`);
          });
        },
      );
    } finally {
      await feed.stop();
    }
  },
});
