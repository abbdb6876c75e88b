/**
 * Push notifications in the browser (issue 35): Settings lists the devices that get them (hr and
 * en, axe-clean on a phone and a desktop) and removes one; a guest waiting at the door reaches
 * the host's device (a push endpoint this test runs, the subscription's keys made here) with
 * "Approve" and "Open", and tapping "Approve" opens the stay's approval sheet, which names the
 * guest and approves with one more tap, never from the lock screen.
 *
 * Headless Chromium has no push service (its subscriptions need Google's) and shows no
 * notification to click, so the device is registered through the API with the test's endpoint,
 * and the tap is the service worker's own `notificationclick` event, dispatched in the worker
 * with the notification it showed from the decrypted push.
 */
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { addDays, todayIn } from "../../shared/local-date.ts";
import { seriousAxeIssues } from "../support/axe.ts";
import { screenshot } from "../support/browser.ts";
import { BIRGITTE } from "../support/guests.ts";
import { sharedStack } from "../support/shared-stack.ts";
import type { TestStack } from "../support/stack.ts";
import { E2E_PASSWORD, e2eSession, LOOKS } from "../support/e2e.ts";
import { decryptPush, newPushKeys, startPushEndpoint } from "../support/push.ts";
import { waitFor } from "../support/wait.ts";

let stack: TestStack;
let browser: Browser;

const HOST = "tea.push@example.com";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 " +
  "(KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/** Waits until the page's service worker is active and controls it. */
async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((done) =>
      navigator.serviceWorker.addEventListener("controllerchange", done, { once: true })
    );
  });
}

Deno.test({
  name: "browser: push devices in Settings, and Approve from a guest-waiting push",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    ({ stack, browser } = await sharedStack());
    const { newContext, logInToDashboard, registerAndLogIn, eVisitorLogin } = e2eSession(
      stack,
      browser,
    );
    const push = startPushEndpoint();
    let token = "";
    const api = async (path: string, { method = "GET", body, userAgent }: {
      method?: string;
      body?: unknown;
      userAgent?: string;
    } = {}) => {
      const res = await fetch(`${stack.baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          ...(userAgent ? { "User-Agent": userAgent } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json().catch(() => undefined) };
    };
    const keys = await newPushKeys();
    let code = "";
    let phoneId = "";
    try {
      await t.step("a host with eVisitor and a stay today; automatic check-in is off", async () => {
        const context = await newContext();
        const page = await context.newPage();
        await registerAndLogIn(page, HOST);
        token = await page.evaluate(() => JSON.parse(localStorage.getItem("user")!).accessToken);
        await context.close();
        const connected = await api("/api/ExternalAccounts", {
          method: "POST",
          body: await eVisitorLogin(),
        });
        assert.equal(connected.status, 200, JSON.stringify(connected.body));
        const property = await waitFor(async () => {
          const list = await api("/api/Properties?PageNumber=1&PageSize=20");
          return list.body?.items?.find((p: { accommodationUnits: unknown[] }) =>
            p.accommodationUnits.length >= 1
          );
        }, { timeoutMs: 30_000, intervalMs: 250, what: "the demo properties" });
        assert.equal(property.automaticCheckIn, false);
        const today = todayIn("Europe/Zagreb");
        const stay = await api("/api/Reservations", {
          method: "POST",
          body: {
            accommodationUnitId: property.accommodationUnits[0].id,
            startDateUTC: `${today}T12:00:00.000Z`,
            endDateUTC: `${addDays(today, 2)}T12:00:00.000Z`,
          },
        });
        assert.equal(stay.status, 200, JSON.stringify(stay.body));
        code = stay.body.code;
        // The host's phone, as its browser would register it.
        const device = await api("/api/Users/manage/push/devices", {
          method: "POST",
          body: { endpoint: push.endpointOf("phone"), keys: keys.keys },
          userAgent: ANDROID,
        });
        assert.equal(device.status, 201, JSON.stringify(device.body));
        phoneId = device.body.id;
        const spare = await api("/api/Users/manage/push/devices", {
          method: "POST",
          body: { endpoint: push.endpointOf("spare"), keys: (await newPushKeys()).keys },
          userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 " +
            "Firefox/133.0",
        });
        assert.equal(spare.status, 201);
      });

      await t.step("Settings lists the devices and kinds, hr and en, axe-clean", async () => {
        for (const { viewport, theme, suffix } of LOOKS) {
          for (const lang of ["hr", "en"] as const) {
            const context = await newContext({ viewport, theme });
            const page = await context.newPage();
            await logInToDashboard(page, HOST);
            if (lang === "en") {
              await page.evaluate(() => localStorage.setItem("language", "en"));
            }
            await page.goto("/app/postavke");
            const card = page.getByRole("region", {
              name: lang === "hr" ? "Obavijesti na telefonu" : "Notifications on your phone",
            });
            await card.getByText("Chrome 131 · Android").waitFor();
            await card.getByText("Firefox 133 · Windows").waitFor();
            await card.getByRole("switch", {
              name: lang === "hr" ? "Gost čeka odobrenje" : "Guest waiting for approval",
            }).waitFor();
            assert.deepEqual(await seriousAxeIssues(page), [], `${lang} ${suffix}`);
            await screenshot(page, `push-settings-${lang}-${suffix}`);
            await context.close();
          }
        }
      });

      await t.step("a device is removed from Settings", async () => {
        const context = await newContext();
        const page = await context.newPage();
        await logInToDashboard(page, HOST);
        await page.goto("/app/postavke");
        const card = page.getByRole("region", { name: "Obavijesti na telefonu" });
        await card.getByRole("button", { name: "Ukloni uređaj Firefox 133 · Windows" }).click();
        await card.getByText("Firefox 133 · Windows").waitFor({ state: "detached" });
        const { body } = await api("/api/Users/manage/push");
        assert.deepEqual(body.devices.map((d: { label: string }) => d.label), [
          "Chrome 131 · Android",
        ]);
        // A kind turned off is kept.
        await card.getByRole("switch", { name: "Pretplata i plaćanja" }).click();
        await waitFor(async () =>
          !(await api("/api/Users/manage/push")).body.kinds.includes("billing")
        );
        await context.close();
      });

      await t.step("Approve on the guest-waiting push opens the approval sheet", async () => {
        const checkedIn = await fetch(`${stack.baseUrl}/api/Reservations/Guests`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ reservationCode: code, reservationGuests: [BIRGITTE] }),
        });
        assert.equal(checkedIn.status, 200, await checkedIn.text());
        const received = await push.waitForPush("phone");
        const message = JSON.parse(await decryptPush(received.body, keys));
        assert.equal(message.title, "Gost čeka vaše odobrenje");
        assert.ok(!JSON.stringify(message).includes(BIRGITTE.surname), "initials only");

        const context = await newContext();
        await context.grantPermissions(["notifications"]);
        const page = await context.newPage();
        await logInToDashboard(page, HOST);
        await controlled(page);
        const [worker] = context.serviceWorkers();
        assert.ok(worker, "the app's service worker runs");
        // The worker's own push handler shows it, then the host taps "Approve".
        await worker.evaluate(async (pushed) => {
          // deno-lint-ignore no-explicit-any
          const sw = self as any;
          const { title, ...data } = pushed;
          const options = {
            body: data.body,
            tag: data.tag,
            data: { url: data.url, approveUrl: data.approveUrl },
            actions: data.actions,
          };
          let notification;
          try {
            await sw.registration.showNotification(title, options);
            [notification] = await sw.registration.getNotifications();
          } catch {
            // The headless shell grants no notification permission to a worker.
          }
          // Without a shown notification, one with the same data stands in for it.
          notification ??= { title, ...options, close() {} };
          const click = new Event("notificationclick");
          const waits: Promise<unknown>[] = [];
          Object.assign(click, {
            notification,
            action: "approve",
            waitUntil: (work: Promise<unknown>) => waits.push(work),
          });
          sw.dispatchEvent(click);
          await Promise.all(waits);
        }, message);
        const sheet = await waitFor(
          () =>
            [...context.pages()].find((p) => p.url().includes("/app/odobri-goste#")) ??
              false,
          { what: "the approval sheet" },
        );
        await sheet.getByRole("heading", { name: "Gosti čekaju vaše odobrenje" }).waitFor();
        await sheet.getByText("Birgitte Rasmussen").waitFor();
        // Nothing approved by the tap on the notification itself.
        const guestsOf = async () =>
          (await (await fetch(`${stack.baseUrl}/api/Reservations/${code}`)).json()).guests;
        assert.equal((await guestsOf())[0].awaitingHost, true);
        await screenshot(sheet, "push-approval-sheet-desktop-light");
        await sheet.getByRole("button", { name: "Odobri 1 gosta" }).click();
        await sheet.getByRole("heading", { name: "Gosti su odobreni" }).waitFor();
        assert.equal((await guestsOf())[0].awaitingHost, false);
        await context.close();
      });

      await t.step("signing out stops this browser's pushes", async () => {
        const context = await newContext();
        const page = await context.newPage();
        await logInToDashboard(page, HOST);
        // As Settings remembers it after "Turn on for this device".
        await page.evaluate((id) => localStorage.setItem("pushDeviceId", id), phoneId);
        await page.getByRole("button", { name: "Moj račun" }).click();
        await page.getByRole("menuitem", { name: "Odjava" }).click();
        await page.waitForURL("**/app/prijava");
        token = (await (await fetch(`${stack.baseUrl}/api/Users/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: HOST, password: E2E_PASSWORD }),
        })).json()).accessToken;
        assert.deepEqual((await api("/api/Users/manage/push")).body.devices, []);
        assert.equal(await page.evaluate(() => localStorage.getItem("pushDeviceId")), null);
        await context.close();
      });
    } finally {
      await push.stop();
    }
  },
});
