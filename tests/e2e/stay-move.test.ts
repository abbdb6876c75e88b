/**
 * A host moves the arrival of a stay whose guest is registered with eVisitor, in the browser: the
 * edit dialog explains that eVisitor keeps a registration's arrival and offers to cancel and
 * register the guest again; with that choice the guest ends registered again with the new dates
 * in the simulator. Deleting such a stay offers to cancel the registration first.
 */
import assert from "node:assert/strict";
import type { Browser, Locator, Page } from "playwright-core";
import { addDays } from "@shared/local-date.ts";
import { todayInStayZone } from "@shared/time-zone.ts";
import { launchBrowser, screenshot } from "../support/browser.ts";
import {
  clippedIn,
  connectDemoEVisitor,
  createStayThroughApi,
  dialogScreenshot,
  e2eSession,
} from "../support/e2e.ts";
import { seriousAxeIssues } from "../support/axe.ts";
import { startStack, type TestStack } from "../support/stack.ts";
import { waitFor } from "../support/wait.ts";
import { BIRGITTE } from "../support/guests.ts";

let stack: TestStack;
let browser: Browser;
const HOST = "marko.premjestaj@example.com";
const NEW_END = addDays(todayInStayZone(), 3);
const LATER_END = addDays(todayInStayZone(), 4);

const birgitte = BIRGITTE;

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

const registrations = async () =>
  (await stack.evisitor.control.state()).registrations.filter((r) =>
    r.fields.TouristName === "Birgitte"
  );

/** Picks a day on the dialog's calendar, turning to the next month if it is not shown. */
async function pickDay(dialog: Locator, date: string) {
  const day = dialog.locator(`[data-day="${date}"] button`);
  if (await day.count() === 0) {
    await dialog.getByRole("button", { name: /sljedeći mjesec|next month/i }).click();
  }
  await day.click();
}

/** Opens the edit dialog of the stay and chooses a new arrival (today) and departure. */
async function moveArrival(page: Page, code: string): Promise<Locator> {
  await page.getByRole("button", { name: `Uredi ${code}` }).click();
  const edit = page.getByRole("dialog", { name: "Uredi rezervaciju" });
  await edit.getByText("Učitavam zauzete noći…").waitFor({ state: "detached" });
  await pickDay(edit, todayInStayZone());
  await pickDay(edit, NEW_END);
  await edit.getByText("Gosti su prijavljeni u eVisitoru").waitFor();
  return edit;
}

Deno.test({
  name: "browser: a host moves a registered stay's arrival and the guest is registered again",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    stack = await startStack();
    browser = await launchBrowser();
    const { newContext, registerAndLogIn, inEveryLook } = e2eSession(stack, browser);
    let code = "";
    try {
      await t.step("moved with the choice to cancel and register again", async () => {
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
        await checkInThroughApi(page, code, birgitte);
        const [first] = await waitFor(async () => {
          const list = await registrations();
          return list[0]?.status === "active" && list;
        }, { what: "Birgitte registered", timeoutMs: 20_000 });
        assert.equal(first.fields.StayFrom, addDays(todayInStayZone(), -1));

        await page.goto("/app/rezervacije");
        const edit = await moveArrival(page, code);
        await edit.getByText(/eVisitor ne dopušta promjenu datuma dolaska/).waitFor();
        await edit.getByText(/Birgitte Rasmussen/).waitFor();
        // Saving without the choice says what is needed; nothing is sent.
        await edit.getByRole("button", { name: "Spremi promjene" }).click();
        await edit.getByRole("alert").getByText(/uključite poništenje i ponovnu prijavu/)
          .waitFor();
        assert.equal((await registrations()).length, 1);

        const choice = edit.getByRole("switch", {
          name: "Poništi prijave i ponovno prijavi goste s novim datumima",
        });
        await choice.click();
        assert.equal(await choice.isChecked(), true);
        await dialogScreenshot(page, edit, "stay-move-reregister-desktop-light");
        await edit.getByRole("button", { name: "Spremi promjene" }).click();
        await page.getByText(`Rezervacija ${code} je premještena.`, { exact: false }).waitFor();
        await edit.waitFor({ state: "detached" });

        // In the simulator: the old registration cancelled, the guest registered again.
        const after = await waitFor(async () => {
          const list = await registrations();
          return list.some((r) =>
            r.status === "active" && r.fields.StayFrom === todayInStayZone()
          ) &&
            list;
        }, { what: "registered again with the new dates", timeoutMs: 20_000 });
        assert.equal(after.length, 2);
        const old = after.find((r) => r.id === first.id)!;
        assert.equal(old.status, "cancelled");
        const fresh = after.find((r) => r.id !== first.id)!;
        assert.equal(fresh.status, "active");
        assert.equal(fresh.fields.ForeseenStayUntil, NEW_END);

        // The host sees the guest registered on the moved stay (once the page is read again).
        await waitFor(async () => {
          await page.reload();
          await page.getByRole("button", { name: `Gosti ${code}` }).click();
          const guests = page.getByRole("dialog", { name: `Gosti rezervacije ${code}` });
          await guests.getByText("Birgitte Rasmussen").first().waitFor();
          const registered = await guests.getByText("Prijavljen", { exact: true }).count() > 0;
          if (registered) await dialogScreenshot(page, guests, "stay-moved-guests-desktop-light");
          return registered;
        }, { what: "the guest shown registered again", timeoutMs: 20_000 });
        await context.close();
      });

      await t.step("moving only the departure updates the registration", async () => {
        const context = await newContext();
        const page = await context.newPage();
        const { logInToDashboard } = e2eSession(stack, browser);
        await logInToDashboard(page, HOST);
        await page.goto("/app/rezervacije");
        await page.getByRole("button", { name: `Uredi ${code}` }).click();
        const edit = page.getByRole("dialog", { name: "Uredi rezervaciju" });
        await edit.getByText("Učitavam zauzete noći…").waitFor({ state: "detached" });
        await pickDay(edit, todayInStayZone());
        await pickDay(edit, LATER_END);
        // The arrival stays, so nothing is asked of the host.
        assert.equal(await edit.getByText("Gosti su prijavljeni u eVisitoru").count(), 0);
        await edit.getByRole("button", { name: "Spremi promjene" }).click();
        await page.getByText(`Rezervacija ${code} je spremljena.`).waitFor();
        const [active] = await waitFor(async () => {
          const list = (await registrations()).filter((r) =>
            r.status === "active" && r.fields.ForeseenStayUntil === LATER_END
          );
          return list.length === 1 && list;
        }, { what: "the registration's departure updated", timeoutMs: 20_000 });
        assert.equal(active.fields.StayFrom, todayInStayZone(), "the arrival unchanged");
        assert.equal((await registrations()).length, 2, "an edit, not a new registration");
        await context.close();
      });

      await t.step("the dialog's choice on a phone and a desktop, light and dark", async () => {
        await inEveryLook(HOST, async (page, { suffix }) => {
          await page.goto("/app/rezervacije");
          await page.getByRole("button", { name: `Uredi ${code}` }).click();
          const edit = page.getByRole("dialog", { name: "Uredi rezervaciju" });
          await edit.getByText("Učitavam zauzete noći…").waitFor({ state: "detached" });
          await pickDay(edit, addDays(todayInStayZone(), 1));
          await pickDay(edit, NEW_END);
          const notice = edit.getByText("Gosti su prijavljeni u eVisitoru");
          await notice.waitFor();
          await notice.scrollIntoViewIfNeeded();
          await dialogScreenshot(page, edit, `stay-move-${suffix}`);
          assert.deepEqual(await seriousAxeIssues(page, "[role=dialog]"), [], suffix);
          await edit.getByRole("button", { name: "Odustani" }).click();
        });
      });

      await t.step("the same choice in English: phone and desktop, light and dark", async () => {
        await inEveryLook(HOST, async (page, { suffix }) => {
          await page.goto("/app/rezervacije?jezik=en");
          await page.getByRole("button", { name: `Edit ${code}` }).locator("visible=true").first()
            .click();
          const edit = page.getByRole("dialog", { name: "Edit reservation" });
          await edit.getByText("Loading taken nights…").waitFor({ state: "detached" });
          await pickDay(edit, addDays(todayInStayZone(), 1));
          await pickDay(edit, NEW_END);
          await edit.getByText("Guests are registered with eVisitor").waitFor();
          await edit.getByText(/does not let the arrival date or the unit of a registered guest/)
            .waitFor();
          const choice = edit.getByRole("switch", {
            name: "Cancel the registrations and register the guests again with the new dates",
          });
          await choice.scrollIntoViewIfNeeded();
          await dialogScreenshot(page, edit, `stay-move-en-${suffix}`);
          await edit.getByRole("button", { name: "Save changes" }).click();
          await edit.getByRole("alert").getByText(/turn on cancelling and registering the guests/)
            .waitFor();
          assert.deepEqual(await clippedIn(edit), [], `${suffix}: the longer English cut off`);
          await edit.getByRole("button", { name: "Cancel", exact: true }).click();
        });
      });

      await t.step("deleting the stay offers to cancel the registration first", async () => {
        const context = await newContext();
        const page = await context.newPage();
        const { logInToDashboard } = e2eSession(stack, browser);
        await logInToDashboard(page, HOST);
        await page.goto("/app/rezervacije");
        await page.getByRole("button", { name: `Obriši ${code}` }).click();
        const ask = page.getByRole("dialog", { name: "Obrisati rezervaciju?" });
        await ask.getByText(/prijavljeni su u eVisitoru \(Birgitte Rasmussen\)/).waitFor();
        await screenshot(page, "stay-delete-registered-desktop-light");
        await ask.getByRole("button", { name: "Poništi prijave" }).click();
        const confirm = page.getByRole("dialog", { name: "Poništiti prijavu u eVisitoru?" });
        await confirm.getByLabel("Razlog poništenja").fill("Boravak otkazan");
        await confirm.getByRole("button", { name: "Poništi prijavu" }).click();
        await confirm.waitFor({ state: "detached" });
        await waitFor(
          async () => (await registrations()).every((r) => r.status === "cancelled"),
          { what: "the registration cancelled", timeoutMs: 20_000 },
        );

        // Cancelled: the stay can go now; the open page learns it by itself (no reload).
        const again = page.getByRole("dialog", { name: "Obrisati rezervaciju?" });
        await waitFor(async () => {
          await page.getByRole("button", { name: `Obriši ${code}` }).click();
          await again.waitFor();
          if (await again.getByRole("button", { name: "Obriši rezervaciju" }).count() > 0) {
            return true;
          }
          await again.getByRole("button", { name: "Odustani" }).click();
          await again.waitFor({ state: "detached" });
          return false;
        }, {
          what: "the page showing the registration cancelled",
          timeoutMs: 10_000,
          intervalMs: 500,
        });
        await again.getByRole("button", { name: "Obriši rezervaciju" }).click();
        await page.getByText(`Rezervacija ${code} je obrisana.`).waitFor();
        await context.close();
      });
    } finally {
      await browser.close();
      await stack.stop();
    }
  },
});
