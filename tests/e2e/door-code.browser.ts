/**
 * Issue 20 items 3 and 5 in the browser: the host renews a unit's door code from its QR dialog;
 * a guest's phone with the old QR gets "this code does not exist", apart from "no stay today",
 * and every state shows the host's contact rather than the product's address.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { addDays, todayIn } from "../../shared/local-date.ts";
import { screenshot, VIEWPORTS } from "../support/browser.ts";
import { dialogScreenshot, e2eSession, LOOKS } from "../support/e2e.ts";
import { sharedStack } from "../support/shared-stack.ts";
import { waitFor } from "../support/wait.ts";

const HOST = "ivana.vratar@example.com";

interface Unit {
  id: string;
  code: string;
  name: string;
}

/** The host's contact on the page: the section and its three links. */
async function assertHostContact(page: Page) {
  const contact = page.getByRole("region", { name: "Vaš domaćin" });
  await contact.waitFor();
  assert.equal(
    await contact.getByRole("link", { name: "Nazovite +385 91 555 1234" }).getAttribute("href"),
    "tel:+385915551234",
  );
  assert.equal(
    await contact.getByRole("link", { name: "Pišite domaćinu na WhatsApp" }).getAttribute("href"),
    "https://wa.me/385915551234",
  );
  assert.equal(
    await contact.getByRole("link", { name: /ivana\.gosti@example\.com/ }).getAttribute("href"),
    "mailto:ivana.gosti@example.com",
  );
  assert.equal(await page.getByText("podrska@prijavko.hr").count(), 0, "not the product's");
}

Deno.test({
  name: "browser: a renewed door code makes the old QR say the code does not exist",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const { stack, browser } = await sharedStack();
    const { eVisitorLogin, newContext, registerAndConfirm, logInToDashboard } = e2eSession(
      stack,
      browser,
    );
    let token = "";
    let units: Unit[] = [];
    const api = async (path: string, { method = "GET", body }: {
      method?: string;
      body?: unknown;
    } = {}) => {
      const res = await fetch(`${stack.baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json().catch(() => undefined) };
    };
    await t.step(
      "the host connects eVisitor, gives a contact for guests, enters a stay",
      async () => {
        const context = await newContext();
        const page = await context.newPage();
        await registerAndConfirm(page, HOST);
        await logInToDashboard(page, HOST);
        token = await page.evaluate(() => JSON.parse(localStorage.getItem("user")!).accessToken);
        await context.close();
        const connected = await api("/api/ExternalAccounts", {
          method: "POST",
          body: await eVisitorLogin(),
        });
        assert.equal(connected.status, 200, JSON.stringify(connected.body));
        const property = await waitFor(async () => {
          const list = await api("/api/Properties?PageNumber=1&PageSize=20");
          return list.body?.items?.find((p: { name: string; accommodationUnits: unknown[] }) =>
            p.name === "Apartmani Horvat" && p.accommodationUnits.length >= 2
          );
        }, { timeoutMs: 30_000, intervalMs: 250, what: "the demo properties" });
        units = (property.accommodationUnits as Unit[]).toSorted((a, b) =>
          a.name.localeCompare(b.name)
        );
        const settings = await api(`/api/Properties/Settings/${property.id}`, {
          method: "PUT",
          body: {
            propertyId: property.id,
            guestContactPhone: "+385 91 555 1234",
            guestContactWhatsApp: "+385 91 555 1234",
            guestContactEmail: "ivana.gosti@example.com",
            // Guests go to eVisitor at once (off: they wait for the host's approval).
            automaticCheckIn: true,
          },
        });
        assert.equal(settings.status, 200, JSON.stringify(settings.body));
        // Computed at the step, never at load: a run may cross midnight in Zagreb.
        const today = todayIn("Europe/Zagreb");
        const stay = await api("/api/Reservations", {
          method: "POST",
          body: {
            accommodationUnitId: units[0].id,
            startDateUTC: `${today}T12:00:00.000Z`,
            endDateUTC: `${addDays(today, 2)}T12:00:00.000Z`,
          },
        });
        assert.equal(stay.status, 200, JSON.stringify(stay.body));
      },
    );

    const oldCode = () => units[0].code;
    let newCode = "";

    await t.step(
      "a guest's phone opens the door QR: today's stay and the host's contact",
      async () => {
        const context = await newContext({ locale: "hr-HR", viewport: VIEWPORTS.phone });
        const page = await context.newPage();
        await page.goto(`/prijava/smjestaj/${oldCode()}`);
        await page.getByRole("heading", { name: "Vaš boravak" }).waitFor();
        await assertHostContact(page);
        assert.equal(
          await page.getByText("Šifra rezervacije").count(),
          0,
          "no stay code by the door",
        );
        await screenshot(page, "door-stay-phone-light");
        await context.close();
      },
    );

    await t.step(
      "the host renews the code in the QR dialog and is offered the new sheet",
      async () => {
        const context = await newContext({ viewport: VIEWPORTS.phone, theme: "DarkTheme" });
        const page = await context.newPage();
        await logInToDashboard(page, HOST);
        await page.goto("/app/objekti");
        await page.getByRole("button", { name: `QR kod ${units[0].name}` }).click();
        const dialog = page.getByRole("dialog", { name: new RegExp(units[0].name) });
        await dialog.getByText(`/prijava/smjestaj/${oldCode()}`).waitFor();
        await dialog.getByRole("button", { name: "Promijeni kod na vratima" }).click();
        const confirm = dialog.getByRole("region", { name: "Promijeniti kod ove jedinice?" });
        await confirm.waitFor();
        assert.equal(
          await page.evaluate(() => document.activeElement?.id),
          "renew-code-title",
          "the question takes focus",
        );
        await dialogScreenshot(page, dialog, "door-renew-confirm-phone-dark");
        await confirm.getByRole("button", { name: "Promijeni kod" }).click();
        await dialog.getByText("Stari QR kod više ne vrijedi").waitFor();
        const print = dialog.getByRole("link", { name: "Otvori novi list za ispis" });
        await waitFor(async () => await print.evaluate((e) => e === document.activeElement), {
          what: "focus on the new sheet",
        });
        newCode = new URL(await print.getAttribute("href") ?? "", stack.baseUrl).searchParams
          .get("code") ?? "";
        assert.match(newCode, /^[a-z2-9]{12}$/);
        assert.notEqual(newCode, oldCode());
        await dialog.getByText(`/prijava/smjestaj/${newCode}`).waitFor();
        await screenshot(page, "door-renewed-phone-dark", { fullPage: false });
        await dialog.getByRole("button", { name: "Zatvori" }).click();
        await page.getByText(`Kôd ${newCode}`).waitFor();
        await context.close();
      },
    );

    await t.step(
      "the old QR says the code does not exist; the new one opens the stay",
      async () => {
        for (const look of LOOKS) {
          const context = await newContext({
            locale: "hr-HR",
            viewport: look.viewport,
            theme: look.theme,
          });
          const page = await context.newPage();
          await page.goto(`/prijava/smjestaj/${oldCode()}`);
          await page.getByRole("heading", { name: "Ovaj kod ne postoji" }).waitFor();
          await page.getByText("Provjerite poveznicu ili pitajte domaćina za novu.").waitFor();
          assert.equal(
            await page.getByRole("button", { name: "Pokušaj ponovno" }).count(),
            0,
            "no retry that cannot help",
          );
          assert.equal(await page.getByText("podrska@prijavko.hr").count(), 0);
          await screenshot(page, `door-unknown-code-${look.suffix}`);
          await context.close();
        }
        const context = await newContext({ locale: "hr-HR", viewport: VIEWPORTS.phone });
        const page = await context.newPage();
        await page.goto(`/prijava/smjestaj/${newCode}`);
        await page.getByRole("heading", { name: "Vaš boravak" }).waitFor();
        await assertHostContact(page);
        await context.close();
      },
    );

    await t.step(
      'someone checks in at the door; the host says "not my guest" in the app',
      async () => {
        const checkedIn = await fetch(`${stack.baseUrl}/api/Reservations/Guests`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            accommodationUnitCode: newCode,
            reservationGuests: [{
              firstName: "Ivo",
              surname: "Babić",
              gender: 0,
              dateOfBirth: "1988-02-03",
              citizenship: "HRV",
              countryOfBirth: "HRV",
              cityOfBirth: "Zadar",
              countryOfResidence: "HRV",
              cityOfResidence: "Zadar",
              documentType: 0,
              documentNumber: "112233445",
            }],
          }),
        });
        assert.equal(checkedIn.status, 200, await checkedIn.text());
        const context = await newContext({ locale: "hr-HR", viewport: VIEWPORTS.phone });
        const page = await context.newPage();
        await logInToDashboard(page, HOST);
        await page.goto("/app/obavijesti");
        const notice = page.getByRole("listitem").filter({
          hasText: "Gost I. B. upisao se QR kodom na vratima",
        });
        await notice.waitFor();
        await screenshot(page, "door-not-mine-notification-phone-light");
        await notice.getByRole("button", { name: "Nije moj gost" }).click();
        const confirm = page.getByRole("dialog", { name: "Ukloniti gosta I. B.?" });
        await confirm.getByRole("button", { name: "Ukloni gosta" }).click();
        await page.getByText(/Gost je uklonjen|eVisitor otkazuje prijavu/).first().waitFor();
        assert.equal(await notice.getByRole("button", { name: "Nije moj gost" }).count(), 0);
        const stay = await (await fetch(`${stack.baseUrl}/api/Reservations/Current/${newCode}`))
          .json();
        assert.equal(stay.guestCount, 0, "the guest is gone from the stay");
        await context.close();
      },
    );

    await t.step(
      "a unit with no stay today says so, with the door's hours and the host",
      async () => {
        for (const theme of ["DefaultTheme", "DarkTheme"] as const) {
          const context = await newContext({ locale: "hr-HR", viewport: VIEWPORTS.phone, theme });
          const page = await context.newPage();
          await page.goto(`/prijava/smjestaj/${units[1].code}`);
          await page.getByRole("heading", { name: "Danas nema boravka u ovom smještaju" })
            .waitFor();
          await page.getByText("otvara se u 18:00 večer prije dolaska").waitFor();
          await assertHostContact(page);
          await screenshot(
            page,
            `door-no-stay-phone-${theme === "DarkTheme" ? "dark" : "light"}`,
          );
          await context.close();
        }
      },
    );
  },
});
