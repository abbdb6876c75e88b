import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { qrSheetUrl } from "../../site/src/lib/navigation/routes.ts";
import { screenshot, SCREENSHOT_DIR } from "../support/browser.ts";
import { e2eSession, LOOKS } from "../support/e2e.ts";
import { pdfPages, pdfPageSizeMm } from "../support/pdf.ts";
import { pdfText } from "../support/pdf417.ts";
import { sharedStack } from "../support/shared-stack.ts";
import type { TestStack } from "../support/stack.ts";

let stack: TestStack;
let browser: Browser;
const HOST = "vrata.list@example.com";

/** A call to the API as the signed-in host. */
async function api<T>(page: Page, path: string, method = "GET", body?: unknown): Promise<T> {
  return await page.evaluate(async ({ path, method, body }) => {
    const user = JSON.parse(localStorage.getItem("user")!);
    const answer = await fetch(path, {
      method,
      headers: {
        Authorization: `Bearer ${user.accessToken}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
    return answer.status === 204 ? undefined : await answer.json();
  }, { path, method, body }) as T;
}

/** A printed page beside the screenshots, to look at (SCREENSHOTS=1). */
async function keepPdf(name: string, pdf: Uint8Array) {
  if (!SCREENSHOT_DIR) return;
  await Deno.mkdir(SCREENSHOT_DIR, { recursive: true });
  await Deno.writeFile(`${SCREENSHOT_DIR}${name}.pdf`, pdf);
}

Deno.test({
  name: "browser: the unit's printed door sheet",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    ({ stack, browser } = await sharedStack());
    const { newContext, registerAndLogIn, connectEVisitor, logInToDashboard } = e2eSession(
      stack,
      browser,
    );
    let sheetUrl = "";

    await t.step("a host with a unit and the property's WiFi", async () => {
      const context = await newContext();
      const page = await context.newPage();
      await registerAndLogIn(page, HOST);
      await connectEVisitor(page, { automaticCheckIn: false });
      const properties = await api<
        { items: { id: string; accommodationUnits: { code: string }[] }[] }
      >(page, "/api/Properties?PageNumber=1&PageSize=100");
      const property = properties.items.find((p) => p.accommodationUnits.length > 0)!;
      await api(page, `/api/Properties/Settings/${property.id}`, "PUT", {
        propertyId: property.id,
        wifiName: "Sunce-Gosti",
        wifiPassword: "more-i-sunce",
        wifiEncryptionType: 2,
      });
      sheetUrl = qrSheetUrl(property.accommodationUnits[0].code);
      await context.close();
    });

    await t.step(
      "printed from a desktop, the sheet is one clean A4 page without the app around it",
      async () => {
        const context = await newContext();
        const page = await context.newPage();
        await logInToDashboard(page, HOST);
        await page.goto(sheetUrl);
        const sheet = page.getByRole("article", { name: "Pregled lista za ispis" });
        await sheet.getByRole("img", { name: /QR kod za spajanje na WiFi mrežu Sunce-Gosti/ })
          .waitFor();
        await page.emulateMedia({ media: "print" });
        const qrWidthMm = await sheet.getByRole("img", { name: /QR kod za prijavu gostiju/ })
          .evaluate((img) => img.getBoundingClientRect().width * 25.4 / 96);
        const printed = await page.pdf({ format: "A4", preferCSSPageSize: true });
        await keepPdf("qr-sheet-print", printed);
        assert.equal(await pdfPages(printed), 1, "one page");
        const text = await pdfText(printed);
        for (const shell of ["Kontrolna ploča", "Objekti", "Preskoči na sadržaj"]) {
          assert.ok(!text.includes(shell), `no "${shell}" from the app's frame on paper`);
        }
        for (const line of ["Prijava gostiju", "Guest check-in", "Sunce-Gosti", "more-i-sunce"]) {
          assert.ok(text.includes(line), `"${line}" is on paper`);
        }
        // A4 is 210 mm wide: the code takes about half of it or more.
        assert.ok(qrWidthMm >= 95, `the QR code is printed ${qrWidthMm.toFixed(0)} mm wide`);

        // A5 too: the page follows the choice, still one page.
        await page.emulateMedia({ media: "screen" });
        await page.getByRole("group", { name: "Veličina papira" }).getByText("A5").click();
        await page.emulateMedia({ media: "print" });
        const a5 = await page.pdf({ format: "A4", preferCSSPageSize: true });
        await keepPdf("qr-sheet-print-a5", a5);
        assert.equal(await pdfPages(a5), 1, "one A5 page");
        const [width, height] = await pdfPageSizeMm(a5);
        assert.deepEqual([Math.round(width), Math.round(height)], [148, 210], "A5");
        await context.close();
      },
    );

    await t.step(
      "the host picks the guests' languages with the keyboard; kept with the host",
      async () => {
        const context = await newContext();
        const page = await context.newPage();
        await logInToDashboard(page, HOST);
        await page.goto(sheetUrl);
        const sheet = page.getByRole("article", { name: "Pregled lista za ispis" });
        await sheet.getByRole("img", { name: /QR kod za prijavu gostiju/ }).waitFor();
        const choice = page.getByRole("group", { name: "Jezici na listu" });
        assert.match(
          (await choice.getAttribute("aria-describedby"))!,
          /\S/,
          "the hint (one to three) is read with the group",
        );
        const box = (name: string) => choice.getByRole("checkbox", { name });
        assert.ok(await box("Hrvatski").isChecked());
        assert.ok(await box("English").isChecked());

        await box("English").focus();
        await page.keyboard.press("Space");
        assert.equal(await box("Hrvatski").isDisabled(), true, "the last one stays");
        await page.keyboard.press("Tab");
        await page.keyboard.press("Tab");
        await page.keyboard.press("Space"); // Italiano
        await box("Deutsch").check();
        assert.equal(await box("Español").isDisabled(), true, "three at most");
        await sheet.getByText("Check-in degli ospiti", { exact: false }).first().waitFor();
        await sheet.getByText("Gäste-Check-in", { exact: false }).first().waitFor();
        assert.equal(await sheet.getByText("Guest check-in").count(), 0);
        await screenshot(page, "qr-sheet-three-languages-desktop-light");

        await page.emulateMedia({ media: "print" });
        const printed = await page.pdf({ format: "A4", preferCSSPageSize: true });
        await page.emulateMedia({ media: "screen" });
        assert.equal(await pdfPages(printed), 1, "three languages still print on one page");
        const text = await pdfText(printed);
        for (const line of ["Prijava gostiju", "Check-in degli ospiti", "Gäste-Check-in"]) {
          assert.ok(text.includes(line), `"${line}" is on paper`);
        }
        await keepPdf("qr-sheet-print-three", printed);

        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.getByRole("button", { name: "Preuzmi PDF" }).click(),
        ]);
        assert.match(download.suggestedFilename(), /^prijava-[a-z2-9]{12}\.pdf$/);
        const pdf = await Deno.readFile((await download.path())!);
        assert.equal(new TextDecoder().decode(pdf.subarray(0, 5)), "%PDF-");
        assert.equal(await pdfPages(pdf), 1);
        const pdfWords = await pdfText(pdf);
        assert.ok(pdfWords.includes("Gäste-Check-in"), "the PDF is in the chosen languages");
        assert.ok(!pdfWords.includes("Guest check-in"));

        // Kept with the host, not the browser: another profile shows the same choice.
        await context.close();
        const other = await newContext();
        const again = await other.newPage();
        await logInToDashboard(again, HOST);
        await again.goto(sheetUrl);
        await again.getByRole("article", { name: "Pregled lista za ispis" })
          .getByText("Gäste-Check-in", { exact: false }).first().waitFor();
        const choiceAgain = again.getByRole("group", { name: "Jezici na listu" });
        assert.ok(await choiceAgain.getByRole("checkbox", { name: "Deutsch" }).isChecked());
        assert.ok(!(await choiceAgain.getByRole("checkbox", { name: "English" }).isChecked()));

        // The unit's QR dialog offers the PDF in the host's languages.
        await again.goto("/app/objekti");
        await again.getByRole("button", { name: /^QR kod / }).first().click();
        const dialog = again.getByRole("dialog", { name: /^QR kod za prijavu: / });
        const [fromDialog] = await Promise.all([
          again.waitForEvent("download"),
          dialog.getByRole("button", { name: "Preuzmi PDF za ispis" }).click(),
        ]);
        const dialogPdf = await Deno.readFile((await fromDialog.path())!);
        assert.ok((await pdfText(dialogPdf)).includes("Gäste-Check-in"));
        await other.close();
      },
    );

    await t.step(
      "the sheet page looks right on a phone and a desktop, light and dark",
      async () => {
        for (const look of LOOKS) {
          const context = await newContext({ viewport: look.viewport, theme: look.theme });
          const page = await context.newPage();
          await logInToDashboard(page, HOST);
          await page.goto(sheetUrl);
          await page.getByRole("article", { name: "Pregled lista za ispis" })
            .getByRole("img", { name: /QR kod za spajanje na WiFi mrežu/ }).waitFor();
          await screenshot(page, `qr-sheet-${look.suffix}`);
          await context.close();
        }
      },
    );
  },
});
