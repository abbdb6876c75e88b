import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import writeXlsxFile from "write-excel-file/universal";
import { addDays, todayIn } from "../../shared/local-date.ts";
import { IMPORT_COLUMNS, IMPORT_HEADERS } from "@shared/reservation-import.ts";
import { createDatabase } from "@core/db/client.ts";
import { subscriptions } from "@core/db/schema/billing.ts";
import { users } from "@core/db/schema/users.ts";
import { screenshot, VIEWPORTS } from "../support/browser.ts";
import { sharedStack } from "../support/shared-stack.ts";
import type { TestStack } from "../support/stack.ts";
import { seriousAxeIssues } from "../support/axe.ts";
import { rawIdsShown } from "../support/raw-ids.ts";
import { createStayThroughApi, e2eSession, LOOKS } from "../support/e2e.ts";

let stack: TestStack;
let browser: Browser;

const HOST = "iva.import@example.com";

/** Moves the host to Premium, the plan with bulk import (as an administrator would). */
async function makePremium(email: string) {
  const database = createDatabase({ url: stack.databaseUrl });
  try {
    const [user] = await database.db.select({ id: users.id }).from(users)
      .where(eq(users.email, email));
    await database.db.update(subscriptions).set({ packageId: "premium", isTrial: false })
      .where(eq(subscriptions.userId, user.id));
  } finally {
    database.client.close();
  }
}

const ANA = ["Ana", "Horvat", "Ž", "1985-03-02", "HRV", "HRV", "Zagreb", "HRV", "Zagreb"];
const MAX = ["Max", "Müller", "M", "1983-11-20", "DE", "Njemačka", "München", "DE", "Berlin"];

/**
 * An XLSX file as a host's spreadsheet would have it, with dates `days` ahead of today (computed
 * now, not at load): two good stays (the first with its two guests), one overlapping a saved
 * stay, one invalid, one repeated, and one whose guest has a gender that is none.
 */
async function stayFile(day: (n: number) => Date) {
  const text = (value: string | number) => ({ value });
  const date = (n: number) => ({ value: day(n), format: "dd.mm.yyyy" });
  const none = Array(6).fill(null);
  const blob = await (await writeXlsxFile([
    IMPORT_COLUMNS.map((column) => text(IMPORT_HEADERS.hr[column])),
    [
      ...[text("Apartman 1"), date(30), date(34), text(2), text("Ana Horvat")],
      text("Kasni dolazak"),
      ...[...ANA, "Osobna iskaznica", "112233445"].map(text),
    ],
    [...none, ...[...MAX, "Putovnica", "C01X00T47"].map(text)],
    [text("Apartman 3"), date(31), date(33), text(4), text("John Smith"), text("")],
    [text("Apartman 2"), date(31), date(33), text(2), text("Petra Kos"), text("")],
    [text("Vila Nepostojeća"), date(40), date(38), text(2), text("Luka"), text("")],
    [text("Apartman 1"), date(30), date(34), text(2), text("Ana Horvat"), text("")],
    [text("Apartman 2"), date(50), date(52), text(1), text("Eva"), text("")],
    [
      ...none,
      ...["Eva", "Kos", "X", "1990-01-01", "HRV", "HRV", "Split", "HRV", "Split"].map(text),
    ],
  ])).toBlob();
  return Buffer.from(await blob.arrayBuffer());
}

async function previewFile(page: Page, file: Buffer) {
  await page.getByLabel("Datoteka (CSV ili XLSX)").setInputFiles({
    name: "boravci.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: file,
  });
  await page.getByRole("button", { name: "Pregledaj" }).click();
  await page.getByRole("heading", { name: "Pregled uvoza" }).waitFor();
}

Deno.test({
  name: "browser: bulk import of stays from an XLSX file, previewed and applied",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    ({ stack, browser } = await sharedStack());
    const { connectEVisitor, newContext, registerAndLogIn, logInToDashboard } = e2eSession(
      stack,
      browser,
    );
    const today = () => todayIn("Europe/Zagreb");
    const day = (n: number) => new Date(`${addDays(today(), n)}T00:00:00Z`);
    await t.step("without Premium the page explains the plan", async () => {
      const context = await newContext();
      const page = await context.newPage();
      await registerAndLogIn(page, HOST);
      await page.goto("/app/rezervacije");
      await page.getByRole("link", { name: "Skupni uvoz" }).click();
      await page.waitForURL("**/app/rezervacije/uvoz");
      await page.getByText("Vaš paket ne uključuje skupni uvoz.", { exact: false }).waitFor();
      await page.getByRole("link", { name: "Pogledajte pakete" }).waitFor();
      await screenshot(page, "reservation-import-not-in-plan-desktop-light");
      await connectEVisitor(page);
      await context.close();
    });
    await makePremium(HOST);

    await t.step(
      "the preview shows each row's outcome, phone and desktop, light and dark",
      async () => {
        const first = await newContext();
        const setup = await first.newPage();
        await logInToDashboard(setup, HOST);
        await createStayThroughApi(
          setup,
          "Apartman 2",
          addDays(today(), 30),
          addDays(today(), 32),
        );
        await first.close();
        const file = await stayFile(day);
        for (const { viewport, theme, suffix } of LOOKS) {
          const context = await newContext({ viewport, theme });
          const page = await context.newPage();
          await logInToDashboard(page, HOST);
          await page.goto("/app/rezervacije/uvoz");
          await page.getByRole("heading", { name: "Skupni uvoz boravaka", level: 1 }).waitFor();
          await previewFile(page, file);
          await page.getByText(
            "Dodaje se boravaka: 2 (gostiju: 2) · preklapanja: 1 · neispravno: 2 · ponovljeno: 1",
          ).waitFor();
          const visible = (text: string) =>
            page.getByText(text, { exact: true }).locator("visible=true").first().waitFor();
          await visible("Preklapa se s postojećim boravkom");
          await visible("Ponavlja redak 2");
          await visible("Gost boravka iz retka 2");
          await visible("Gost: Max Müller");
          await page.getByText(/^Spol:/).locator("visible=true").first().waitFor();
          await page.getByText(/^Gosti: Gost ovog boravka ima pogreške/).locator("visible=true")
            .first().waitFor();
          await visible("Neispravno");
          await page.getByText(/Nijedna vaša jedinica nema taj naziv ni kôd/).locator(
            "visible=true",
          ).first()
            .waitFor();
          await page.getByText(/Odlazak je prije dolaska/).locator("visible=true").first()
            .waitFor();
          assert.deepEqual(await seriousAxeIssues(page), []);
          // Rows are named by their line and the unit by its name, never by an id.
          assert.deepEqual(await rawIdsShown(page), [], "ids in the preview");
          await screenshot(page, `reservation-import-preview-${suffix}`);
          await context.close();
        }
      },
    );

    await t.step("applying adds the previewed stays, once", async () => {
      const context = await newContext();
      const page = await context.newPage();
      await logInToDashboard(page, HOST);
      await page.goto("/app/rezervacije/uvoz");
      await previewFile(page, await stayFile(day));
      await page.getByRole("button", { name: "Uvezi boravke (2)" }).click();
      await page.getByText("Uvezeno boravaka: 2, gostiju: 2.").waitFor();
      await page.getByText("Dodan", { exact: true }).first().waitFor();
      assert.deepEqual(await rawIdsShown(page), [], "ids in the results");
      await screenshot(page, "reservation-import-applied-desktop-light");
      const count = await page.evaluate(async () => {
        const user = JSON.parse(localStorage.getItem("user")!);
        const answer = await fetch("/api/Reservations?PageNumber=1&PageSize=50", {
          headers: { Authorization: `Bearer ${user.accessToken}` },
        });
        return (await answer.json()).totalCount;
      });
      assert.equal(count, 3, "the saved stay and the two imported");

      // The same file again would add nothing.
      await page.reload();
      await previewFile(page, await stayFile(day));
      await page.getByText(
        "Dodaje se boravaka: 0 (gostiju: 0) · preklapanja: 3 · neispravno: 2 · ponovljeno: 1",
      ).waitFor();
      await page.getByText("Ne dodaje se jer se ne dodaje boravak iz retka 2").first().waitFor();
      assert.ok(await page.getByRole("button", { name: "Uvezi boravke (0)" }).isDisabled());

      // In English: the page, the outcomes and the server's messages.
      await page.evaluate(() => localStorage.setItem("language", "en"));
      await page.reload();
      await page.getByRole("heading", { name: "Bulk import of stays", level: 1 }).waitFor();
      await page.getByLabel("File (CSV or XLSX)").setInputFiles({
        name: "stays.xlsx",
        mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        buffer: await stayFile(day),
      });
      await page.getByRole("button", { name: "Preview" }).click();
      await page.getByText(
        "Stays to add: 0 (guests: 0) · overlapping: 3 · invalid: 2 · repeated: 1",
      ).waitFor();
      await page.getByText("Overlaps an existing stay").first().waitFor();
      await page.getByText(/Departure is before arrival/).first().waitFor();
      await screenshot(page, "reservation-import-preview-en-desktop-light");
      await context.close();
    });

    await t.step(
      "a Croatian Excel CSV (Windows-1250) is read, a file that is not says why, and the CSV " +
        "template downloads; hr and en, phone and desktop (issue 32, item 8)",
      async () => {
        const csv = [
          "Jedinica;Dolazak;Odlazak;Broj gostiju;Nositelj rezervacije;Napomena",
          `Apartman 1;${addDays(today(), 70)};${addDays(today(), 72)};2;Žižić Šime;` +
          "Čakovec, Đakovo",
        ].join("\r\n");
        const pdf = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0, 1, 0]);
        const texts = {
          hr: {
            label: "Datoteka (CSV ili XLSX)",
            preview: "Pregledaj",
            heading: "Pregled uvoza",
            unreadable: "Datoteku nije moguće pročitati. Ovo nije tablica ni CSV datoteka",
            csv: "CSV (hrvatski)",
            header: "Jedinica;Dolazak;",
            name: "prijavko-uvoz-boravaka.csv",
          },
          en: {
            label: "File (CSV or XLSX)",
            preview: "Preview",
            heading: "Import preview",
            unreadable: "The file could not be read. This is not a spreadsheet or CSV file",
            csv: "CSV (English)",
            header: "Unit;Arrival;",
            name: "prijavko-stays-import.csv",
          },
        };
        for (const lang of ["hr", "en"] as const) {
          for (const size of ["phone", "desktop"] as const) {
            const context = await newContext({ viewport: VIEWPORTS[size] });
            const page = await context.newPage();
            const text = texts[lang];
            await logInToDashboard(page, HOST);
            await page.evaluate((l) => localStorage.setItem("language", l), lang);
            await page.goto("/app/rezervacije/uvoz");
            const input = page.getByLabel(text.label);

            await input.setInputFiles({ name: "boravci.csv", mimeType: "text/csv", buffer: pdf });
            await page.getByRole("button", { name: text.preview }).click();
            await page.getByRole("alert").getByText(text.unreadable).waitFor();
            await screenshot(page, `reservation-import-unreadable-${lang}-${size}`);

            await input.setInputFiles({
              name: "boravci.csv",
              mimeType: "text/csv",
              buffer: Buffer.from(windows1250(csv)),
            });
            await page.getByRole("button", { name: text.preview }).click();
            await page.getByRole("heading", { name: text.heading }).waitFor();
            await page.getByText("Žižić Šime").locator("visible=true").first().waitFor();
            await screenshot(page, `reservation-import-csv-1250-${lang}-${size}`);

            const [download] = await Promise.all([
              page.waitForEvent("download"),
              page.getByRole("button", { name: text.csv }).click(),
            ]);
            assert.equal(download.suggestedFilename(), text.name);
            const bytes = await Deno.readFile(await download.path());
            assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], "UTF-8 with a BOM");
            assert.ok(new TextDecoder().decode(bytes).startsWith(text.header));
            await context.close();
          }
        }
      },
    );
  },
});

/** `text` as Windows-1250 bytes, as Croatian Excel saves "CSV (comma delimited)". */
function windows1250(text: string): Uint8Array {
  const decoder = new TextDecoder("windows-1250");
  const byChar = new Map<string, number>();
  for (let b = 0; b < 256; b++) byChar.set(decoder.decode(new Uint8Array([b])), b);
  return new Uint8Array([...text].map((c) => byChar.get(c)!));
}
