import assert from "node:assert/strict";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { Gender } from "@shared/enums.ts";
import { addDays } from "@shared/local-date.ts";
import { todayInStayZone } from "@shared/time-zone.ts";
import { launchBrowser, screenshot, VIEWPORTS } from "../support/browser.ts";
import {
  connectDemoEVisitor,
  createStayThroughApi,
  dialogScreenshot,
  e2eSession,
} from "../support/e2e.ts";
import type { SimSnapshot } from "../support/evisitor-sim.ts";
import { startStack, type TestStack } from "../support/stack.ts";
import { waitFor } from "../support/wait.ts";
import { createDatabase } from "@core/db/client.ts";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { eq } from "drizzle-orm";
import { removeExpiredGuestData } from "@core/services/guests/guest-data-retention.ts";
import { BIRGITTE } from "../support/guests.ts";

let stack: TestStack;
let browser: Browser;
const HOST = "marija.gosti@example.com";
/** eVisitor registers and checks out within seconds; the page reads the list every two. */
const WORKER = { timeout: 20_000 };

const birgitte = BIRGITTE;
const ivo = {
  ...birgitte,
  firstName: "Ivo",
  gender: Gender.Male,
  dateOfBirth: "1990-04-02",
  cityOfBirth: "Aarhus",
  documentNumber: "209957823",
};

/** Guests check in on the public page's call: no sign-in, the reservation code is the key. */
async function checkInThroughApi(page: Page, reservationCode: string, guest: object) {
  const status = await page.evaluate(async ({ reservationCode, guest }) => {
    const answer = await fetch("/api/Reservations/Guests", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ reservationCode, reservationGuests: [guest] }),
    });
    return answer.status;
  }, { reservationCode, guest });
  assert.equal(status, 200, "the guest checked in");
}

/** Every print dialog a page opens is counted in `window.__printed` instead of shown. */
async function countPrints(context: BrowserContext) {
  await context.addInitScript(() => {
    const original = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, "contentWindow")!;
    Object.defineProperty(HTMLIFrameElement.prototype, "contentWindow", {
      get() {
        const view = original.get!.call(this) as Window | null;
        if (view) {
          view.print = () => {
            const top = window as unknown as { __printed?: number };
            top.__printed = (top.__printed ?? 0) + 1;
          };
        }
        return view;
      },
    });
  });
}

const printed = (page: Page) =>
  page.evaluate(() => (window as unknown as { __printed?: number }).__printed ?? 0);

/** The guest's row in the table (desktop). */
const rowOf = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });

async function simState(): Promise<SimSnapshot> {
  return await stack.evisitor.control.state();
}

const registrationOf = async (surname: string, name: string) =>
  (await simState()).registrations.find((r) =>
    r.fields.TouristSurname === surname && r.fields.TouristName === name
  );

Deno.test({
  name: "browser: the host's guests, registered with eVisitor, proved, fixed and checked out",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    stack = await startStack();
    browser = await launchBrowser();
    const { newContext, logInToDashboard, registerAndLogIn, inEveryLook } = e2eSession(
      stack,
      browser,
    );
    let stayToday = "";
    /** The host's reservations page with today's stay's guests dialog open. */
    const openStayGuests = async () => {
      const context = await newContext();
      const page = await context.newPage();
      await logInToDashboard(page, HOST);
      await page.goto("/app/rezervacije");
      await page.getByRole("button", { name: `Gosti ${stayToday}` }).click();
      const dialog = page.getByRole("dialog", { name: `Gosti rezervacije ${stayToday}` });
      return { context, page, dialog };
    };
    try {
      await t.step(
        "guests who check in and one the host adds are registered; a refused one is sent again; a proof is printed in two languages; a guest is fixed and one checked out",
        async () => {
          const context = await newContext();
          await countPrints(context);
          const page = await context.newPage();
          await registerAndLogIn(page, HOST);

          // Without properties, the way to them.
          await page.goto("/app/gosti");
          await page.getByRole("heading", { name: "Najprije trebate objekt" }).waitFor();
          await page.getByRole("link", { name: "Idi na objekte" }).waitFor();

          await connectDemoEVisitor(page);

          // A property must be chosen: the first one is, and the address says which.
          await page.goto("/app/gosti");
          await page.getByRole("heading", { name: "Objekt Apartmani Horvat još nema gostiju" })
            .waitFor();
          assert.equal(
            await page.getByLabel("Objekt", { exact: true }).locator("option:checked").innerText(),
            "Apartmani Horvat",
          );
          assert.match(page.url(), /\/app\/gosti\?propertyId=/);
          await page.getByRole("link", { name: "Idi na rezervacije" }).waitFor();
          await screenshot(page, "guests-empty-desktop-light");

          // A stay from today; a guest checks in through its link (the public call).
          const stay = await createStayThroughApi(
            page,
            "Apartman 1",
            todayInStayZone(),
            addDays(todayInStayZone(), 3),
          );
          assert.equal(stay.status, 200);
          stayToday = stay.body.code;
          await checkInThroughApi(page, stayToday, birgitte);
          await page.reload();
          const birgitteRow = rowOf(page, "Rasmussen Birgitte");
          await birgitteRow.getByText("Prijavljen", { exact: true }).waitFor(WORKER);
          await birgitteRow.getByText(/^Odjava do /).waitFor();
          await birgitteRow.getByRole("link", { name: `Rezervacija ${stayToday}` }).waitFor();
          assert.match(
            (await birgitteRow.getByRole("link", { name: `Rezervacija ${stayToday}` })
              .getAttribute("href"))!,
            /^\/app\/rezervacije\?propertyId=.+&unit=[a-z2-9]{12}$/,
          );
          await page.getByText("Nijedan rok za prijavu ili odjavu ne ističe u sljedećih 6 sati.")
            .waitFor();

          // The host adds a guest from outside the EU through the form: the form checks the
          // shared rules first, then asks for the border crossing.
          await page.getByRole("button", { name: "Dodaj gosta" }).click();
          const add = page.getByRole("dialog", { name: "Novi gost" });
          await add.getByLabel("Boravak").selectOption(stayToday);
          await add.getByLabel("Ime", { exact: true }).fill("John");
          await add.getByRole("button", { name: "Dodaj i prijavi" }).click();
          await add.getByText("Polje „Prezime” je obavezno").waitFor();
          assert.equal(
            await add.getByLabel("Prezime", { exact: true }).evaluate((el) =>
              el === document.activeElement
            ),
            true,
            "the first field with an error takes the focus",
          );
          await add.getByLabel("Prezime", { exact: true }).fill("Smith");
          await add.getByText("Polje „Prezime” je obavezno").waitFor({ state: "detached" });
          await add.getByLabel("Spol").selectOption({ label: "Muški" });
          await add.getByLabel("Datum rođenja").fill("1980-05-17");
          await add.getByLabel("Državljanstvo").selectOption("USA");
          await add.getByLabel("Država rođenja").selectOption("USA");
          await add.getByLabel("Mjesto rođenja").fill("Boston");
          assert.equal(
            await add.getByLabel("Granični prijelaz").count(),
            0,
            "asked only outside EU",
          );
          await add.getByLabel("Država prebivališta").selectOption("USA");
          await add.getByLabel("Mjesto prebivališta").fill("Bostn");
          await add.getByLabel("Vrsta isprave").selectOption({ label: "Putovnica" });
          await add.getByLabel("Broj isprave").fill("P1234567");
          await add.getByLabel("Granični prijelaz").selectOption({ label: "Zračna luka Split" });
          await add.getByLabel("Datum ulaska").fill(todayInStayZone());
          await dialogScreenshot(page, add, "guest-add-desktop-light");
          await add.getByRole("button", { name: "Dodaj i prijavi" }).click();
          await page.getByText("Gost John Smith je spremljen i šalje se u eVisitor.").waitFor();
          await add.waitFor({ state: "detached" });
          await page.mouse.move(1, 1);
          const johnRow = rowOf(page, "Smith John");
          await johnRow.getByText("Prijavljen", { exact: true }).waitFor(WORKER);
          const john = await registrationOf("Smith", "John");
          assert.ok(john, "eVisitor holds John Smith");
          assert.equal(john.fields.BorderCrossing, "053");
          assert.equal(john.fields.CountryOfResidence, "USA");
          assert.equal(
            (await simState()).registrations.filter((r) => r.status === "active").length,
            2,
          );

          // A stay that began two days ago; eVisitor does not answer while its guest checks in,
          // so the registration fails after the worker's deliveries and is overdue.
          const late = await createStayThroughApi(
            page,
            "Apartman 2",
            addDays(todayInStayZone(), -2),
            addDays(todayInStayZone(), 1),
          );
          assert.equal(late.status, 200);
          await stack.evisitor.control.fail("http500", 50, { path: "CheckInTourist" });
          await checkInThroughApi(page, late.body.code, ivo);
          await page.reload();
          const ivoRow = rowOf(page, "Rasmussen Ivo");
          await ivoRow.waitFor(WORKER);
          // Said as it is: eVisitor did not answer, and when it is sent again (Zagreb time).
          await ivoRow.getByText(/^eVisitor se nije javio · ponovno slanje \d+\. \S+ \d\d:\d\d$/)
            .waitFor(WORKER);
          // Sent again by itself later (the first time in 5 minutes), and the host can send it now.
          await ivoRow.getByText(
            "Prijavko će prijavu sam poslati ponovno; možete je poslati i odmah.",
          )
            .waitFor();
          await ivoRow.getByText(/^Rok za prijavu istekao je /).waitFor();
          const due = page.getByRole("region", { name: "Na redu sada: 1 rok" });
          await due.getByText("Rasmussen Ivo").waitFor();
          await due.getByText(/^Prijava kasni: rok je istekao /).waitFor();
          await screenshot(page, "guests-overdue-desktop-light");
          await page.setViewportSize(VIEWPORTS.phone);
          await screenshot(page, "guests-overdue-phone-light");
          await page.setViewportSize(VIEWPORTS.desktop);

          // Once eVisitor answers again, the host sends the guest again from the list.
          await fetch(`${stack.evisitor.baseUrl}/__sim/faults`, { method: "DELETE" })
            .then((r) => r.body?.cancel());
          await ivoRow.getByRole("button", { name: "Pošalji ponovno Rasmussen Ivo" }).click();
          await page.getByText("Gost Rasmussen Ivo ponovno se šalje u eVisitor.").waitFor();
          await ivoRow.getByText("Prijavljen", { exact: true }).waitFor(WORKER);
          await page.getByText("Nijedan rok za prijavu ili odjavu ne ističe u sljedećih 6 sati.")
            .waitFor(WORKER);
          assert.ok(await registrationOf("Rasmussen", "Ivo"), "eVisitor holds Ivo");

          // The proof of residence: in Croatian, then English, and printed.
          await johnRow.getByRole("button", { name: "Detalji Smith John" }).click();
          const proof = page.getByRole("dialog", { name: "Potvrda o boravku" });
          const proofPage = proof.frameLocator("iframe");
          await proofPage.getByRole("heading", { name: "Potvrda o boravku" }).waitFor();
          await proofPage.getByText("John Smith", { exact: true }).waitFor();
          await proofPage.getByText(/P1234567/).waitFor();
          await proof.getByText(/Potvrda sadrži osobne podatke gosta/).waitFor();
          await dialogScreenshot(page, proof, "guest-proof-desktop-light");
          await proof.getByText("English", { exact: true }).click();
          await proofPage.getByRole("heading", { name: "Proof of residence" }).waitFor();
          await proof.getByRole("button", { name: "Ispiši" }).click();
          assert.equal(await printed(page), 1, "the proof was sent to the printer");
          const printable = new URL(
            (await proof.getByRole("link", { name: /Otvori za ispis/ }).getAttribute("href"))!,
          );
          assert.equal(printable.pathname, "/app/gosti/potvrda");
          assert.equal(printable.searchParams.get("lang"), "en");
          await proof.getByRole("button", { name: "Zatvori" }).click();
          await proof.waitFor({ state: "detached" });

          // The printable page loads the proof and opens the print dialog by itself.
          const printPage = await context.newPage();
          await printPage.goto(printable.pathname + printable.search);
          await printPage.frameLocator("iframe").getByRole("heading", {
            name: "Proof of residence",
          }).waitFor();
          await waitFor(async () => (await printed(printPage)) === 1, { what: "the print dialog" });
          await printPage.getByText("Deutsch", { exact: true }).click();
          await printPage.frameLocator("iframe").getByRole("heading", {
            name: "Aufenthaltsbestätigung",
          }).waitFor();
          assert.match(printPage.url(), /lang=de$/);
          await screenshot(printPage, "guest-proof-page-desktop-light");
          await printPage.close();

          // Fixing a registered guest's city edits the registration in eVisitor.
          await johnRow.getByRole("button", { name: "Uredi Smith John" }).click();
          const edit = page.getByRole("dialog", { name: "Uredi gosta" });
          assert.equal(await edit.getByLabel("Broj isprave").inputValue(), "P1234567");
          await edit.getByText(/spremljene promjene šalju se u eVisitor/).waitFor();
          await edit.getByLabel("Mjesto prebivališta").fill("Boston");
          await dialogScreenshot(page, edit, "guest-edit-desktop-light");
          await edit.getByRole("button", { name: "Spremi i pošalji" }).click();
          await edit.waitFor({ state: "detached" });
          await waitFor(
            async () =>
              (await registrationOf("Smith", "John"))?.fields.CityOfResidence === "Boston",
            { what: "the registration edited in eVisitor", timeoutMs: 20_000 },
          );
          await johnRow.getByText("Prijavljen", { exact: true }).waitFor(WORKER);

          // Checking out asks first, then the worker checks the guest out of eVisitor.
          await birgitteRow.getByRole("button", { name: "Odjavi Rasmussen Birgitte" }).click();
          const confirm = page.getByRole("dialog", { name: "Odjaviti gosta?" });
          await confirm.getByText(/Rasmussen Birgitte \(Apartman 1\)/).waitFor();
          await dialogScreenshot(page, confirm, "guest-check-out-desktop-light");
          await confirm.getByRole("button", { name: "Odjavi gosta" }).click();
          await confirm.waitFor({ state: "detached" });
          await birgitteRow.getByText("Odjavljen", { exact: true }).waitFor(WORKER);
          await page.getByText("Gost Rasmussen Birgitte je odjavljen iz eVisitora.").waitFor();
          assert.equal((await registrationOf("Rasmussen", "Birgitte"))?.status, "checked-out");
          assert.equal(
            await birgitteRow.getByRole("button", { name: /^Odjavi / }).count(),
            0,
            "a checked-out guest cannot be checked out again",
          );

          // The status chips: keyboard moves between them.
          await page.getByRole("radio", { name: "Svi", exact: true }).focus();
          await page.keyboard.press("ArrowRight");
          assert.equal(
            await page.getByRole("radio", { name: "Spremni za prijavu" }).isChecked(),
            true,
          );
          await page.getByText("Nijedan gost ne odgovara odabiru.").filter({ visible: true })
            .waitFor();
          await page.keyboard.press("ArrowRight");
          await page.getByText("2 gosta", { exact: true }).waitFor();
          await page.keyboard.press("ArrowRight");
          await page.getByText("1 gost", { exact: true }).waitFor();
          await rowOf(page, "Rasmussen Birgitte").waitFor();
          await page.locator("label").filter({ hasText: /^Svi$/ }).click();
          await page.getByText("3 gosta", { exact: true }).waitFor();
          await page.getByRole("searchbox", { name: "Pretraži goste" }).fill("smith");
          await page.getByText("1 gost", { exact: true }).waitFor();
          await context.close();
        },
      );

      await t.step(
        "the host's form takes no guest beyond the unit's beds and extra beds, and says so",
        async () => {
          // The unit sleeps two (beds plus extra beds); the stay has more guests already.
          const database = createDatabase({ url: stack.databaseUrl });
          try {
            await database.db.update(accommodationUnits).set({ capacity: 2 })
              .where(eq(accommodationUnits.name, "Apartman 1"));
          } finally {
            database.client.close();
          }
          for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
            const context = await newContext({ viewport });
            const page = await context.newPage();
            await logInToDashboard(page, HOST);
            await page.goto("/app/gosti");
            await page.getByRole("button", { name: "Dodaj gosta" }).click();
            const add = page.getByRole("dialog", { name: "Novi gost" });
            await add.getByLabel("Boravak").selectOption(stayToday);
            await add.getByLabel("Ime", { exact: true }).fill("Karl");
            await add.getByLabel("Prezime", { exact: true }).fill("Berg");
            await add.getByLabel("Spol").selectOption({ label: "Muški" });
            await add.getByLabel("Datum rođenja").fill("1975-03-02");
            await add.getByLabel("Državljanstvo").selectOption("DNK");
            await add.getByLabel("Država rođenja").selectOption("DNK");
            await add.getByLabel("Mjesto rođenja").fill("Odense");
            await add.getByLabel("Država prebivališta").selectOption("DNK");
            await add.getByLabel("Mjesto prebivališta").fill("Odense");
            await add.getByLabel("Vrsta isprave").selectOption({ label: "Putovnica" });
            await add.getByLabel("Broj isprave").fill("K7654321");
            await add.getByRole("button", { name: "Dodaj i prijavi" }).click();
            const alert = add.getByText(
              "Gostiju je više nego što smještaj ima mjesta (osnovni i pomoćni ležajevi). " +
                "Uklonite gosta iz boravka ili premjestite boravak u veću jedinicu.",
            );
            await alert.waitFor();
            await alert.scrollIntoViewIfNeeded();
            const suffix = viewport === VIEWPORTS.phone ? "phone" : "desktop";
            await dialogScreenshot(page, add, `guest-add-too-many-${suffix}-light`);
            await add.getByRole("button", { name: "Odustani" }).click();
            await context.close();
          }
          assert.equal(await registrationOf("Berg", "Karl"), undefined, "never sent");
        },
      );

      await t.step(
        "the reservation's guests dialog shows their status and links here",
        async () => {
          const { context, page, dialog } = await openStayGuests();
          await dialog.getByText("Birgitte Rasmussen").waitFor();
          await dialog.getByText("Odjavljen", { exact: true }).waitFor();
          await dialog.getByText("Prijavljen", { exact: true }).waitFor();
          await dialog.getByText(/državljanstvo Sjedinjene/).waitFor();
          await dialogScreenshot(page, dialog, "reservation-guests-status-desktop-light");
          await dialog.getByRole("link", { name: "Otvori goste objekta" }).click();
          await page.waitForURL(/\/app\/gosti\?propertyId=/);
          await rowOf(page, "Smith John").waitFor();
          await context.close();
        },
      );

      await t.step(
        "the guests page and its dialogs look right on a phone and a desktop, light and dark",
        async () => {
          await inEveryLook(HOST, async (page, { suffix }) => {
            await page.goto("/app/gosti");
            await page.getByText("3 gosta", { exact: true }).waitFor();
            await page.getByText("Odjavljen", { exact: true }).filter({ visible: true }).waitFor();
            await screenshot(page, `guests-${suffix}`);

            await page.getByRole("button", { name: "Detalji Smith John" }).click();
            const proof = page.getByRole("dialog", { name: "Potvrda o boravku" });
            await proof.frameLocator("iframe").getByRole("heading", { name: "Potvrda o boravku" })
              .waitFor();
            await dialogScreenshot(page, proof, `guest-proof-${suffix}`);
            await proof.getByRole("button", { name: "Zatvori" }).click();
            await proof.waitFor({ state: "detached" });

            await page.getByRole("button", { name: "Uredi Smith John" }).click();
            const edit = page.getByRole("dialog", { name: "Uredi gosta" });
            await edit.getByLabel("Granični prijelaz").waitFor();
            await dialogScreenshot(page, edit, `guest-edit-${suffix}`);
            await edit.getByRole("button", { name: "Odustani" }).click();
          });
        },
      );

      await t.step("the page reads in English too", async () => {
        const context = await newContext();
        const page = await context.newPage();
        await logInToDashboard(page, HOST);
        await page.evaluate(() => localStorage.setItem("language", "en"));
        await page.goto("/app/gosti");
        await page.getByText("3 guests", { exact: true }).waitFor();
        await page.getByRole("radio", { name: "Checked out" }).waitFor({ state: "attached" });
        await rowOf(page, "Smith John").getByText("Checked in", { exact: true }).waitFor();
        await screenshot(page, "guests-en-desktop-light");
        await page.getByRole("button", { name: "Add guest" }).click();
        const add = page.getByRole("dialog", { name: "New guest" });
        await add.getByRole("button", { name: "Add and register" }).click();
        await add.getByText("Surname is required").waitFor();
        await dialogScreenshot(page, add, "guest-add-en-desktop-light");
        await context.close();
      });

      await t.step("a host's guests are not shown to another host", async () => {
        const context = await newContext();
        const page = await context.newPage();
        await registerAndLogIn(page, "drugi.gosti@example.com");
        const answer = await page.evaluate(async (code) => {
          const user = JSON.parse(localStorage.getItem("user")!);
          const headers = { Authorization: `Bearer ${user.accessToken}` };
          const res = await fetch(`/api/Reservations/${code}`, { headers });
          const body = await res.json();
          return { status: res.status, guests: body.guests };
        }, stayToday);
        // The public view of the stay shows no documents to anyone else.
        for (const guest of answer.guests ?? []) assert.equal(guest.documentNumber, undefined);
        await page.goto("/app/gosti");
        await page.getByRole("heading", { name: "Najprije trebate objekt" }).waitFor();
        await context.close();
      });

      await t.step(
        "a guest whose personal data was removed after the retention period says so, not a blank",
        async () => {
          // The retention job itself, run as on a day long after the stay: Birgitte is checked
          // out of eVisitor, so her personal data goes.
          const database = createDatabase({ url: stack.databaseUrl });
          try {
            const removed = await removeExpiredGuestData(
              database.db,
              new Date(Date.now() + 400 * 24 * 3600_000),
              { retentionDays: 30 },
            );
            assert.equal(removed.guests, 1);
          } finally {
            database.client.close();
          }
          await inEveryLook(HOST, async (page, { suffix }) => {
            await page.goto("/app/gosti");
            await page.getByText("3 gosta", { exact: true }).waitFor();
            await page.getByText("Podaci uklonjeni").filter({ visible: true }).first().waitFor();
            assert.equal(await page.getByText("Rasmussen Birgitte").count(), 0);
            await screenshot(page, `guests-data-removed-${suffix}`);
          });
          const { context, page, dialog } = await openStayGuests();
          await dialog.getByText("Podaci uklonjeni").waitFor();
          await dialog.getByText(/uklonjeni su nakon roka čuvanja/).waitFor();
          await dialogScreenshot(page, dialog, "reservation-guests-data-removed-desktop-light");
          await page.setViewportSize(VIEWPORTS.phone);
          await dialogScreenshot(page, dialog, "reservation-guests-data-removed-phone-light");
          await context.close();
        },
      );
    } finally {
      await browser?.close();
      await stack?.stop();
    }
  },
});
