import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { APP_ROUTES } from "@shared/app-routes.ts";
import { addDays } from "@shared/local-date.ts";
import { todayInStayZone } from "@shared/time-zone.ts";
import { PUBLIC_ROUTES, routePaths } from "../../site/src/lib/seo/public-routes.ts";
import { screenshot } from "../support/browser.ts";
import { atRest, createStayThroughApi, e2eSession, networkQuiet } from "../support/e2e.ts";
import {
  clippedText,
  cutSelects,
  PHONE_LOOKS,
  sidewaysOverflow,
  smallTargets,
  TAP_TARGETS,
} from "../support/narrow.ts";
import { pool } from "../support/pool.ts";
import { rawIdsShown } from "../support/raw-ids.ts";
import { sharedStack } from "../support/shared-stack.ts";
import { STACK_ADMIN, type TestStack } from "../support/stack.ts";

let stack: TestStack;
let browser: Browser;
const HOST = "uski.ekran.javno@example.com";
const PAGES_DIR = new URL("../../site/src/pages/", import.meta.url).pathname;
/** On the public site and the check-in page drop-downs (language, country) are tapped as well. */
const TARGETS = `${TAP_TARGETS}, select`;

/**
 * The Astro page files as addresses ("paket/index.astro" → "/paket"), leaving out the folders
 * that are walked from their own lists: the host's /app (narrow-pages.browser.ts), the check-in
 * page's shells and per-language 404s (walked below by their states).
 */
async function pageFiles(dir = PAGES_DIR, prefix = ""): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isDirectory) {
      if (prefix === "" && ["app", "prijava", "[lang]"].includes(entry.name)) continue;
      found.push(...await pageFiles(`${dir}${entry.name}/`, `${prefix}/${entry.name}`));
    } else if (entry.name.endsWith(".astro")) {
      const name = entry.name.replace(/\.astro$/, "");
      found.push(name === "index" ? prefix || "/" : `${prefix}/${name}`);
    }
  }
  return found;
}

/**
 * A page with one address for both languages (the doors to the app, the admin area) in each: the
 * language is a preference the address's ?jezik= sets.
 */
const inBoth = (path: string) => [`${path}?jezik=hr`, `${path}?jezik=en`];

/** Every public address in every language. */
function publicPaths(): string[] {
  return PUBLIC_ROUTES.flatMap((route) =>
    route.paths.en === undefined && route.paths.hr.startsWith("/app/")
      ? inBoth(route.paths.hr)
      : routePaths(route)
  );
}

/** The admin area's pages, hr and en: every admin address in APP_ROUTES. */
function adminPaths(): string[] {
  return Object.values(APP_ROUTES).filter((path) => path.startsWith("/admin/")).flatMap(inBoth);
}

/** The page has drawn what it loads: a heading, no request in flight, nothing marked busy. */
async function settled(page: Page) {
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await networkQuiet(page);
  await page.locator("[aria-busy=true]").first().waitFor({ state: "detached" });
}

/** A screenshot name from an address: "/app/prijava?jezik=en" → "app-prijava-en". */
function slug(path: string): string {
  return path.replace(/\?jezik=/, "-").replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") ||
    "landing";
}

/**
 * What is wrong with the open page on a phone: it scrolls sideways, a target is under 44 px, a box
 * cuts its content off or scrolls it sideways, a drop-down cuts its choice off, a raw id shows (`ids`; the admin lists show them,
 * spec section 2 "columns id, …").
 */
async function phoneProblems(page: Page, label: string, ids = true): Promise<string[]> {
  const problems: string[] = [];
  const report = (what: string, found: string[]) => {
    if (found.length > 0) problems.push(`${label} ${what}: ${found.join(", ")}`);
  };
  report("overflows", await sidewaysOverflow(page));
  report(
    "small targets",
    await smallTargets(page, { roots: "body", targets: TARGETS, loneLinks: true }),
  );
  report("cuts off or scrolls sideways inside", [
    ...await clippedText(page, "main"),
    ...await cutSelects(page),
  ]);
  if (ids) report("shows ids", await rawIdsShown(page));
  return problems;
}

Deno.test({
  name: "browser: the public site, the check-in page and the admin area fit 320–390 px phones",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await t.step(
      "every public page file is in the public list, every admin page in APP_ROUTES",
      async () => {
        const listed = PUBLIC_ROUTES.flatMap(routePaths);
        const admin = new Set<string>(Object.values(APP_ROUTES));
        const missing = (await pageFiles()).filter((path) =>
          path.startsWith("/admin/")
            ? !admin.has(path)
            // A shell page (/paket) answers the addresses below it (/paket/pro).
            : !listed.some((known) => known === path || known.startsWith(`${path}/`))
        );
        assert.deepEqual(missing, [], "pages the walk would not know of");
      },
    );

    ({ stack, browser } = await sharedStack());
    const { connectEVisitor, newContext, registerAndLogIn, logInAsAdmin } = e2eSession(
      stack,
      browser,
    );
    /** The check-in page in its states, hr and en. */
    /** name, address, and the button leading on to the guests' form (the next state). */
    let checkIn: [name: string, path: string, onward?: string][] = [];
    await t.step("a host with a stay, an order and a feedback", async () => {
      const context = await newContext();
      const page = await context.newPage();
      await registerAndLogIn(page, HOST);
      await connectEVisitor(page);
      const today = todayInStayZone();
      const stay = await createStayThroughApi(page, "Apartman 1", today, addDays(today, 3));
      assert.equal(stay.status, 200);
      const units = await page.evaluate(async () => {
        const user = JSON.parse(localStorage.getItem("user")!);
        const headers = { Authorization: `Bearer ${user.accessToken}` };
        const call = async (path: string, body?: unknown) => {
          const answer = await fetch(path, {
            method: body === undefined ? "GET" : "POST",
            headers: body === undefined
              ? headers
              : { ...headers, "Content-Type": "application/json" },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
          return await answer.json();
        };
        await call(
          "/api/Subscriptions/createPurchaseRequest?packageId=pro&subscriptionLength=12",
        );
        await call("/api/Support/feedback", {
          category: "idea",
          rating: 4,
          text: "Bilo bi lijepo vidjeti i tjedni pregled dolazaka na jednom mjestu.",
        });
        const properties = await call("/api/Properties?PageNumber=1&PageSize=100");
        return properties.items[0].accommodationUnits.map((unit: { code: string }) => unit.code);
      });
      checkIn = [
        ["checkin-stay-hr", `/prijava/rezervacija/${stay.body.code}`, "Dodaj goste"],
        ["checkin-stay-en", `/en/prijava/rezervacija/${stay.body.code}`, "Add guests"],
        ["checkin-unit-hr", `/prijava/smjestaj/${units[0]}`],
        ["checkin-unit-en", `/en/prijava/smjestaj/${units[0]}`],
        ["checkin-unknown-hr", "/prijava/rezervacija/NEMA2345AB"],
        ["checkin-unknown-en", "/en/prijava/rezervacija/NEMA2345AB"],
      ];
      await context.close();
    });

    for (const { width, theme } of PHONE_LOOKS) {
      const look = `${width}-${theme === "DarkTheme" ? "dark" : "light"}`;
      const viewport = { width, height: 700 };

      /**
       * Opens each page in a fresh profile (the check-in page resumes where a visit left off),
       * three at a time: a page load mostly waits on the network.
       */
      const walk = async (pages: [name: string, path: string, onward?: string][]) => {
        const problems = await pool(pages, 3, async ([name, path, onward]) => {
          const found: string[] = [];
          const context = await newContext({ viewport, theme, locale: "hr-HR" });
          const page = await context.newPage();
          await page.goto(path);
          await settled(page);
          found.push(...await phoneProblems(page, path));
          if (width === 320) await screenshot(page, `narrow-${look}-${name}`);
          if (onward !== undefined) {
            await page.getByRole("button", { name: onward, exact: true }).click();
            await page.locator('input[data-scan="camera"]').first().waitFor({
              state: "attached",
            });
            await networkQuiet(page);
            found.push(...await phoneProblems(page, `${path} (guests' form)`));
            if (width === 320) await screenshot(page, `narrow-${look}-${name}-guests`);
          }
          await context.close();
          return found;
        });
        assert.deepEqual(problems.flat(), []);
      };

      await t.step(`public pages at ${look}`, async () => {
        await walk(publicPaths().map((path): [string, string] => [slug(path), path]));
      });

      await t.step(`check-in pages at ${look}`, async () => {
        await walk(checkIn);
      });

      await t.step(`admin pages and the impersonation banner at ${look}`, async () => {
        const context = await newContext({ viewport: { width, height: 700 }, theme });
        const page = await context.newPage();
        await logInAsAdmin(page, STACK_ADMIN.email, STACK_ADMIN.password);
        const problems: string[] = [];
        for (const path of adminPaths()) {
          await page.goto(path);
          await settled(page);
          problems.push(...await phoneProblems(page, path, false));
          if (width === 320) await screenshot(page, `narrow-${look}-${slug(path)}`);
        }
        // The impersonation dialog, then the host's dashboard under the banner.
        await page.goto(`${APP_ROUTES.adminUsers}?jezik=hr`);
        await settled(page);
        await page.getByRole("button", { name: `Oponašaj ${HOST}` }).click();
        const dialog = page.getByRole("dialog");
        await dialog.waitFor();
        // Measured once the panel has stopped growing in (mid-way its 44 px buttons read 42).
        await atRest(dialog);
        problems.push(...await phoneProblems(page, "impersonate dialog", false));
        const clipped = await clippedText(page, "[role=dialog]");
        if (clipped.length > 0) problems.push(`impersonate dialog cuts off: ${clipped}`);
        if (width === 320) {
          await screenshot(page, `narrow-${look}-admin-impersonate-dialog`, {
            fullPage: false,
          });
        }
        await dialog.getByRole("button", { name: "Oponašaj korisnika" }).click();
        await page.waitForURL("**/app/kontrolna-ploca");
        await page.getByText(`Prijavljeni ste kao ${HOST}`).waitFor();
        await settled(page);
        problems.push(...await phoneProblems(page, "impersonating"));
        if (width === 320) await screenshot(page, `narrow-${look}-impersonating`);
        await page.getByRole("button", { name: "Završi oponašanje" }).first().click();
        await page.waitForURL("**/admin/korisnici");
        assert.deepEqual(problems, []);
        await context.close();
      });
    }
  },
});
