import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Browser, Locator, Page } from "playwright-core";
import { createDatabase } from "@core/db/client.ts";
import { subscriptions } from "@core/db/schema/billing.ts";
import { users } from "@core/db/schema/users.ts";
import {
  APP_ROUTES,
  type AppRoute,
  paymentPath,
  proofOfResidencePath,
} from "@shared/app-routes.ts";
import { addDays } from "@shared/local-date.ts";
import { todayInStayZone } from "@shared/time-zone.ts";
import { qrSheetUrl } from "../../site/src/lib/navigation/routes.ts";
import { screenshot, VIEWPORTS } from "../support/browser.ts";
import {
  atRest,
  createStayThroughApi,
  E2E_PASSWORD,
  e2eSession,
  networkQuiet,
} from "../support/e2e.ts";
import { BIRGITTE } from "../support/guests.ts";
import { NARROW, sidewaysOverflow, smallTargets } from "../support/narrow.ts";
import { rawIdsShown } from "../support/raw-ids.ts";
import { sharedStack } from "../support/shared-stack.ts";
import type { TestStack } from "../support/stack.ts";

let stack: TestStack;
let browser: Browser;
const HOST = "mala.ekrana@example.com";
const INVITED = "suradnica.uska@example.com";
const PAGES_DIR = new URL("../../site/src/pages/app/", import.meta.url).pathname;

/**
 * The app's pages that this walk does not open, and why. Every other address in APP_ROUTES under
 * /app is opened, so a page added there is walked without touching this test.
 */
const NOT_WALKED: Partial<Record<AppRoute, string>> = {
  confirmEmail: "a single-use e-mailed link (/{userId}/{code})",
  revertEmailChange: "a single-use e-mailed link (/{userId}/{code})",
  resetPassword: "a single-use e-mailed link (/{code})",
  cancelDeletion: "a single-use e-mailed link (/{userId}/{code})",
  acceptLegal: "shown only while a new legal version waits; sends everyone else on",
  checkIn: "the guests' check-in page, walked by its own tests",
  packagePage: "the public site",
  adminUsers: "the admin area",
  adminPurchaseRequests: "the admin area",
  adminSettings: "the admin area",
  adminFeedback: "the admin area",
};

/** The sign-in doors, seen as a visitor sees them (signed in, they lead on to the dashboard). */
const SIGNED_OUT = new Set<string>([
  APP_ROUTES.login,
  APP_ROUTES.register,
  APP_ROUTES.forgotPassword,
]);

/** The pages whose address needs something of the host's: built once the data exists. */
type Built = "payment" | "proofOfResidence" | "qrSheet";

/** The Astro page files under /app as addresses: "objekti/index.astro" → "/app/objekti". */
async function pageFiles(dir = PAGES_DIR, prefix = "/app"): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isDirectory) {
      found.push(...await pageFiles(`${dir}${entry.name}/`, `${prefix}/${entry.name}`));
    } else if (entry.name.endsWith(".astro")) {
      const name = entry.name.replace(/\.astro$/, "");
      found.push(name === "index" ? prefix : `${prefix}/${name}`);
    }
  }
  return found;
}

/** How far the page reaches below the frame around it (the frame fills the window, no more). */
async function bandUnderFrame(page: Page): Promise<number> {
  return await page.evaluate(() => {
    const frame = document.getElementById("main")!.closest(".min-h-dvh")!;
    return document.documentElement.scrollHeight - frame.getBoundingClientRect().bottom -
      scrollY;
  });
}

/** The page has drawn what it loads: a heading, no request in flight, nothing marked busy. */
async function settled(page: Page) {
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await networkQuiet(page);
  await page.locator("[aria-busy=true]").first().waitFor({ state: "detached" });
  // The dashboard's charts are drawn by a library loaded on demand: wait for their canvases.
  if (await page.getByRole("heading", { name: "Po mjesecima" }).count() > 0) {
    await page.locator("canvas").nth(1).waitFor();
  }
}

/** A call to the API with the page's session, as another tab would make it. */
async function api<T>(page: Page, path: string, body?: unknown): Promise<T> {
  return await page.evaluate(async ({ path, body }) => {
    const user = JSON.parse(localStorage.getItem("user")!);
    const answer = await fetch(path, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        Authorization: `Bearer ${user.accessToken}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
    return await answer.json();
  }, { path, body }) as T;
}

/** Premium, as an administrator's assignment would set it: bulk import, API tokens, a team. */
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

/**
 * The app's main dialogs, each opened from its page: `open` clicks what a host clicks and answers
 * the dialog (or menu) that shows.
 */
const DIALOGS: { name: string; path: string; open: (page: Page) => Promise<Locator> }[] = [
  {
    name: "new-reservation",
    path: APP_ROUTES.reservations,
    open: async (page) => {
      await page.getByRole("button", { name: "Nova rezervacija" }).click();
      return page.getByRole("dialog", { name: "Nova rezervacija" });
    },
  },
  {
    name: "stay-details",
    path: APP_ROUTES.reservations,
    open: async (page) => {
      await page.getByRole("button", { name: /^Detalji/ }).first().click();
      return page.getByRole("dialog").first();
    },
  },
  {
    name: "unit",
    path: APP_ROUTES.properties,
    open: async (page) => {
      await page.getByRole("button", { name: "Uredi Apartman 1" }).click();
      return page.getByRole("dialog", { name: "Uredi smještajnu jedinicu" });
    },
  },
  {
    name: "property-settings",
    path: APP_ROUTES.properties,
    open: async (page) => {
      await page.getByRole("button", { name: "Postavke Apartmani Horvat" }).click();
      return page.getByRole("dialog").first();
    },
  },
  {
    name: "team",
    path: APP_ROUTES.properties,
    open: async (page) => {
      await page.getByRole("button", { name: "Tim Apartmani Horvat" }).click();
      const dialog = page.getByRole("dialog", { name: "Tim objekta Apartmani Horvat" });
      await dialog.getByText(INVITED).first().waitFor();
      return dialog;
    },
  },
  {
    name: "connect-account",
    path: APP_ROUTES.externalAccounts,
    open: async (page) => {
      await page.getByRole("button", { name: "Poveži račun" }).first().click();
      return page.getByRole("dialog", { name: "Poveži eVisitor račun" });
    },
  },
  {
    name: "guest-details",
    path: APP_ROUTES.guests,
    open: async (page) => {
      await page.getByRole("button", { name: "Detalji" }).first().click();
      return page.getByRole("dialog").first();
    },
  },
  {
    name: "add-guest",
    path: APP_ROUTES.guests,
    open: async (page) => {
      await page.getByRole("button", { name: "Dodaj gosta" }).click();
      return page.getByRole("dialog").first();
    },
  },
  {
    name: "notifications",
    path: APP_ROUTES.dashboard,
    open: async (page) => {
      await page.getByRole("button", { name: /^Obavijesti/ }).click();
      const panel = page.locator("[aria-label='Obavijesti'][data-open]").or(
        page.getByRole("dialog", { name: "Obavijesti" }),
      ).first();
      await page.getByRole("link", { name: "Prikaži sve" }).waitFor();
      return panel;
    },
  },
];

Deno.test({
  name: "browser: every host page fits a 320 px phone",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const routes = Object.entries(APP_ROUTES) as [AppRoute, string][];
    const walked = routes.filter(([name, path]) =>
      path.startsWith("/app/") && NOT_WALKED[name] === undefined
    );

    await t.step("every page file under /app has its address in APP_ROUTES", async () => {
      const known = new Set<string>(Object.values(APP_ROUTES));
      const missing = (await pageFiles()).filter((path) => !known.has(path));
      assert.deepEqual(missing, [], "pages the walk would not know of");
    });

    ({ stack, browser } = await sharedStack());
    const { connectEVisitor, newContext, registerAndLogIn, logInToDashboard } = e2eSession(
      stack,
      browser,
    );
    let built: Record<Built, string>;
    /** The connected eVisitor accounts' ids: the spec's Id column shows them. */
    let accountIds: string[] = [];
    await t.step(
      "a Premium host with a stay, a guest, an order, a token and a team",
      async () => {
        const context = await newContext();
        const page = await context.newPage();
        await registerAndLogIn(page, HOST);
        await connectEVisitor(page);
        const today = todayInStayZone();
        const stay = await createStayThroughApi(
          page,
          "Apartman 1",
          addDays(today, -1),
          addDays(today, 3),
        );
        assert.equal(stay.status, 200);
        await createStayThroughApi(page, "Apartman 2", addDays(today, -40), addDays(today, -36));
        await makePremium(HOST);
        const checkedIn = await page.evaluate(async ({ reservationCode, guest }) => {
          const answer = await fetch("/api/Reservations/Guests", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ reservationCode, reservationGuests: [guest] }),
          });
          return answer.status;
        }, { reservationCode: stay.body.code, guest: BIRGITTE });
        assert.equal(checkedIn, 200, "the guest checked in");
        const order = await api<{ purchaseRequestId: string }>(
          page,
          "/api/Subscriptions/createPurchaseRequest?packageId=pro&subscriptionLength=12",
        );
        const properties = await api<{ items: { accommodationUnits: { code: string }[] }[] }>(
          page,
          "/api/Properties?PageNumber=1&PageSize=100",
        );
        const details = await api<{ guests: { guid: string }[] }>(
          page,
          `/api/Reservations/${stay.body.code}`,
        );
        await api(page, "/api/Users/manage/apiTokens", {
          name: "Channel manager",
          scopes: ["read"],
          password: E2E_PASSWORD,
        });
        const propertyId = (await api<{ items: { id: string }[] }>(
          page,
          "/api/Properties?PageNumber=1&PageSize=100",
        )).items[0].id;
        await api(page, `/api/Properties/${propertyId}/members`, {
          email: INVITED,
          role: "Reception",
        });
        const accounts = await api<{ items: { id: string }[] }>(
          page,
          "/api/ExternalAccounts?PageNumber=1&PageSize=100",
        );
        accountIds = accounts.items.map((account) => account.id);
        assert.equal(accountIds.length, 1, "the demo account");
        built = {
          payment: paymentPath(order.purchaseRequestId),
          proofOfResidence: proofOfResidencePath(details.guests[0].guid, "hr"),
          qrSheet: qrSheetUrl(properties.items[0].accommodationUnits[0].code),
        };
        await context.close();
      },
    );

    await t.step(
      "no page scrolls sideways or shows a raw id; its top bar and page are 44 px to the touch",
      async () => {
        const signedOut = await newContext({ viewport: NARROW });
        const context = await newContext({ viewport: NARROW });
        const page = await context.newPage();
        await logInToDashboard(page, HOST);
        const problems: string[] = [];
        for (const [name, route] of walked) {
          const path = built[name as Built] ?? route;
          const tab = SIGNED_OUT.has(route) ? await signedOut.newPage() : page;
          await tab.goto(path);
          await settled(tab);
          const overflow = await sidewaysOverflow(tab);
          if (overflow.length > 0) problems.push(`${path} overflows: ${overflow.join(", ")}`);
          const small = await smallTargets(tab);
          if (small.length > 0) problems.push(`${path} small targets: ${small.join(", ")}`);
          const ids = await rawIdsShown(tab, { allowed: accountIds });
          if (ids.length > 0) problems.push(`${path} shows ids: ${ids.join(", ")}`);
          await screenshot(tab, `narrow-320-${name}-light`);
          if (tab !== page) await tab.close();
        }
        assert.deepEqual(problems, []);
        await signedOut.close();
        await context.close();
      },
    );

    await t.step("on a 390 px phone the stay's days are 44 px to the touch", async () => {
      const context = await newContext({ viewport: VIEWPORTS.phone });
      const page = await context.newPage();
      await logInToDashboard(page, HOST);
      await page.goto(APP_ROUTES.reservations);
      await page.getByRole("button", { name: "Nova rezervacija" }).click();
      const dialog = page.getByRole("dialog", { name: "Nova rezervacija" });
      await dialog.getByLabel("Objekt").selectOption({ label: "Apartmani Horvat" });
      await dialog.getByLabel("Smještajna jedinica").selectOption({ label: "Apartman 2" });
      const days = dialog.getByRole("group", { name: "Datumi boravka" }).getByRole("button");
      await days.filter({ hasText: /^\d+$/ }).first().waitFor();
      const small = await days.evaluateAll((buttons) =>
        buttons.map((b) => b.getBoundingClientRect())
          .filter((box) => box.width > 1 && (box.width < 43.5 || box.height < 43.5))
          .map((box) => `${box.width}x${box.height}`)
      );
      assert.deepEqual(small, [], "days and month arrows");
      await screenshot(page, "narrow-390-dialog-new-reservation-light", { fullPage: false });
      await context.close();
    });

    await t.step("on a desktop no page leaves a band under its frame", async () => {
      const signedOut = await newContext();
      const context = await newContext();
      const page = await context.newPage();
      await logInToDashboard(page, HOST);
      const problems: string[] = [];
      for (const [name, route] of walked) {
        const path = built[name as Built] ?? route;
        const tab = SIGNED_OUT.has(route) ? await signedOut.newPage() : page;
        await tab.goto(path);
        await settled(tab);
        const band = await bandUnderFrame(tab);
        if (band > 1) problems.push(`${path}: ${band} px under the frame`);
        if (tab !== page) await tab.close();
      }
      assert.deepEqual(problems, []);
      await signedOut.close();
      await context.close();
    });

    await t.step("the main dialogs fit 320 px too and show no raw id", async () => {
      const context = await newContext({ viewport: NARROW });
      const page = await context.newPage();
      await logInToDashboard(page, HOST);
      const problems: string[] = [];
      for (const { name, path, open } of DIALOGS) {
        await page.goto(path);
        await settled(page);
        const dialog = await open(page);
        // Measured once the panel has stopped growing in (mid-way its 44 px buttons read 42).
        await atRest(dialog);
        await networkQuiet(page);
        const overflow = await sidewaysOverflow(page);
        if (overflow.length > 0) problems.push(`${name} overflows: ${overflow.join(", ")}`);
        // Inside, nothing is cut off at the dialog's edge or scrolls sideways (text shortened
        // with an ellipsis aside).
        const clipped = await dialog.evaluate((root) =>
          [root, ...Array.from(root.querySelectorAll("*"))].filter((el) => {
            const style = getComputedStyle(el);
            // Screen-reader-only text is clipped to a pixel on purpose.
            return style.overflowX !== "visible" && style.textOverflow !== "ellipsis" &&
              el.clientWidth > 1 && el.scrollWidth > el.clientWidth + 1;
          }).map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute("class")}">`)
        );
        if (clipped.length > 0) problems.push(`${name} cuts off: ${clipped.join(", ")}`);
        const ids = await rawIdsShown(page, { allowed: accountIds });
        if (ids.length > 0) problems.push(`${name} shows ids: ${ids.join(", ")}`);
        await screenshot(page, `narrow-320-dialog-${name}-light`, { fullPage: false });
      }
      assert.deepEqual(problems, []);
      await context.close();
    });
  },
});
