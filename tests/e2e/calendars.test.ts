import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { addDays, todayIn } from "../../shared/local-date.ts";
import { launchBrowser, screenshot, VIEWPORTS } from "../support/browser.ts";
import { e2eSession } from "../support/e2e.ts";
import { DEMO_HOST } from "../support/evisitor-sim.ts";
import { startStack, type TestStack } from "../support/stack.ts";

let stack: TestStack;
let browser: Browser;
const HOST = "marija.host@example.com";
const UNIT = "Apartman 1";

/** Days of next month (Zagreb): every stay lies ahead, and one click on "next" shows them all. */
const today = todayIn("Europe/Zagreb");
const nextMonth = addDays(today.slice(0, 8) + "01", 40).slice(0, 8) + "01";
const day = (n: number) => addDays(nextMonth, n - 1);
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

/** An Airbnb-style iCal event: all-day, check-out day exclusive. */
function vevent(uid: string, start: string, end: string, summary: string): string[] {
  return [
    "BEGIN:VEVENT",
    `DTEND;VALUE=DATE:${compact(end)}`,
    `DTSTART;VALUE=DATE:${compact(start)}`,
    `UID:${uid}@airbnb.com`,
    ...(summary === "Reserved"
      ? [
        "DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/d",
        ` etails/HM${uid.slice(0, 8).toUpperCase()}\\nPhone Number (Last 4 Digits): 4321`,
      ]
      : []),
    `SUMMARY:${summary}`,
    "END:VEVENT",
  ];
}

/**
 * A platform's calendar on 127.0.0.1 (the stack allows private addresses for tests): first one
 * stay, then two more stays, a block and a stay on nights taken here, then a server error.
 */
function startFeedServer() {
  let mode: FeedMode = "first";
  let requests = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () => {
    requests++;
    if (mode === "failing") return new Response("Internal error", { status: 500 });
    const events = [
      vevent("1418fb94e984-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1", day(3), day(6), "Reserved"),
      ...(mode === "full"
        ? [
          vevent("1418fb94e984-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa2", day(10), day(14), "Reserved"),
          vevent(
            "7f662ec65913-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb1",
            day(20),
            day(23),
            "Airbnb (Not available)",
          ),
          vevent("1418fb94e984-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa3", day(25), day(28), "Reserved"),
        ]
        : []),
    ].flat();
    const body = [
      "BEGIN:VCALENDAR",
      "PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 0.8.8//EN",
      "CALSCALE:GREGORIAN",
      "VERSION:2.0",
      ...events,
      "END:VCALENDAR",
      "",
    ].join("\r\n");
    return new Response(body, { headers: { "Content-Type": "text/calendar; charset=utf-8" } });
  });
  const port = (server.addr as Deno.NetAddr).port;
  return {
    url: `http://127.0.0.1:${port}/calendar/ical/41234567.ics?s=0123456789abcdef`,
    setMode: (next: FeedMode) => void (mode = next),
    requests: () => requests,
    stop: () => server.shutdown(),
  };
}

/** A stay entered by hand, straight through the API with the page's session. */
async function createManualStay(page: Page, unitName: string, start: string, end: string) {
  return await page.evaluate(async ({ unitName, start, end }) => {
    const user = JSON.parse(localStorage.getItem("user")!);
    const headers = {
      Authorization: `Bearer ${user.accessToken}`,
      "Content-Type": "application/json",
    };
    const properties = await (await fetch("/api/Properties?PageNumber=1&PageSize=100", {
      headers,
    })).json();
    const unit = properties.items.flatMap((p: { accommodationUnits: unknown[] }) =>
      p.accommodationUnits
    ).find((u: { name: string }) => u.name === unitName);
    const answer = await fetch("/api/Reservations", {
      method: "POST",
      headers,
      body: JSON.stringify({
        accommodationUnitId: unit.id,
        startDateUTC: `${start}T12:00:00.000Z`,
        endDateUTC: `${end}T12:00:00.000Z`,
      }),
    });
    return { status: answer.status, body: await answer.json() };
  }, { unitName, start, end });
}

Deno.test({
  name: "browser: calendar sync, the month calendar, the export link and a failing feed",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    stack = await startStack();
    browser = await launchBrowser();
    const feed = startFeedServer();
    const { newContext, logIn, registerAndConfirm } = e2eSession(stack, browser);
    try {
      await t.step(
        "a new host links an Airbnb calendar, syncs, sees stays, a block and a conflict, shares the export link and sees a failing feed explained",
        async () => {
          const context = await newContext();
          await context.grantPermissions(["clipboard-read", "clipboard-write"], {
            origin: stack.baseUrl,
          });
          const page = await context.newPage();
          await registerAndConfirm(page, HOST);
          await logIn(page, HOST);
          await page.waitForURL("**/app/kontrolna-ploca");

          // Before any property: the calendars page says where units come from.
          await page.goto("/app/kalendari");
          await page.getByRole("heading", { name: "Još nemate smještajnih jedinica" }).waitFor();
          await screenshot(page, "calendars-empty-desktop-light");

          await page.goto("/app/povezani-racuni");
          await page.getByRole("button", { name: "Poveži račun" }).first().click();
          const account = page.getByRole("dialog", { name: "Poveži eVisitor račun" });
          await account.getByLabel("Korisničko ime").fill(DEMO_HOST.username);
          await account.getByLabel("Lozinka", { exact: true }).fill(DEMO_HOST.password);
          await account.getByRole("button", { name: "Provjeri i poveži" }).click();
          await account.waitFor({ state: "detached" });
          await page.getByText("Sinkroniziran", { exact: true }).first().waitFor({
            timeout: 20_000,
          });

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
          await screenshot(page, "unit-calendar-links-desktop-light", { fullPage: false });
          await links.fill(feed.url);
          await unitDialog.getByRole("button", { name: "Spremi jedinicu" }).click();
          await page.getByText(`Smještajna jedinica ${UNIT} je spremljena.`).waitFor();
          await unitDialog.waitFor({ state: "detached" });

          // A stay entered here, on nights the platform will also claim below.
          const manual = await createManualStay(page, UNIT, day(24), day(27));
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
          await calendar.getByText(`${UNIT} · Airbnb`).first().waitFor();
          assert.ok(
            await calendar.getByText(`${UNIT} · Airbnb`).count() >= 2,
            "both Airbnb stays show",
          );
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
          await screenshot(page, "calendars-stay-dialog-desktop-light", { fullPage: false });
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

          // Revoking asks first; the old address then answers 404.
          await unitCard.getByRole("button", { name: `Opozovi ${UNIT}` }).click();
          const revoke = page.getByRole("dialog", { name: "Opozvati poveznicu kalendara?" });
          await revoke.getByText(/više neće primati promjene/).waitFor();
          await screenshot(page, "calendars-export-revoke-desktop-light", { fullPage: false });
          await revoke.getByRole("button", { name: "Opozovi poveznicu" }).click();
          await page.getByText(`Poveznica kalendara za ${UNIT} je opozvana.`).waitFor();
          const gone = await fetch(exportUrl);
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
          for (const [size, viewport] of Object.entries(VIEWPORTS)) {
            for (const theme of ["DefaultTheme", "DarkTheme"] as const) {
              const suffix = `${size}-${theme === "DarkTheme" ? "dark" : "light"}`;
              const context = await newContext({ viewport, theme });
              const page = await context.newPage();
              await logIn(page, HOST);
              await page.waitForURL("**/app/kontrolna-ploca");
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
              await context.close();
            }
          }
        },
      );
    } finally {
      await browser?.close();
      await stack?.stop();
      await feed.stop();
    }
  },
});
