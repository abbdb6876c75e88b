/**
 * Issue 20 item 5 in the browser: a guest at a door with no stay today asks the host for one on
 * their phone; the host, in another browser, confirms on the dashboard; the guest's page, still
 * waiting (even after a reload), goes on into the normal check-in and finishes it.
 */
import assert from "node:assert/strict";
import type { Locator } from "playwright-core";
import { addDays, todayIn } from "../../shared/local-date.ts";
import { seriousAxeIssues } from "../support/axe.ts";
import { screenshot, VIEWPORTS } from "../support/browser.ts";
import { e2eSession } from "../support/e2e.ts";
import { sharedStack } from "../support/shared-stack.ts";
import { waitFor } from "../support/wait.ts";

const HOST = "ivana.vrata@example.com";
const FIXTURES = new URL("../../../shared/fixtures/mrz/", import.meta.url).pathname;

async function chooseCountry(card: Locator, label: string, typed: string, option: string) {
  const box = card.getByRole("combobox", { name: label, exact: true });
  await box.click();
  await box.fill(typed);
  await card.getByRole("option", { name: option, exact: true }).click();
}

Deno.test({
  name:
    "browser: a walk-in guest requests, the host confirms in another browser, the guest finishes",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const { stack, browser } = await sharedStack();
    const { eVisitorLogin, newContext, registerAndConfirm, logInToDashboard } = e2eSession(
      stack,
      browser,
    );
    let token = "";
    let doorCode = "";
    let otherDoor = "";
    let departure = "";
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
    await t.step("a host connects eVisitor; one unit has no stay today", async () => {
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
      const settings = await api(`/api/Properties/Settings/${property.id}`, {
        method: "PUT",
        body: { propertyId: property.id, guestContactPhone: "+385 91 555 0101" },
      });
      assert.equal(settings.status, 200, JSON.stringify(settings.body));
      doorCode = property.accommodationUnits[1].code;
      otherDoor = property.accommodationUnits[0].code;
    });

    const phone = await newContext({ viewport: VIEWPORTS.phone, locale: "hr-HR" });
    const guest = await phone.newPage();

    await t.step("the guest's phone asks the host for a stay", async () => {
      await guest.goto(`/prijava/smjestaj/${doorCode}`);
      await guest.getByRole("heading", { level: 1, name: "Danas nema boravka u ovom smještaju" })
        .waitFor();
      await guest.getByText("+385 91 555 0101").first().waitFor();
      await screenshot(guest, "walkin-no-stay-phone-light");
      await guest.getByRole("button", { name: "Zatraži boravak" }).click();
      const heading = guest.getByRole("heading", { level: 1, name: "Zatražite boravak" });
      await heading.waitFor();
      assert.equal(
        await heading.evaluate((h) => h === document.activeElement),
        true,
        "the keyboard starts at the form's heading",
      );
      await guest.getByRole("button", { name: "Pošalji zahtjev" }).click();
      await guest.getByText(/^Odaberite dan odlaska nakon današnjeg/).waitFor();
      assert.equal(
        await guest.getByLabel("Dan odlaska").evaluate((el) => el === document.activeElement),
        true,
        "focus on the first field to fix",
      );
      // Computed at the step, never at load: a run may cross midnight in Zagreb.
      departure = addDays(todayIn("Europe/Zagreb"), 2);
      await guest.getByLabel("Dan odlaska").fill(departure);
      await guest.getByLabel("Broj gostiju").fill("2");
      await guest.getByLabel(/^Vaše ime/).fill("Marko Gost");
      await screenshot(guest, "walkin-form-phone-light");
      assert.deepEqual(await seriousAxeIssues(guest), [], "the form: no serious axe issue");
      await guest.getByRole("button", { name: "Pošalji zahtjev" }).click();
      await guest.getByRole("heading", { level: 1, name: "Čekamo domaćina" }).waitFor();
      await guest.getByText(/Zamolili smo domaćina da potvrdi vaš boravak/).waitFor();
      await screenshot(guest, "walkin-waiting-phone-light");
      assert.deepEqual(await seriousAxeIssues(guest), [], "waiting: no serious axe issue");
    });

    await t.step("a reload keeps waiting (dark theme now)", async () => {
      await guest.evaluate(() => localStorage.setItem("theme", "DarkTheme"));
      await guest.reload();
      await guest.getByRole("heading", { level: 1, name: "Čekamo domaćina" }).waitFor();
      await guest.getByText(/Zahtjev vrijedi do \d\d:\d\d/).waitFor();
      await screenshot(guest, "walkin-waiting-phone-dark");
      assert.deepEqual(await seriousAxeIssues(guest), [], "waiting, dark: no serious axe issue");
      const door = await fetch(`${stack.baseUrl}/api/Reservations/Current/${doorCode}`);
      assert.equal(door.status, 404, "no stay before the host confirms");
      await door.body?.cancel();
    });

    await t.step("the host, in another browser, confirms on the dashboard", async () => {
      const context = await newContext({ viewport: VIEWPORTS.desktop });
      const page = await context.newPage();
      await logInToDashboard(page, HOST);
      const card = page.getByRole("region", { name: "Gosti na vratima" });
      await card.waitFor();
      await card.getByText("Gost: Marko Gost").waitFor();
      await screenshot(page, "walkin-dashboard-desktop-light");
      await page.evaluate(() => localStorage.setItem("theme", "DarkTheme"));
      await page.reload();
      await card.getByText("Gost: Marko Gost").waitFor();
      await screenshot(page, "walkin-dashboard-desktop-dark");
      assert.deepEqual(
        await seriousAxeIssues(page, '[data-testid="stay-requests"]'),
        [],
        "the dashboard's card: no serious axe issue",
      );
      await card.getByRole("button", { name: "Potvrdi boravak" }).click();
      await page.getByText("Boravak je upisan. Gost sada može nastaviti s prijavom.").waitFor();
      await card.waitFor({ state: "detached" });
      await screenshot(page, "walkin-confirmed-desktop-light");
      await context.close();
    });

    await t.step("the guest's page goes on into the check-in and finishes it", async () => {
      await guest.getByRole("button", { name: "Dodaj goste" }).waitFor({ timeout: 20_000 });
      await screenshot(guest, "walkin-stay-phone-dark");
      await guest.getByRole("button", { name: "Dodaj goste" }).click();
      const card = guest.getByRole("region", { name: /^Gost 1/ });
      await card.locator('input[data-scan="camera"]').setInputFiles(
        `${FIXTURES}001_td3_l0.jpg`,
      );
      await card.getByText(/Iz dokumenta smo upisali \d+ podat/).waitFor({ timeout: 30_000 });
      await chooseCountry(card, "Država rođenja", "dan", "Danska");
      await card.getByLabel("Mjesto rođenja").fill("Køge");
      await chooseCountry(card, "Država prebivališta", "Dan", "Danska");
      await card.getByLabel("Mjesto prebivališta").fill("København");
      await guest.getByRole("button", { name: "Dalje" }).click();
      await guest.getByLabel("Prihvaćam uvjete korištenja i politiku privatnosti.").check();
      await guest.getByRole("button", { name: "Pokreni prijavu" }).click();
      // Automatic check-in is off: the confirmed stay's guests still wait for the host.
      await guest.getByRole("heading", { level: 1, name: "Podaci su poslani domaćinu" })
        .waitFor({ timeout: 30_000 });
      await screenshot(guest, "walkin-finished-phone-dark");
      const stays = await api("/api/Reservations?PageNumber=1&PageSize=20");
      const made = stays.body.items.find((s: { endDate: string; description: string }) =>
        s.endDate === departure && s.description === "Marko Gost"
      );
      assert.ok(made, "the confirmed request is a normal stay of the unit");
      assert.equal(made.guests.length, 1);
    });
    await phone.close();

    await t.step("a German phone at another door is declined and told so", async () => {
      const context = await newContext({
        viewport: VIEWPORTS.phone,
        locale: "de-DE",
        theme: "DarkTheme",
      });
      const page = await context.newPage();
      await page.goto(`/de/prijava/smjestaj/${otherDoor}`);
      await page.getByRole("button", { name: "Aufenthalt anfragen" }).click();
      await page.getByLabel("Abreisetag").fill(addDays(todayIn("Europe/Zagreb"), 1));
      await page.getByLabel("Anzahl der Gäste").fill("1");
      await page.getByRole("button", { name: "Anfrage senden" }).click();
      await page.getByRole("heading", { level: 1, name: "Warten auf den Gastgeber" }).waitFor();
      const [waiting] = (await api("/api/StayRequests")).body;
      const declined = await api(`/api/StayRequests/${waiting.id}/decline`, { method: "POST" });
      assert.equal(declined.status, 200);
      await page.getByRole("heading", {
        level: 1,
        name: "Der Gastgeber hat die Anfrage abgelehnt",
      }).waitFor({ timeout: 20_000 });
      await page.getByText("+385 91 555 0101").first().waitFor();
      await screenshot(page, "walkin-declined-phone-dark-de");
      assert.deepEqual(await seriousAxeIssues(page), [], "declined: no serious axe issue");
      await context.close();
    });
  },
});
