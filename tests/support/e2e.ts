import assert from "node:assert/strict";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import type { ParsedMail } from "mailparser";
import { addDays, todayIn } from "../../shared/local-date.ts";
import { screenshot, VIEWPORTS } from "./browser.ts";
import { addDemoHostCopy, DEMO_HOST, type EVisitorLogin } from "./evisitor-sim.ts";
import type { TestStack } from "./stack.ts";

export const E2E_PASSWORD = "Jadran-Sunce-2026!";
export type Theme = "DefaultTheme" | "DarkTheme";

/** One way a page is looked at for screenshots: a viewport, a theme, and the name suffix for both. */
export interface Look {
  size: keyof typeof VIEWPORTS;
  viewport: { width: number; height: number };
  theme: Theme;
  /** "desktop-light", "phone-dark", … */
  suffix: string;
}

/** Every viewport in light and dark, in that order. */
export const LOOKS: readonly Look[] = Object.entries(VIEWPORTS).flatMap(([size, viewport]) =>
  (["DefaultTheme", "DarkTheme"] as const).map((theme) => ({
    size: size as Look["size"],
    viewport,
    theme,
    suffix: `${size}-${theme === "DarkTheme" ? "dark" : "light"}`,
  }))
);

/** Requests in flight per browser context (see networkQuiet). */
const inFlight = new WeakMap<BrowserContext, number>();

/** Counts the context's requests in flight, for networkQuiet. */
export function followRequests(context: BrowserContext) {
  if (inFlight.has(context)) return;
  inFlight.set(context, 0);
  const add = (by: number) => () => inFlight.set(context, Math.max(0, inFlight.get(context)! + by));
  context.on("request", add(1));
  context.on("requestfinished", add(-1));
  context.on("requestfailed", add(-1));
}

/**
 * Waits until no request of the page's context has been in flight for `quietMs`: what Playwright's
 * "networkidle" waits for, with 150 ms of quiet instead of its fixed 500 ms (a walk over hundreds
 * of pages spends minutes there otherwise). A context not followed falls back to "networkidle".
 */
export async function networkQuiet(page: Page, { quietMs = 150, timeoutMs = 15_000 } = {}) {
  const context = page.context();
  if (!inFlight.has(context)) return await page.waitForLoadState("networkidle");
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (true) {
    const now = Date.now();
    if (inFlight.get(context)! > 0) quietSince = now;
    else if (now - quietSince >= quietMs) return;
    if (now > deadline) throw new Error(`requests still in flight after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The site-relative link in a received e-mail's text. */
export function linkIn(mail: ParsedMail): string {
  const match = /(http:\/\/127\.0\.0\.1:\d+)(\/app\/\S+)/.exec(mail.text ?? "");
  assert.ok(match, "the e-mail holds a link to the site");
  return match[2];
}

export const mailTo = (address: string) => (m: ParsedMail) =>
  JSON.stringify(m.to ?? "").includes(address);

/** What browser tests do again and again, against one running stack and one browser. */
export function e2eSession(stack: TestStack, browser: Browser) {
  /**
   * A fresh browser profile on the stack; `clipboard` lets pages copy and tests read it back.
   * The cookie banner is answered beforehand ("decline all", stored before any page runs) so it
   * neither covers what a test clicks nor shows in its screenshots; `cookieChoice: false` leaves
   * the choice to the test, as a first visit.
   */
  async function newContext(
    { viewport = VIEWPORTS.desktop, theme, clipboard = false, cookieChoice = true, locale }: {
      viewport?: { width: number; height: number };
      theme?: Theme;
      clipboard?: boolean;
      cookieChoice?: boolean;
      /**
       * The browser's language (navigator.language and Accept-Language), e.g. "de-DE": a
       * Croatian host's browser unless told (the site and the app follow it, issue 32 item 1).
       */
      locale?: string;
    } = {},
  ): Promise<BrowserContext> {
    const context = await browser.newContext({
      viewport,
      reducedMotion: "reduce",
      baseURL: stack.baseUrl,
      locale: locale ?? "hr-HR",
    });
    followRequests(context);
    if (theme) await context.addInitScript((value) => localStorage.setItem("theme", value), theme);
    if (cookieChoice) {
      // Only where nothing is stored yet, so a choice made during the test survives reloads.
      await context.addInitScript(() => {
        try {
          if (localStorage.getItem("cookieConsent") === null) {
            localStorage.setItem(
              "cookieConsent",
              JSON.stringify({ performance: false, advertising: false }),
            );
          }
        } catch {
          // No storage in this frame (about:blank).
        }
      });
    }
    if (clipboard) {
      await context.grantPermissions(["clipboard-read", "clipboard-write"], {
        origin: stack.baseUrl,
      });
    }
    return context;
  }

  /** Signs in on the login page; `here` uses the login page already open (keeping its returnUrl). */
  async function logIn(page: Page, email: string, password = E2E_PASSWORD, { here = false } = {}) {
    if (!here) await page.goto("/app/prijava");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Lozinka", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Prijavi se" }).click();
  }

  /** Signs in and waits for the dashboard, where every signed-in visit starts. */
  async function logInToDashboard(page: Page, email: string, password = E2E_PASSWORD) {
    await logIn(page, email, password);
    await page.waitForURL("**/app/kontrolna-ploca");
  }

  /** Signs in as an administrator and waits for the admin area, where they start. */
  async function logInAsAdmin(page: Page, email: string, password: string) {
    await logIn(page, email, password);
    await page.waitForURL("**/admin/korisnici");
  }

  /** Registers through the page and opens the confirmation link from the real e-mail. */
  async function registerAndConfirm(page: Page, email: string, password = E2E_PASSWORD) {
    await page.goto("/app/registracija");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Lozinka", { exact: true }).fill(password);
    await page.getByLabel("Potvrda lozinke").fill(password);
    await page.getByRole("checkbox", { name: /^Prihvaćam Uvjete korištenja/ }).check();
    await page.getByRole("button", { name: "Registriraj se" }).click();
    await page.getByRole("heading", { name: "Provjerite e-poštu" }).waitFor();
    const mail = await stack.smtp.waitForMail(mailTo(email));
    await page.goto(linkIn(mail));
    await page.getByRole("heading", { name: "E-mail adresa je potvrđena" }).waitFor();
  }

  /** A new host: registered, confirmed, signed in and on the dashboard. */
  async function registerAndLogIn(page: Page, email: string) {
    await registerAndConfirm(page, email);
    await logInToDashboard(page, email);
  }

  /**
   * Runs `shoot` once per look (every viewport, light and dark), each time in a fresh profile
   * signed in as `email` and on the dashboard.
   */
  async function inEveryLook(email: string, shoot: (page: Page, look: Look) => Promise<void>) {
    for (const look of LOOKS) {
      const context = await newContext({ viewport: look.viewport, theme: look.theme });
      const page = await context.newPage();
      await logInToDashboard(page, email);
      await shoot(page, look);
      await context.close();
    }
  }

  let ownEVisitor: Promise<EVisitorLogin> | undefined;
  /**
   * This session's own eVisitor account in the simulator: a copy of the demo host (the same
   * facilities and units) that no other test connects, made on the first call.
   */
  function eVisitorLogin(): Promise<EVisitorLogin> {
    ownEVisitor ??= addDemoHostCopy(stack.evisitor);
    return ownEVisitor;
  }

  /** connectDemoEVisitor with this session's own eVisitor account (eVisitorLogin). */
  async function connectEVisitor(page: Page, options: { automaticCheckIn?: boolean } = {}) {
    await connectDemoEVisitor(page, { ...options, login: await eVisitorLogin() });
  }

  return {
    newContext,
    eVisitorLogin,
    connectEVisitor,
    logIn,
    logInToDashboard,
    logInAsAdmin,
    registerAndConfirm,
    registerAndLogIn,
    inEveryLook,
  };
}

/**
 * Waits until `target` has finished growing or fading in: no transition running on it or inside
 * it, no Headless UI transition mark on it or inside it (a dialog's panel is marked closed for a
 * frame before its transition starts), full opacity and scale. Measuring sizes during the opening
 * transition reads them scaled down (a 44 px item as 42 px), and a click may miss.
 */
export async function atRest(target: Locator): Promise<void> {
  await target.waitFor();
  await target.evaluate(async (el, MOVING) => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => done(undefined)));
    for (let i = 0; i < 300; i++) {
      await Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => {})));
      await frame();
      const style = getComputedStyle(el);
      if (
        el.getAnimations({ subtree: true }).length === 0 &&
        !el.matches(MOVING) && !el.querySelector(MOVING) &&
        style.opacity === "1" && (style.scale === "none" || style.scale === "1")
      ) return;
    }
    throw new Error("still moving after 300 frames");
  }, "[data-enter], [data-closed], [data-transition]");
}

/**
 * A screenshot of the window with `dialog` open, once it has finished fading in (a capture taken
 * at once may catch it still transparent).
 */
export async function dialogScreenshot(page: Page, dialog: Locator, name: string) {
  await atRest(dialog);
  await screenshot(page, name, { fullPage: false });
}

/**
 * What inside a dialog is cut off or scrolls sideways (text shortened with an ellipsis and
 * screen-reader-only text aside): a longer translation must not push anything out.
 */
export const clippedIn = (dialog: Locator): Promise<string[]> =>
  dialog.evaluate((root) =>
    [root, ...Array.from(root.querySelectorAll("*"))].filter((el) => {
      const style = getComputedStyle(el);
      return style.overflowX !== "visible" && style.textOverflow !== "ellipsis" &&
        el.clientWidth > 1 && el.scrollWidth > el.clientWidth + 1;
    }).map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute("class")}">`)
  );

/**
 * Fills and sends the "Poveži eVisitor račun" dialog with the simulator's demo host, or `login`
 * (a test's own copy of it) with `password`.
 */
export async function submitEVisitorAccount(
  dialog: Locator,
  password?: string,
  login: EVisitorLogin = DEMO_HOST,
) {
  password ??= login.password;
  await dialog.getByLabel("Korisničko ime").fill(login.username);
  await dialog.getByLabel("Lozinka", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Provjeri i poveži" }).click();
}

/** Waits until an eVisitor account on the page has synced (its properties are in). */
export async function waitForSynced(page: Page) {
  await page.getByText("Sinkroniziran", { exact: true }).first().waitFor({ timeout: 20_000 });
}

/**
 * Connects the simulator's demo eVisitor account and waits for its properties, which check guests
 * in automatically unless `automaticCheckIn` is false: a guest at the door goes to eVisitor at
 * once, as these tests expect (with it off guests wait for the host's approval, issue 20).
 */
export async function connectDemoEVisitor(
  page: Page,
  { automaticCheckIn = true, login = DEMO_HOST as EVisitorLogin } = {},
) {
  await page.goto("/app/povezani-racuni");
  await page.getByRole("button", { name: "Poveži račun" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Poveži eVisitor račun" });
  await submitEVisitorAccount(dialog, undefined, login);
  await dialog.waitFor({ state: "detached" });
  await waitForSynced(page);
  if (automaticCheckIn) await checkGuestsInAutomatically(page);
}

/** Every property of the signed-in host checks guests in automatically (through the API). */
export async function checkGuestsInAutomatically(page: Page) {
  const failed = await page.evaluate(async () => {
    const user = JSON.parse(localStorage.getItem("user")!);
    const headers = {
      Authorization: `Bearer ${user.accessToken}`,
      "Content-Type": "application/json",
    };
    const list = await (await fetch("/api/Properties?PageNumber=1&PageSize=100", { headers }))
      .json();
    const answers = await Promise.all(
      list.items.map((p: { id: string }) =>
        fetch(`/api/Properties/Settings/${p.id}`, {
          method: "PUT",
          headers,
          body: JSON.stringify({ propertyId: p.id, automaticCheckIn: true }),
        })
      ),
    );
    return answers.filter((r) => !r.ok).length;
  });
  if (failed > 0) throw new Error("automatic check-in could not be turned on");
}

/** The first day of next month in Zagreb, as of when the tests started. */
const NEXT_MONTH = addDays(todayIn("Europe/Zagreb").slice(0, 8) + "01", 40).slice(0, 8) + "01";

/** Day `n` (1-based) of next month in Zagreb: every such day is ahead, whatever today is. */
export function dayOfNextMonth(n: number): string {
  return addDays(NEXT_MONTH, n - 1);
}

/**
 * A stay entered straight through the API with the page's session, as another tab or a calendar
 * sync would: on the host's unit named `unitName`, from `start` to `end` (YYYY-MM-DD).
 */
export async function createStayThroughApi(
  page: Page,
  unitName: string,
  start: string,
  end: string,
) {
  return await page.evaluate(async ({ unitName, start, end }) => {
    const user = JSON.parse(localStorage.getItem("user")!);
    const headers = {
      Authorization: `Bearer ${user.accessToken}`,
      "Content-Type": "application/json",
    };
    const properties = await (await fetch("/api/Properties?PageNumber=1&PageSize=100", {
      headers,
    })).json();
    const unit = properties.items.flatMap((p: { accommodationUnits: unknown[] }) =>
      p.accommodationUnits
    ).find((u: { name: string }) => u.name === unitName);
    const answer = await fetch("/api/Reservations", {
      method: "POST",
      headers,
      body: JSON.stringify({
        accommodationUnitId: unit.id,
        startDateUTC: `${start}T12:00:00.000Z`,
        endDateUTC: `${end}T12:00:00.000Z`,
      }),
    });
    return { status: answer.status, body: await answer.json() };
  }, { unitName, start, end });
}
