import assert from "node:assert/strict";
import type { Browser, Locator, Page } from "playwright-core";
import {
  airbnbCalendar,
  airbnbEvent,
  calendarResponse,
  serveCalendar,
} from "../support/airbnb-feed.ts";
import { screenshot } from "../support/browser.ts";
import {
  createStayThroughApi,
  dayOfNextMonth as day,
  dialogScreenshot,
  e2eSession,
} from "../support/e2e.ts";
import { sharedStack } from "../support/shared-stack.ts";
import type { TestStack } from "../support/stack.ts";

let stack: TestStack;
let browser: Browser;
const HOST = "ivana.host@example.com";
const CODE = /Rezervacija ([A-Z2-9]{10}) je (?:dodana|spremljena)\./;

/** Chooses a day on the dialog's calendar. */
function dayButton(dialog: Locator, date: string): Locator {
  return dialog.locator(`[data-day="${date}"] button`);
}

/** Opens "Nova rezervacija" on Apartman 1 of Apartmani Horvat, its taken nights loaded. */
async function newReservation(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Nova rezervacija" }).click();
  const dialog = page.getByRole("dialog", { name: "Nova rezervacija" });
  await dialog.getByLabel("Objekt").selectOption({ label: "Apartmani Horvat" });
  await dialog.getByLabel("Smještajna jedinica").selectOption({ label: "Apartman 1" });
  await dialog.getByText("Učitavam zauzete noći…").waitFor({ state: "detached" });
  return dialog;
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

/** An Airbnb calendar with one stay and one block ("Not available"). */
function startAirbnbFeed([start, end]: [string, string], block: [string, string]) {
  const body = airbnbCalendar([
    airbnbEvent({
      uid: "2b7c11d0a4e1-cccccccccccccccccccccccccccccc01",
      start,
      end,
      summary: "Reserved",
    }),
    airbnbEvent({
      uid: "9e0d3f6a2b47-dddddddddddddddddddddddddddddd01",
      start: block[0],
      end: block[1],
      summary: "Airbnb (Not available)",
    }),
  ]);
  return serveCalendar("/calendar/ical/7731.ics?s=feed", () => calendarResponse(body));
}

Deno.test({
  name: "browser: reservations entered by hand, shared, edited and deleted",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    ({ stack, browser } = await sharedStack());
    const feed = startAirbnbFeed([day(5), day(8)], [day(20), day(23)]);
    const { connectEVisitor, newContext, logInToDashboard, registerAndLogIn, inEveryLook } =
      e2eSession(stack, browser);
    try {
      await t.step(
        "a host with eVisitor properties enters stays, shares the check-in link, is refused a taken night, books a turnover, edits and deletes",
        async () => {
          const context = await newContext({ clipboard: true });
          const page = await context.newPage();
          await registerAndLogIn(page, HOST);
          await connectEVisitor(page);

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
          const create = await newReservation(page);
          await dayButton(create, day(10)).click();
          await create.getByText("Sada odaberite dan odlaska.").waitFor();
          await dayButton(create, day(13)).click();
          await create.getByText("3 noćenja").waitFor();
          // How many are coming and who booked have fields of their own (issue 32 item 11).
          await create.getByLabel("Broj gostiju").fill("3");
          await create.getByLabel("Glavni gost").fill("Marija Kovač");
          await create.getByLabel("Bilješka").fill("Dolaze trajektom");
          await dialogScreenshot(page, create, "reservation-create-desktop-light");
          await create.getByRole("button", { name: "Dodaj rezervaciju" }).click();
          const first = await savedCode(page, "dodana");
          await create.waitFor({ state: "detached" });
          const firstRow = page.getByRole("row").filter({ hasText: first });
          await firstRow.getByText("Najavljena").waitFor();
          await firstRow.getByText("Ručni unos").waitFor();
          await firstRow.getByText("Apartman 1").waitFor();
          await firstRow.getByText("Marija Kovač").waitFor();

          // Details, and the check-in link copied for the guests.
          await page.getByRole("button", { name: `Detalji ${first}` }).click();
          const details = page.getByRole("dialog", { name: "Detalji rezervacije" });
          await details.getByText("Apartmani Horvat").first().waitFor();
          await details.getByText("3 noćenja").waitFor();
          await details.getByText("0 gostiju").waitFor();
          await details.getByText("Marija Kovač · 3 gosta").waitFor();
          await dialogScreenshot(page, details, "reservation-details-desktop-light");
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
          await details.waitFor({ state: "detached" });
          await dialogScreenshot(page, guests, "reservation-guests-desktop-light");
          await guests.getByRole("button", { name: "Zatvori" }).click();
          await guests.waitFor({ state: "detached" });

          // Nights are taken, not days: the last night of the stay is closed, its check-out
          // day is open for the next arrival.
          const second = await newReservation(page);
          assert.equal(await dayButton(second, day(10)).isDisabled(), true);
          assert.equal(await dayButton(second, day(12)).isDisabled(), true);
          assert.equal(await dayButton(second, day(13)).isDisabled(), false);

          // While the dialog is open someone else takes the 20th to the 23rd: the server says so.
          await dayButton(second, day(20)).click();
          await dayButton(second, day(23)).click();
          const taken = await createStayThroughApi(page, "Apartman 1", day(21), day(24));
          assert.equal(taken.status, 200);
          const raced: string = taken.body.code;
          await second.getByRole("button", { name: "Dodaj rezervaciju" }).click();
          await second.getByText("Za taj datum već postoji rezervacija.").waitFor();
          await page.getByText("Rezervacija nije spremljena.").waitFor();
          await page.mouse.move(1, 1);
          await dialogScreenshot(page, second, "reservation-overlap-desktop-light");
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
          await dialogScreenshot(page, edit, "reservation-edit-desktop-light");
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
          await dialogScreenshot(page, confirm, "reservation-delete-desktop-light");
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
          await logInToDashboard(page, HOST);
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
          await dialogScreenshot(page, details, "reservation-details-imported-desktop-light");
          await details.getByRole("button", { name: "Zatvori" }).click();
          await context.close();
        },
      );

      await t.step(
        "the reservations page and its dialogs look right on a phone and a desktop, light and dark",
        async () => {
          await inEveryLook(HOST, async (page, { size, suffix }) => {
            await page.goto("/app/rezervacije");
            await page.getByText("3 rezervacije").waitFor();
            await page.getByText("Najavljena").filter({ visible: true }).first().waitFor();
            await screenshot(page, `reservations-${suffix}`);

            await page.getByRole("button", { name: /^Detalji / }).first().click();
            const details = page.getByRole("dialog", { name: "Detalji rezervacije" });
            await details.getByText("Poveznica za prijavu gostiju").waitFor();
            await dialogScreenshot(page, details, `reservation-details-${suffix}`);
            await details.getByRole("button", { name: "Zatvori" }).click();
            await details.waitFor({ state: "detached" });

            const create = await newReservation(page);
            if (size === "phone") {
              // One month at a time on a phone: the stays are next month.
              await create.getByRole("button", { name: /sljedeći mjesec/ }).click();
            }
            await dayButton(create, day(3)).click();
            await dayButton(create, day(6)).click();
            await dialogScreenshot(page, create, `reservation-create-${suffix}`);
            await create.getByRole("button", { name: "Odustani" }).click();
          });
        },
      );

      await t.step("the page and its calendar read in English too", async () => {
        const context = await newContext();
        const page = await context.newPage();
        await logInToDashboard(page, HOST);
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
        await dialogScreenshot(page, create, "reservation-create-en-desktop-light");
        await context.close();
      });

      await t.step("a host's reservations are not shown to another host", async () => {
        const context = await newContext();
        const page = await context.newPage();
        await registerAndLogIn(page, "drugi.host@example.com");
        await page.goto("/app/rezervacije");
        await page.getByRole("heading", { name: "Najprije trebate objekt" }).waitFor();
        await page.getByRole("link", { name: "Idi na objekte" }).waitFor();
        await context.close();
      });
    } finally {
      await feed.stop();
    }
  },
});
