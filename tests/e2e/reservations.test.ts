import assert from "node:assert/strict";
import type { Browser, Locator, Page } from "playwright-core";
import { addDays, todayIn } from "../../shared/local-date.ts";
import { launchBrowser, screenshot, VIEWPORTS } from "../support/browser.ts";
import { e2eSession } from "../support/e2e.ts";
import { DEMO_HOST } from "../support/evisitor-sim.ts";
import { startStack, type TestStack } from "../support/stack.ts";

let stack: TestStack;
let browser: Browser;
const HOST = "ivana.host@example.com";
const CODE = /Rezervacija ([A-Z2-9]{10}) je (?:dodana|spremljena)\./;

/** Days of next month (Zagreb), so every stay is ahead and shown in the picker's two months. */
const today = todayIn("Europe/Zagreb");
const nextMonth = addDays(today.slice(0, 8) + "01", 40).slice(0, 8) + "01";
const day = (n: number) => addDays(nextMonth, n - 1);

/** Chooses a day on the dialog's calendar. */
function dayButton(dialog: Locator, date: string): Locator {
  return dialog.locator(`[data-day="${date}"] button`);
}

/** The code in the snackbar that confirmed a reservation (not one of `known`, still showing). */
async function savedCode(
  page: Page,
  verb: "dodana" | "spremljena",
  known: string[] = [],
): Promise<string> {
  let snackbar = page.getByText(new RegExp(`Rezervacija [A-Z2-9]{10} je ${verb}\\.`));
  if (known.length > 0) snackbar = snackbar.filter({ hasNotText: new RegExp(known.join("|")) });
  await snackbar.first().waitFor();
  const code = CODE.exec(await snackbar.first().innerText())?.[1];
  assert.ok(code, "the snackbar names the reservation's code");
  // Snackbars stay while the pointer rests on them; it moves away, as a person's would.
  await page.mouse.move(1, 1);
  return code;
}

/** Waits until a dialog has finished fading in, for its screenshot. */
async function settled(dialog: Locator): Promise<void> {
  await dialog.locator("[data-closed], [data-enter]").first().waitFor({ state: "detached" });
}

/** A stay entered straight through the API, as another tab or a calendar sync would. */
async function createThroughApi(page: Page, unitName: string, start: string, end: string) {
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

/**
 * An Airbnb calendar on 127.0.0.1 (the test stack allows private addresses): one stay and one
 * block ("Not available"), all-day with the check-out day exclusive.
 */
function startAirbnbFeed(stay: [string, string], block: [string, string]) {
  const compact = (date: string) => date.replaceAll("-", "");
  const event = (uid: string, [start, end]: [string, string], summary: string) => [
    "BEGIN:VEVENT",
    `DTEND;VALUE=DATE:${compact(end)}`,
    `DTSTART;VALUE=DATE:${compact(start)}`,
    `UID:${uid}@airbnb.com`,
    `SUMMARY:${summary}`,
    "END:VEVENT",
  ];
  const body = [
    "BEGIN:VCALENDAR",
    "PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 0.8.8//EN",
    "VERSION:2.0",
    ...event("2b7c11d0a4e1-cccccccccccccccccccccccccccccc01", stay, "Reserved"),
    ...event("9e0d3f6a2b47-dddddddddddddddddddddddddddddd01", block, "Airbnb (Not available)"),
    "END:VCALENDAR",
    "",
  ].join("\r\n");
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () => new Response(body, { headers: { "Content-Type": "text/calendar; charset=utf-8" } }),
  );
  return {
    url: `http://127.0.0.1:${(server.addr as Deno.NetAddr).port}/calendar/ical/7731.ics?s=feed`,
    stop: () => server.shutdown(),
  };
}

Deno.test({
  name: "browser: reservations entered by hand, shared, edited and deleted",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    stack = await startStack();
    browser = await launchBrowser();
    const feed = startAirbnbFeed([day(5), day(8)], [day(20), day(23)]);
    const { newContext, logIn, registerAndConfirm } = e2eSession(stack, browser);
    try {
      await t.step(
        "a host with eVisitor properties enters stays, shares the check-in link, is refused a taken night, books a turnover, edits and deletes",
        async () => {
          const context = await newContext();
          await context.grantPermissions(["clipboard-read", "clipboard-write"], {
            origin: stack.baseUrl,
          });
          const page = await context.newPage();
          await registerAndConfirm(page, HOST);
          await logIn(page, HOST);
          await page.waitForURL("**/app/kontrolna-ploca");

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

          // The property card links to its reservations, with its property chosen.
          await page.goto("/app/objekti");
          await page.getByRole("link", { name: "Rezervacije Apartmani Horvat" }).click();
          await page.waitForURL(/\/app\/rezervacije\?propertyId=/);
          await page.getByRole("heading", { name: "Ovdje još nema rezervacija" }).waitFor();
          assert.equal(
            await page.getByLabel("Objekt", { exact: true }).locator("option:checked").innerText(),
            "Apartmani Horvat",
          );
          await screenshot(page, "reservations-empty-property-desktop-light");

          await page.goto("/app/rezervacije");
          await page.getByRole("heading", { name: "Još nemate rezervacija" }).waitFor();
          await screenshot(page, "reservations-empty-desktop-light");

          // A stay entered by hand through the dialog and its range picker.
          await page.getByRole("button", { name: "Nova rezervacija" }).click();
          const create = page.getByRole("dialog", { name: "Nova rezervacija" });
          await create.getByLabel("Objekt").selectOption({ label: "Apartmani Horvat" });
          await create.getByLabel("Smještajna jedinica").selectOption({ label: "Apartman 1" });
          await dayButton(create, day(10)).click();
          await create.getByText("Sada odaberite dan odlaska.").waitFor();
          await dayButton(create, day(13)).click();
          await create.getByText("3 noćenja").waitFor();
          await create.getByLabel("Bilješka").fill("Obitelj Kovač, dolaze trajektom");
          await screenshot(page, "reservation-create-desktop-light", { fullPage: false });
          await create.getByRole("button", { name: "Dodaj rezervaciju" }).click();
          const first = await savedCode(page, "dodana");
          await create.waitFor({ state: "detached" });
          const firstRow = page.getByRole("row").filter({ hasText: first });
          await firstRow.getByText("Najavljena").waitFor();
          await firstRow.getByText("Ručni unos").waitFor();
          await firstRow.getByText("Apartman 1").waitFor();

          // Details, and the check-in link copied for the guests.
          await page.getByRole("button", { name: `Detalji ${first}` }).click();
          const details = page.getByRole("dialog", { name: "Detalji rezervacije" });
          await details.getByText("Apartmani Horvat").first().waitFor();
          await details.getByText("3 noćenja").waitFor();
          await details.getByText("0 gostiju").waitFor();
          await screenshot(page, "reservation-details-desktop-light", { fullPage: false });
          const whatsApp = await details.getByRole("link", { name: /WhatsApp/ }).getAttribute(
            "href",
          );
          assert.ok(
            whatsApp?.startsWith("https://wa.me/?text=") &&
              decodeURIComponent(whatsApp).includes(`/prijava/rezervacija/${first}`),
            "WhatsApp gets a message with the link",
          );
          const mail = await details.getByRole("link", { name: "E-mail" }).getAttribute("href");
          assert.ok(mail?.startsWith("mailto:?subject=") && mail.includes(first));
          await details.getByRole("button", { name: "Kopiraj poveznicu" }).click();
          await page.getByText("Poveznica je kopirana.").waitFor();
          await page.mouse.move(1, 1);
          const copied = await page.evaluate(() => navigator.clipboard.readText());
          assert.ok(
            copied.endsWith(`/prijava/rezervacija/${first}`),
            `the clipboard holds the check-in link, got ${copied}`,
          );
          assert.ok(copied.startsWith(stack.baseUrl));
          await details.getByRole("button", { name: "Prikaži goste" }).click();
          const guests = page.getByRole("dialog", { name: `Gosti rezervacije ${first}` });
          await guests.getByText("Još nema prijavljenih gostiju").waitFor();
          await screenshot(page, "reservation-guests-desktop-light", { fullPage: false });
          await guests.getByRole("button", { name: "Zatvori" }).click();
          await guests.waitFor({ state: "detached" });

          // Nights are taken, not days: the last night of the stay is closed, its check-out
          // day is open for the next arrival.
          await page.getByRole("button", { name: "Nova rezervacija" }).click();
          const second = page.getByRole("dialog", { name: "Nova rezervacija" });
          await second.getByLabel("Objekt").selectOption({ label: "Apartmani Horvat" });
          await second.getByLabel("Smještajna jedinica").selectOption({ label: "Apartman 1" });
          await second.getByText("Učitavam zauzete noći…").waitFor({ state: "detached" });
          assert.equal(await dayButton(second, day(10)).isDisabled(), true);
          assert.equal(await dayButton(second, day(12)).isDisabled(), true);
          assert.equal(await dayButton(second, day(13)).isDisabled(), false);

          // While the dialog is open someone else takes the 20th to the 23rd: the server says so.
          await dayButton(second, day(20)).click();
          await dayButton(second, day(23)).click();
          const taken = await createThroughApi(page, "Apartman 1", day(21), day(24));
          assert.equal(taken.status, 200);
          const raced: string = taken.body.code;
          await second.getByRole("button", { name: "Dodaj rezervaciju" }).click();
          await second.getByText("Za taj datum već postoji rezervacija.").waitFor();
          await page.getByText("Rezervacija nije spremljena.").waitFor();
          await page.mouse.move(1, 1);
          await screenshot(page, "reservation-overlap-desktop-light", { fullPage: false });
          await second.locator(`[data-day="${day(21)}"] button[disabled]`).waitFor();

          // Arriving on the day the first guests leave is a turnover, not an overlap; and the
          // stay can end on the day the other guests arrive.
          await dayButton(second, day(13)).click();
          assert.equal(await dayButton(second, day(21)).isDisabled(), false);
          assert.equal(await dayButton(second, day(22)).isDisabled(), true);
          await dayButton(second, day(16)).click();
          await second.getByRole("button", { name: "Dodaj rezervaciju" }).click();
          const adjacent = await savedCode(page, "dodana", [first]);
          await second.waitFor({ state: "detached" });
          await page.getByRole("row").filter({ hasText: adjacent }).getByText("3 noćenja")
            .waitFor();

          // Editing a stay entered by hand: one more night and a note.
          await page.getByRole("button", { name: `Uredi ${adjacent}` }).click();
          const edit = page.getByRole("dialog", { name: "Uredi rezervaciju" });
          await edit.getByText("Učitavam zauzete noći…").waitFor({ state: "detached" });
          await dayButton(edit, day(13)).click();
          await dayButton(edit, day(17)).click();
          await edit.getByLabel("Bilješka").fill("Kasni dolazak, oko 22 h");
          await screenshot(page, "reservation-edit-desktop-light", { fullPage: false });
          await edit.getByRole("button", { name: "Spremi promjene" }).click();
          assert.equal(await savedCode(page, "spremljena"), adjacent);
          await edit.waitFor({ state: "detached" });
          await page.getByRole("row").filter({ hasText: adjacent }).getByText("4 noćenja")
            .waitFor();

          // The filters: keyboard moves between them; nothing is over yet.
          await page.getByRole("radio", { name: "Sve" }).focus();
          await page.keyboard.press("ArrowRight");
          assert.equal(await page.getByRole("radio", { name: "Nadolazeće" }).isChecked(), true);
          await page.getByText("3 rezervacije").waitFor();
          await page.locator("label").filter({ hasText: "Završene" }).click();
          await page.getByText("Nijedna rezervacija ne odgovara odabiru.").filter({ visible: true })
            .waitFor();
          await page.locator("label").filter({ hasText: /^Sve$/ }).click();
          await page.getByText("3 rezervacije").waitFor();

          // Deleting asks first.
          await page.getByRole("button", { name: `Obriši ${raced}` }).click();
          const confirm = page.getByRole("dialog", { name: "Obrisati rezervaciju?" });
          await confirm.getByText(raced).waitFor();
          await settled(confirm);
          await screenshot(page, "reservation-delete-desktop-light", { fullPage: false });
          await confirm.getByRole("button", { name: "Obriši rezervaciju" }).click();
          await page.getByText(`Rezervacija ${raced} je obrisana.`).waitFor();
          await page.getByRole("row").filter({ hasText: raced }).waitFor({ state: "detached" });
          await page.getByText("2 rezervacije").waitFor();
          await context.close();
        },
      );

      await t.step(
        "a stay from Airbnb's calendar is shown as Airbnb's: no edit or delete here, its block left out",
        async () => {
          const context = await newContext();
          const page = await context.newPage();
          await logIn(page, HOST);
          await page.waitForURL("**/app/kontrolna-ploca");
          await page.goto("/app/objekti");
          const property = page.getByRole("article", { name: "Apartmani Horvat" });
          await property.getByRole("button", { name: "Uredi Apartman 2" }).click();
          const unitDialog = page.getByRole("dialog", { name: "Uredi smještajnu jedinicu" });
          await unitDialog.getByLabel("Poveznice vanjskih kalendara (iCal)").fill(feed.url);
          await unitDialog.getByRole("button", { name: "Spremi jedinicu" }).click();
          await unitDialog.waitFor({ state: "detached" });

          // Saving the link fetches the calendar; the list shows its stay, not its block.
          const unitItem = property.locator("li").filter({ hasText: "Apartman 2" });
          const unitCode = /Kôd ([a-z2-9]{12})/.exec(await unitItem.innerText())?.[1];
          assert.ok(unitCode, "the unit shows its code");
          await page.goto(`/app/rezervacije?unit=${unitCode}`);
          const row = page.getByRole("row").filter({ hasText: "Airbnb" });
          await row.waitFor({ timeout: 20_000 });
          assert.equal(
            await page.getByLabel("Smještajna jedinica", { exact: true }).locator("option:checked")
              .innerText(),
            "Apartman 2",
          );
          await page.getByText("1 rezervacija", { exact: true }).waitFor();
          await row.getByText("3 noćenja").waitFor();
          assert.equal(await row.getByRole("button", { name: /^Uredi / }).count(), 0);
          assert.equal(await row.getByRole("button", { name: /^Obriši / }).count(), 0);
          await row.getByRole("button", { name: /^Detalji / }).click();
          const details = page.getByRole("dialog", { name: "Detalji rezervacije" });
          await details.getByText(/Ovaj boravak stiže iz kalendara \(Airbnb\)/).waitFor();
          await settled(details);
          await screenshot(page, "reservation-details-imported-desktop-light", { fullPage: false });
          await details.getByRole("button", { name: "Zatvori" }).click();
          await context.close();
        },
      );

      await t.step(
        "the reservations page and its dialogs look right on a phone and a desktop, light and dark",
        async () => {
          for (const [size, viewport] of Object.entries(VIEWPORTS)) {
            for (const theme of ["DefaultTheme", "DarkTheme"] as const) {
              const suffix = `${size}-${theme === "DarkTheme" ? "dark" : "light"}`;
              const context = await newContext({ viewport, theme });
              const page = await context.newPage();
              await logIn(page, HOST);
              await page.waitForURL("**/app/kontrolna-ploca");
              await page.goto("/app/rezervacije");
              await page.getByText("3 rezervacije").waitFor();
              await page.getByText("Najavljena").filter({ visible: true }).first().waitFor();
              await screenshot(page, `reservations-${suffix}`);

              await page.getByRole("button", { name: /^Detalji / }).first().click();
              const details = page.getByRole("dialog", { name: "Detalji rezervacije" });
              await details.getByText("Poveznica za prijavu gostiju").waitFor();
              await screenshot(page, `reservation-details-${suffix}`, { fullPage: false });
              await details.getByRole("button", { name: "Zatvori" }).click();
              await details.waitFor({ state: "detached" });

              await page.getByRole("button", { name: "Nova rezervacija" }).click();
              const create = page.getByRole("dialog", { name: "Nova rezervacija" });
              await create.getByLabel("Objekt").selectOption({ label: "Apartmani Horvat" });
              await create.getByLabel("Smještajna jedinica").selectOption({ label: "Apartman 1" });
              await create.getByText("Učitavam zauzete noći…").waitFor({ state: "detached" });
              if (size === "phone") {
                // One month at a time on a phone: the stays are next month.
                await create.getByRole("button", { name: /sljedeći mjesec/ }).click();
              }
              await dayButton(create, day(3)).click();
              await dayButton(create, day(6)).click();
              await screenshot(page, `reservation-create-${suffix}`, { fullPage: false });
              await create.getByRole("button", { name: "Odustani" }).click();
              await context.close();
            }
          }
        },
      );

      await t.step("the page and its calendar read in English too", async () => {
        const context = await newContext();
        const page = await context.newPage();
        await logIn(page, HOST);
        await page.waitForURL("**/app/kontrolna-ploca");
        await page.evaluate(() => localStorage.setItem("language", "en"));
        await page.goto("/app/rezervacije");
        await page.getByText("3 reservations").waitFor();
        await page.getByRole("radio", { name: "Upcoming" }).waitFor({ state: "attached" });
        await screenshot(page, "reservations-en-desktop-light");
        await page.getByRole("button", { name: "New reservation" }).click();
        const create = page.getByRole("dialog", { name: "New reservation" });
        await create.getByLabel("Property").selectOption({ label: "Apartmani Horvat" });
        await create.getByLabel("Accommodation unit").selectOption({ label: "Apartman 1" });
        await create.getByText("Loading taken nights…").waitFor({ state: "detached" });
        await dayButton(create, day(4)).click();
        await create.getByText(/^Check-in: .+\. Choose the check-out day\.$/).waitFor();
        await page.mouse.move(1, 1);
        await screenshot(page, "reservation-create-en-desktop-light", { fullPage: false });
        await context.close();
      });

      await t.step("a host's reservations are not shown to another host", async () => {
        const context = await newContext();
        const page = await context.newPage();
        await registerAndConfirm(page, "drugi.host@example.com");
        await logIn(page, "drugi.host@example.com");
        await page.waitForURL("**/app/kontrolna-ploca");
        await page.goto("/app/rezervacije");
        await page.getByRole("heading", { name: "Najprije trebate objekt" }).waitFor();
        await page.getByRole("link", { name: "Idi na objekte" }).waitFor();
        await context.close();
      });
    } finally {
      await feed.stop();
      await browser?.close();
      await stack?.stop();
    }
  },
});
