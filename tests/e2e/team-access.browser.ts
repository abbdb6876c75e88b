/**
 * Team access per property in the browser (issue 22): a Premium host invites a co-host and a
 * receptionist from the property's team dialog; the co-host opens the e-mailed link, registers,
 * confirms, signs in, is brought back to accept, sees only that property and adds a stay there;
 * the owner sees the member in the dialog and the co-host's stay in the history; reception has no
 * settings. A used link says so.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Browser, Locator, Page } from "playwright-core";
import type { ParsedMail } from "mailparser";
import { createDatabase } from "@core/db/client.ts";
import { subscriptions } from "@core/db/schema/billing.ts";
import { users } from "@core/db/schema/users.ts";
import { seriousAxeIssues } from "../support/axe.ts";
import { screenshot, VIEWPORTS } from "../support/browser.ts";
import {
  atRest,
  clippedIn,
  dayOfNextMonth as day,
  dialogScreenshot,
  E2E_PASSWORD,
  e2eSession,
  linkIn,
  LOOKS,
  mailTo,
} from "../support/e2e.ts";
import { sharedStack } from "../support/shared-stack.ts";
import type { TestStack } from "../support/stack.ts";

let stack: TestStack;
let browser: Browser;

const OWNER = "vesna.vlasnica@example.com";
const CO_HOST = "ivo.sudomacin@example.com";
const RECEPTION = "rita.recepcija@example.com";
const WITHDRAWN = "krivo.upisana@example.com";
const PROPERTY = "Apartmani Horvat";
const OTHER_PROPERTY = "Kuća za odmor Marina";

/** The owner's plan, as an administrator's assignment would set it. */
async function setPlan(email: string, packageId: "pro" | "premium") {
  const database = createDatabase({ url: stack.databaseUrl });
  try {
    const [user] = await database.db.select({ id: users.id }).from(users)
      .where(eq(users.email, email));
    await database.db.update(subscriptions).set({ packageId, isTrial: false })
      .where(eq(subscriptions.userId, user.id));
  } finally {
    database.client.close();
  }
}

const invitationTo = (address: string) => (mail: ParsedMail) =>
  mailTo(address)(mail) && (mail.subject ?? "").includes("vas poziva u tim objekta");

/** The team dialog of the owner's property, opened from its card. */
async function openTeam(page: Page, users = 5): Promise<Locator> {
  await page.goto("/app/objekti");
  await page.getByRole("button", { name: `Tim ${PROPERTY}` }).click();
  const dialog = page.getByRole("dialog", { name: `Tim objekta ${PROPERTY}` });
  await dialog.getByText(`Paket dopušta najviše ${users} korisnika po objektu`).waitFor();
  return dialog;
}

async function invite(dialog: Locator, email: string, role: "Sudomaćin" | "Recepcija") {
  await dialog.getByLabel("E-mail adresa").fill(email);
  await dialog.getByRole("radio", { name: new RegExp(`^${role}`) }).check();
  await dialog.getByRole("button", { name: "Pošalji pozivnicu" }).click();
  await dialog.getByRole("listitem").filter({ hasText: email })
    .getByText(/^Pozvan, čeka prihvaćanje/).waitFor();
}

/** Fills and sends the registration form open on `page`; answers the confirmation e-mail. */
async function fillRegistration(page: Page, email: string): Promise<ParsedMail> {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Lozinka", { exact: true }).fill(E2E_PASSWORD);
  await page.getByLabel("Potvrda lozinke").fill(E2E_PASSWORD);
  await page.getByRole("checkbox", { name: /^Prihvaćam Uvjete korištenja/ }).check();
  await page.getByRole("button", { name: "Registriraj se" }).click();
  await page.getByRole("heading", { name: "Provjerite e-poštu" }).waitFor();
  // Not the invitation, which came to the same address first.
  return await stack.smtp.waitForMail((m) =>
    mailTo(email)(m) && (m.subject ?? "").startsWith("Potvrdite svoju e-mail adresu")
  );
}

/** Registers on the registration page and confirms the address (the invitee's own sign-up). */
async function signUp(page: Page, email: string) {
  await page.goto("/app/registracija");
  const confirmation = await fillRegistration(page, email);
  await page.goto(linkIn(confirmation));
  await page.getByRole("heading", { name: "E-mail adresa je potvrđena" }).waitFor();
}

const card = (page: Page, name: string) => page.getByRole("article", { name });

/** A call with the page's session, as another tab would make it; answers the status. */
function callWithSession(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(async ({ method, path, body }) => {
    const user = JSON.parse(localStorage.getItem("user")!);
    const answer = await fetch(path, {
      method,
      headers: {
        Authorization: `Bearer ${user.accessToken}`,
        ...(body ? { "Content-Type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return answer.status;
  }, { method, path, body });
}

/** The export address of the property's first unit's calendar, created if need be. */
function exportUrlWithSession(page: Page): Promise<string> {
  return page.evaluate(async (property) => {
    const user = JSON.parse(localStorage.getItem("user")!);
    const headers = { Authorization: `Bearer ${user.accessToken}` };
    const list = await (await fetch("/api/Calendars?PageNumber=1&PageSize=10", { headers }))
      .json();
    const unit = list.items.find((u: { propertyName: string }) => u.propertyName === property);
    const answer = await fetch(`/api/Calendars/Export/${unit.accommodationUnitCode}`, {
      method: "POST",
      headers,
    });
    return (await answer.json()).exportUrl;
  }, PROPERTY);
}

Deno.test({
  name: "browser: a host's team: invited by e-mail, signed up, accepted, scoped by role",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    ({ stack, browser } = await sharedStack());
    const { connectEVisitor, newContext, logIn, logInToDashboard, registerAndLogIn, inEveryLook } =
      e2eSession(stack, browser);
    let coHostLink = "";
    let stayCode = "";
    await t.step(
      "a Premium host invites a co-host and reception; a wrong address is withdrawn",
      async () => {
        const context = await newContext();
        const page = await context.newPage();
        await registerAndLogIn(page, OWNER);
        await connectEVisitor(page);

        // Before Premium, the team dialog says the plan has no team and where to go.
        await setPlan(OWNER, "pro");
        await page.goto("/app/objekti");
        await page.getByRole("button", { name: `Tim ${PROPERTY}` }).click();
        const basic = page.getByRole("dialog", { name: `Tim objekta ${PROPERTY}` });
        await basic.getByText("Vaš paket ne uključuje pristup za tim").waitFor();
        await basic.getByRole("link", { name: "Pogledajte pakete" }).waitFor();
        assert.equal(await basic.getByLabel("E-mail adresa").count(), 0, "nobody to invite");
        await basic.getByRole("button", { name: "Zatvori" }).click();
        await basic.waitFor({ state: "detached" });

        await setPlan(OWNER, "premium");
        const dialog = await openTeam(page);
        await dialog.getByText("Još nikoga niste pozvali.").waitFor();
        // Each role is explained in one sentence beside its choice.
        await dialog.getByText("Sve za ovaj objekt osim pretplate").waitFor();
        await dialog.getByText(/Boravci, prijava gostiju i QR ispis; bez dokumenata/).waitFor();
        // An address is required before anything is sent.
        await dialog.getByRole("button", { name: "Pošalji pozivnicu" }).click();
        await dialog.locator('input[name="email"][aria-invalid="true"]').waitFor();

        await invite(dialog, CO_HOST, "Sudomaćin");
        await invite(dialog, RECEPTION, "Recepcija");
        await invite(dialog, WITHDRAWN, "Recepcija");
        // The same address twice is refused with the API's reason.
        await dialog.getByLabel("E-mail adresa").fill(RECEPTION);
        await dialog.getByRole("button", { name: "Pošalji pozivnicu" }).click();
        await dialog.getByText("Ova je adresa već član objekta ili je već pozvana.").waitFor();
        await dialogScreenshot(page, dialog, "team-dialog-invited-desktop-light");

        // Withdrawing asks first, naming the address.
        const wrong = dialog.getByRole("listitem").filter({ hasText: WITHDRAWN });
        // A pending invitation can be sent again (a new link; the earlier one stops working).
        await wrong.getByRole("button", { name: `Pošalji ponovno ${WITHDRAWN}` }).click();
        await page.getByText(`Pozivnica je ponovno poslana na ${WITHDRAWN}`).waitFor();
        await wrong.getByRole("button", { name: `Povuci pozivnicu ${WITHDRAWN}` }).click();
        const confirm = page.getByRole("dialog", { name: "Povući pozivnicu?" });
        await confirm.getByText(`Poveznica poslana na ${WITHDRAWN} za objekt ${PROPERTY}`)
          .waitFor();
        await confirm.getByRole("button", { name: "Povuci pozivnicu" }).click();
        await confirm.waitFor({ state: "detached" });
        await wrong.waitFor({ state: "detached" });
        await context.close();

        const mail = await stack.smtp.waitForMail(invitationTo(CO_HOST));
        coHostLink = linkIn(mail);
        // The invited address rides in the fragment, for the sign-up form (issue 32).
        assert.match(coHostLink, /^\/app\/pozivnica\?code=[\w-]+#email=[^&\s]+$/);
        // It says who invited, to which property and in which role.
        assert.match(mail.subject ?? "", new RegExp(`vas poziva u tim objekta ${PROPERTY}`));
        assert.match(mail.text ?? "", /u ulozi: sudomaćin/);
      },
    );

    await t.step(
      "the co-host opens the link, signs up, confirms, signs in and accepts",
      async () => {
        const context = await newContext();
        const page = await context.newPage();
        await page.goto(coHostLink);
        await page.getByRole("heading", { name: "Pozvani ste u tim objekta" }).waitFor();
        await screenshot(page, "team-invitation-signed-out-desktop-light");
        await page.getByRole("link", { name: "Registracija" }).click();
        await page.waitForURL(/\/app\/registracija\?returnUrl=/);
        assert.equal(await page.getByLabel("E-mail").inputValue(), CO_HOST, "pre-filled");
        const confirmation = await fillRegistration(page, CO_HOST);

        // The confirmation link opens in another tab, as from a mail app.
        const tab = await context.newPage();
        await tab.goto(linkIn(confirmation));
        await tab.getByRole("heading", { name: "E-mail adresa je potvrđena" }).waitFor();
        await tab.getByRole("link", { name: "Idi na prijavu" }).click();
        await tab.waitForURL(/\/app\/prijava\?returnUrl=/);
        await logIn(tab, CO_HOST, E2E_PASSWORD, { here: true });

        const welcome = tab.getByRole("heading", { name: "Dobrodošli u tim" });
        await welcome.waitFor();
        await tab.getByText(`Sada imate pristup objektu ${PROPERTY} (uloga: Sudomaćin).`)
          .waitFor();
        await screenshot(tab, "team-invitation-accepted-desktop-light");

        // The link works once (opened anew: only its fragment differs from the page's address).
        await tab.goto(coHostLink.replace(/#.*/, ""));
        await tab.getByRole("heading", { name: "Pozivnica ne vrijedi" }).waitFor();
        await tab.getByText("Zamolite vlasnika objekta da vas ponovno pozove").waitFor();
        await tab.getByText(`Prijavljeni ste kao ${CO_HOST}.`).waitFor();
        await context.close();
      },
    );

    await t.step("the co-host sees only the shared property and adds a stay there", async () => {
      const context = await newContext();
      const page = await context.newPage();
      await logInToDashboard(page, CO_HOST);
      await page.goto("/app/objekti");
      const shared = card(page, PROPERTY);
      await shared.getByText("Vaša uloga: Sudomaćin").waitFor();
      await shared.getByText(`Vlasnik: ${OWNER}`).waitFor();
      assert.equal(await card(page, OTHER_PROPERTY).count(), 0, "not the owner's other property");
      // A co-host manages the property and its team, but cannot delete it.
      await shared.getByRole("button", { name: `Postavke ${PROPERTY}` }).waitFor();
      await shared.getByRole("button", { name: `Tim ${PROPERTY}` }).waitFor();
      assert.equal(await shared.getByRole("button", { name: /^Obriši/ }).count(), 0);

      // All · Own · Shared: their own list is empty, the shared one holds the property.
      await page.getByRole("radio", { name: "Moji", exact: true }).check();
      await page.getByRole("heading", { name: PROPERTY, exact: true }).waitFor({
        state: "detached",
      });
      await page.getByRole("radio", { name: "Dijeljeni sa mnom", exact: true }).check();
      await shared.waitFor();
      await page.getByRole("radio", { name: "Svi", exact: true }).check();

      await shared.getByRole("link", { name: `Rezervacije ${PROPERTY}` }).click();
      await page.waitForURL(/\/app\/rezervacije\?propertyId=/);
      // The shared property has no stays yet: its empty state offers the same button.
      await page.getByRole("heading", { name: "Ovdje još nema rezervacija" }).waitFor();
      await page.getByRole("button", { name: "Nova rezervacija" }).first().click();
      const create = page.getByRole("dialog", { name: "Nova rezervacija" });
      const propertyOptions = await create.getByLabel("Objekt").locator("option").allInnerTexts();
      assert.ok(!propertyOptions.includes(OTHER_PROPERTY), propertyOptions.join(", "));
      await create.getByLabel("Objekt").selectOption({ label: PROPERTY });
      await create.getByLabel("Smještajna jedinica").selectOption({ label: "Apartman 1" });
      await create.getByText("Učitavam zauzete noći…").waitFor({ state: "detached" });
      await create.locator(`[data-day="${day(10)}"] button`).click();
      await create.locator(`[data-day="${day(12)}"] button`).click();
      await create.getByText("2 noćenja").waitFor();
      await create.getByRole("button", { name: "Dodaj rezervaciju" }).click();
      const snackbar = page.getByText(/Rezervacija [A-Z2-9]{10} je dodana\./);
      await snackbar.waitFor();
      stayCode = /([A-Z2-9]{10})/.exec(await snackbar.innerText())![1];
      await create.waitFor({ state: "detached" });
      await page.getByRole("row").filter({ hasText: stayCode }).waitFor();
      await context.close();
    });

    await t.step(
      "reception, signed in, accepts at once and has no settings, team or delete",
      async () => {
        const context = await newContext();
        const page = await context.newPage();
        await signUp(page, RECEPTION);
        await logInToDashboard(page, RECEPTION);
        const mail = await stack.smtp.waitForMail(invitationTo(RECEPTION));
        await page.goto(linkIn(mail));
        await page.getByRole("heading", { name: "Dobrodošli u tim" }).waitFor();
        await page.getByRole("link", { name: "Svi moji objekti" }).click();
        const shared = card(page, PROPERTY);
        await shared.getByText("Vaša uloga: Recepcija").waitFor();
        await shared.getByRole("button", { name: "QR kod Apartman 1" }).waitFor();
        for (const hidden of [/^Postavke/, /^Tim/, /^Obriši/, /^Dodaj jedinicu/, /^Uredi/]) {
          assert.equal(
            await shared.getByRole("button", { name: hidden }).count(),
            0,
            `${hidden}`,
          );
        }
        // Nor does the API let reception into the settings or the team.
        const [propertyId] = await page.evaluate(async () => {
          const user = JSON.parse(localStorage.getItem("user")!);
          const list = await (await fetch("/api/Properties?PageNumber=1&PageSize=10", {
            headers: { Authorization: `Bearer ${user.accessToken}` },
          })).json();
          return list.items.map((p: { id: string }) => p.id);
        });
        assert.equal(
          await callWithSession(page, "PUT", `/api/Properties/Settings/${propertyId}`, {
            propertyId,
            maxNumberOfGuests: 2,
          }),
          403,
        );
        assert.equal(
          await callWithSession(page, "GET", `/api/Properties/${propertyId}/members`),
          403,
        );
        await screenshot(page, "team-reception-properties-desktop-light");

        // A guest at the co-host's stay: reception sees the row, not the documents behind it.
        const checkIn = await page.evaluate(async (reservationCode) => {
          const answer = await fetch("/api/Reservations/Guests", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({
              reservationCode,
              reservationGuests: [{
                firstName: "Birgitte",
                surname: "Rasmussen",
                gender: 1,
                dateOfBirth: "1961-10-25",
                citizenship: "DNK",
                countryOfBirth: "DNK",
                cityOfBirth: "Køge",
                countryOfResidence: "DNK",
                cityOfResidence: "København",
                documentType: 1,
                documentNumber: "109957822",
              }],
            }),
          });
          return answer.status;
        }, stayCode);
        assert.equal(checkIn, 200, "the guest checked in at the door");
        await page.goto("/app/gosti");
        const row = page.getByRole("row").filter({ hasText: "Rasmussen Birgitte" });
        await row.waitFor();
        assert.equal(await row.getByRole("button", { name: /^Detalji/ }).count(), 0);
        assert.equal(await row.getByRole("button", { name: /^Uredi/ }).count(), 0);
        await screenshot(page, "team-reception-guests-desktop-light");

        // The stay's guests dialog: the name and the state, no document or citizenship (N5).
        await page.goto("/app/rezervacije");
        const stayRow = page.getByRole("row").filter({ hasText: stayCode });
        await stayRow.getByRole("button", { name: new RegExp(`^Gosti ${stayCode}`) }).click();
        const guestsDialog = page.getByRole("dialog", { name: `Gosti rezervacije ${stayCode}` });
        await guestsDialog.getByText("Birgitte Rasmussen").waitFor();
        const shown = await guestsDialog.innerText();
        for (const hidden of ["109957822", "državljanstvo", "Danska", "Putovnica"]) {
          assert.ok(!shown.includes(hidden), `reception's guests dialog shows ${hidden}`);
        }
        await screenshot(page, "team-reception-stay-guests-desktop-light");

        // The dashboard counts the shared stay and its guest (issue 32 item 7: it said 0 above
        // the shared arrivals), and the calendars page shows the shared units' stays, with the
        // links left to the owner and co-hosts.
        await page.goto("/app/kontrolna-ploca");
        for (const widget of ["totalReservations", "totalGuests"]) {
          await page.getByTestId(`widget-${widget}`).locator("dd").first()
            .filter({ hasText: /^1$/ }).waitFor();
        }
        await page.getByTestId("next-calendars")
          .getByText("Poveznice kalendara uređuju vlasnik objekta i sudomaćini.").waitFor();
        await page.goto("/app/kalendari");
        await page.getByText(/^Poveznice kalendara za \d+ jedinic\w+ uređuju vlasnik objekta/)
          .waitFor();
        assert.equal(await page.getByText("Još nemate smještajnih jedinica").count(), 0);
        assert.equal(await page.getByRole("button", { name: /^Sinkroniziraj/ }).count(), 0);
        // Checked once the stays are in: while they load, the days are dimmed on purpose.
        await page.locator('[data-testid="stay-calendar-days"]:not([aria-busy])').waitFor();
        assert.deepEqual(await seriousAxeIssues(page), []);
        await screenshot(page, "team-reception-calendars-desktop-light");
        await context.close();
      },
    );

    await t.step(
      "the owner sees the members in the dialog and the co-host's stay in history",
      async () => {
        const context = await newContext();
        const page = await context.newPage();
        await logInToDashboard(page, OWNER);
        const dialog = await openTeam(page);
        const ivo = dialog.getByRole("listitem").filter({ hasText: CO_HOST });
        await ivo.getByText(/^Član od /).waitFor();
        await dialog.getByRole("listitem").filter({ hasText: RECEPTION }).getByText(/^Član od /)
          .waitFor();
        // Changing a role is one choice, said back in a snackbar.
        await ivo.getByLabel(`Uloga: ${CO_HOST}`).selectOption({ label: "Recepcija" });
        await page.getByText(`${CO_HOST}: uloga je sada Recepcija.`).waitFor();
        await ivo.getByLabel(`Uloga: ${CO_HOST}`).selectOption({ label: "Sudomaćin" });
        await page.getByText(`${CO_HOST}: uloga je sada Sudomaćin.`).waitFor();
        await page.mouse.move(1, 1);
        await dialog.getByRole("button", { name: "Zatvori" }).click();
        await dialog.waitFor({ state: "detached" });

        await page.goto("/app/povijest");
        const entry = page.getByRole("row").filter({ hasText: "Član tima dodao je boravak" });
        await entry.getByText(`Boravak ${stayCode}`).waitFor();
        await entry.getByText(`Objekt: ${PROPERTY}`).waitFor();
        await entry.getByText(`Izvršio/la: ${CO_HOST}`).waitFor();
        await screenshot(page, "team-owner-history-desktop-light");
        await context.close();
      },
    );

    await t.step(
      "the team dialog, the shared card and the invitation page in every look",
      async () => {
        await inEveryLook(OWNER, async (page, { suffix }) => {
          const dialog = await openTeam(page);
          await dialog.getByRole("listitem").filter({ hasText: CO_HOST }).waitFor();
          await dialogScreenshot(page, dialog, `team-dialog-${suffix}`);
        });
        await inEveryLook(CO_HOST, async (page, { suffix }) => {
          await page.goto("/app/objekti");
          await card(page, PROPERTY).getByText("Vaša uloga: Sudomaćin").waitFor();
          await screenshot(page, `team-shared-properties-${suffix}`);
        });
        for (const look of LOOKS) {
          const context = await newContext({ viewport: look.viewport, theme: look.theme });
          const page = await context.newPage();
          await page.goto("/app/pozivnica?code=neiskoristen-primjer");
          await page.getByRole("heading", { name: "Pozvani ste u tim objekta" }).waitFor();
          await screenshot(page, `team-invitation-signed-out-${look.suffix}`);
          await context.close();
        }
        // An English host's invitee gets the English page (the link carries ?jezik=en).
        const context = await newContext();
        const page = await context.newPage();
        await page.goto("/app/pozivnica?code=neiskoristen-primjer&jezik=en");
        await page.getByRole("heading", { name: "You are invited to a property's team" })
          .waitFor();
        await page.getByRole("link", { name: "Sign up" }).waitFor();
        await context.close();
      },
    );

    await t.step(
      "after a downgrade the team dialog marks the members beyond the plan as suspended",
      async () => {
        await setPlan(OWNER, "pro");
        try {
          const context = await newContext();
          const page = await context.newPage();
          await logInToDashboard(page, OWNER);
          const dialog = await openTeam(page, 1);
          await dialog.getByRole("listitem").filter({ hasText: CO_HOST })
            .getByText("Pristup obustavljen: paket dopušta manje korisnika po objektu").waitFor();
          await dialog.getByText(/Članovi koji su se pridružili posljednji \(2\)/).waitFor();
          await dialogScreenshot(page, dialog, "team-dialog-suspended-desktop-light");
          await page.setViewportSize(VIEWPORTS.phone);
          await atRest(dialog);
          assert.deepEqual(await clippedIn(dialog), []);
          await dialogScreenshot(page, dialog, "team-dialog-suspended-phone-light");
          await context.close();
        } finally {
          await setPlan(OWNER, "premium");
        }
      },
    );

    await t.step(
      "removing the co-host offers to replace the calendar links, ticked; removing reception not",
      async () => {
        const context = await newContext();
        const page = await context.newPage();
        await logInToDashboard(page, OWNER);
        const before = await exportUrlWithSession(page);
        const dialog = await openTeam(page);
        await dialog.getByRole("button", { name: `Ukloni ${CO_HOST}` }).click();
        const confirm = page.getByRole("dialog", { name: "Ukloniti člana tima?" });
        const renew = confirm.getByRole("checkbox", {
          name: "Zamijeni i poveznice kalendara za platforme",
        });
        assert.ok(await renew.isChecked(), "on by default for a co-host, who saw the links");
        await confirm.getByText(/Sudomaćin je mogao vidjeti i kopirati poveznice kalendara/)
          .waitFor();
        const confirmSelector = await confirm.evaluate((el) => `#${CSS.escape(el.id)}`);
        assert.deepEqual(await seriousAxeIssues(page, confirmSelector), []);
        await dialogScreenshot(page, confirm, "team-remove-renew-calendars-desktop-light");
        // On a phone the choice fits and is easy to hit.
        await page.setViewportSize(VIEWPORTS.phone);
        await atRest(confirm);
        assert.deepEqual(await clippedIn(confirm), []);
        const box = await renew.locator("xpath=ancestor::label").boundingBox();
        assert.ok(box && box.height >= 44, `the label is a finger's size: ${box?.height}`);
        await dialogScreenshot(page, confirm, "team-remove-renew-calendars-phone-light");
        await page.setViewportSize(VIEWPORTS.desktop);

        await confirm.getByRole("button", { name: "Ukloni člana" }).click();
        await page.getByText(`${CO_HOST} više nije u timu. Poveznice kalendara su zamijenjene`, {
          exact: false,
        }).waitFor();
        await confirm.waitFor({ state: "detached" });
        const gone = await fetch(before);
        await gone.body?.cancel();
        assert.equal(gone.status, 404, "the link the co-host could see answers 404 at once");
        const after = await exportUrlWithSession(page);
        assert.notEqual(after, before);
        const works = await fetch(after);
        await works.body?.cancel();
        assert.equal(works.status, 200);

        await dialog.getByRole("button", { name: "Zatvori" }).click();
        await dialog.waitFor({ state: "detached" });

        // Reception never saw the links: offered, but not ticked, and they stay (in English).
        await page.getByRole("radio", { name: "English" }).check();
        await page.getByRole("button", { name: `Team ${PROPERTY}` }).click();
        const team = page.getByRole("dialog", { name: `Team of ${PROPERTY}` });
        await team.getByRole("button", { name: `Remove ${RECEPTION}` }).click();
        const confirmEn = page.getByRole("dialog", { name: "Remove the team member?" });
        const renewEn = confirmEn.getByRole("checkbox", {
          name: "Also replace the calendar links for the platforms",
        });
        await confirmEn.getByText(/Reception cannot see the calendar links/).waitFor();
        assert.ok(!(await renewEn.isChecked()), "off by default for reception");
        await confirmEn.getByRole("button", { name: "Remove member" }).click();
        await page.getByText(`${RECEPTION} is no longer in the team.`, { exact: true }).waitFor();
        const kept = await fetch(after);
        await kept.body?.cancel();
        assert.equal(kept.status, 200, "the link stays");
        await page.getByRole("button", { name: "Close" }).first().click();
        await team.waitFor({ state: "detached" });
        await page.getByRole("radio", { name: "Hrvatski" }).check();
        await context.close();
      },
    );
  },
});
