/**
 * The installable app (issue 35): the manifest and its icons, the service worker (registered on
 * the app's pages, allowed by its own Content-Security-Policy), the offline page in both languages,
 * a cache that never holds an /api/ answer, the manifest as Chromium reads it, and the install
 * hint on phones.
 */
import assert from "node:assert/strict";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { screenshot, VIEWPORTS } from "../support/browser.ts";
import { sharedStack } from "../support/shared-stack.ts";
import type { TestStack } from "../support/stack.ts";
import { e2eSession } from "../support/e2e.ts";

let stack: TestStack;
let browser: Browser;

const HOST = "ivana.install@example.com";

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  assert.deepEqual([...bytes.slice(1, 4)], [0x50, 0x4e, 0x47], "a PNG");
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Waits until the page's service worker is active and controls it; returns its script URL. */
async function controllingWorker(page: Page): Promise<string> {
  return await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((done) =>
        navigator.serviceWorker.addEventListener("controllerchange", done, { once: true })
      );
    }
    return registration.active?.scriptURL ?? "";
  });
}

/** Every URL in every cache the page's origin holds. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((request) => request.url));
    }
    return urls;
  });
}

/** A phone context (touch, so the hint counts it as a phone) with the session's defaults. */
async function phoneContext(userAgent?: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: VIEWPORTS.phone,
    hasTouch: true,
    isMobile: true,
    reducedMotion: "reduce",
    baseURL: stack.baseUrl,
    locale: "hr-HR",
    ...(userAgent ? { userAgent } : {}),
  });
  await context.addInitScript(() => {
    try {
      localStorage.setItem(
        "cookieConsent",
        JSON.stringify({ performance: false, advertising: false }),
      );
    } catch {
      // about:blank
    }
  });
  return context;
}

Deno.test({
  name: "browser: the host area installs as an app and works offline as far as it can",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    ({ stack, browser } = await sharedStack());
    const { newContext, logInToDashboard, registerAndLogIn } = e2eSession(stack, browser);

    await t.step(
      "the manifest names the app, starts on the dashboard and has its icons",
      async () => {
        const res = await fetch(`${stack.baseUrl}/manifest.webmanifest`);
        assert.equal(res.status, 200);
        assert.match(res.headers.get("Content-Type") ?? "", /^application\/manifest\+json/);
        const manifest = await res.json();
        assert.equal(manifest.name, "Prijavko");
        assert.equal(manifest.start_url, "/app/kontrolna-ploca");
        assert.equal(manifest.display, "standalone");
        assert.ok(manifest.theme_color && manifest.background_color);
        const sizes = new Set<string>();
        for (const icon of manifest.icons) {
          const file = await fetch(`${stack.baseUrl}${icon.src}`);
          assert.equal(file.status, 200, icon.src);
          const bytes = new Uint8Array(await file.arrayBuffer());
          if (icon.type !== "image/png") continue;
          const { width, height } = pngSize(bytes);
          assert.equal(`${width}x${height}`, icon.sizes, icon.src);
          sizes.add(`${icon.sizes} ${icon.purpose}`);
        }
        for (const wanted of ["192x192 any", "512x512 any", "512x512 maskable"]) {
          assert.ok(sizes.has(wanted), `an icon ${wanted}`);
        }
        const apple = await fetch(`${stack.baseUrl}/icons/apple-touch-icon-180.png`);
        assert.deepEqual(pngSize(new Uint8Array(await apple.arrayBuffer())), {
          width: 180,
          height: 180,
        });
      },
    );

    await t.step(
      "the service worker is served with a policy that lets it fetch only here",
      async () => {
        const res = await fetch(`${stack.baseUrl}/sw.js`);
        await res.body?.cancel();
        assert.equal(res.status, 200);
        assert.match(res.headers.get("Content-Type") ?? "", /javascript/);
        const policy = res.headers.get("Content-Security-Policy") ?? "";
        assert.match(policy, /connect-src 'self'/);
        assert.match(policy, /script-src 'self'/);
        assert.doesNotMatch(policy, /unsafe-inline|unsafe-eval|\*/);
        assert.equal(res.headers.get("Cache-Control"), "no-cache");
      },
    );

    const violations: string[] = [];
    await t.step(
      "a host's dashboard registers the worker; its cache holds no /api/ answer",
      async () => {
        const context = await newContext({ viewport: VIEWPORTS.phone });
        const page = await context.newPage();
        page.on("console", (message) => {
          if (/Content.Security.Policy|Refused to/i.test(message.text())) {
            violations.push(message.text());
          }
        });
        await registerAndLogIn(page, HOST);
        assert.equal(
          await page.locator('link[rel="manifest"]').getAttribute("href"),
          "/manifest.webmanifest",
        );
        assert.equal(await controllingWorker(page), `${stack.baseUrl}/sw.js`);
        // Pages that call the API, now under the worker.
        await page.reload();
        await page.getByRole("heading", { name: /Dobro došli/ }).waitFor();
        await page.goto("/app/obavijesti");
        await page.getByRole("heading", { name: "Obavijesti", level: 1 }).waitFor();
        const urls = await cachedUrls(page);
        assert.ok(urls.some((url) => url.endsWith("/app/izvan-mreze")), "the offline page is kept");
        assert.ok(urls.some((url) => url.includes("/_astro/")), "static files are kept");
        assert.deepEqual(urls.filter((url) => new URL(url).pathname.startsWith("/api")), []);
        assert.deepEqual(violations, []);
        // The manifest as Chromium reads it for installing: found from the dashboard, parsed
        // without a warning. (Its installability verdict, Page.getInstallabilityErrors, answers
        // nothing in headless Chromium, even for about:blank, so it proves nothing here.)
        await page.goto("/app/kontrolna-ploca");
        await page.getByRole("heading", { name: /Dobro došli/ }).waitFor();
        const cdp = await context.newCDPSession(page);
        const { url, errors } = await cdp.send("Page.getAppManifest");
        assert.equal(url, `${stack.baseUrl}/manifest.webmanifest`);
        assert.deepEqual(errors, [], "the manifest parses without a warning");
        // The public site links none: a guest's phone is not offered the host's app.
        await page.goto("/");
        assert.equal((await cdp.send("Page.getAppManifest")).url, "");
        await context.close();
      },
    );

    await t.step("offline, a page of the app is answered by the offline page", async () => {
      const context = await newContext({ viewport: VIEWPORTS.phone });
      const page = await context.newPage();
      await logInToDashboard(page, HOST);
      await controllingWorker(page);
      await context.setOffline(true);
      await page.goto("/app/rezervacije");
      await page.getByRole("heading", { name: "Niste povezani s internetom" }).waitFor();
      await page.getByText("Odobravanje gostiju i slanje prijava i odjava u eVisitor.").waitFor();
      await screenshot(page, "offline-hr-phone-light");
      // In English when that is the app's language on this device.
      await page.evaluate(() => localStorage.setItem("language", "en"));
      await page.reload();
      await page.getByRole("heading", { name: "You are offline" }).waitFor();
      assert.equal(await page.getByText("Niste povezani s internetom").isVisible(), false);
      await screenshot(page, "offline-en-phone-light");
      await context.setOffline(false);
      await context.close();
    });

    await t.step("on a phone that can install it, the hint's button asks the browser", async () => {
      const context = await phoneContext();
      const page = await context.newPage();
      await logInToDashboard(page, HOST);
      await page.getByRole("heading", { name: /Dobro došli/ }).waitFor();
      assert.equal(await page.getByText("Instalirajte Prijavko na telefon").count(), 0);
      // What Chromium fires once the app is installable (a real one needs a user gesture).
      await page.evaluate(() => {
        const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
          prompt: () => {
            (globalThis as { prompted?: boolean }).prompted = true;
            return Promise.resolve();
          },
          userChoice: Promise.resolve({ outcome: "accepted" }),
        });
        dispatchEvent(event);
      });
      const hint = page.getByRole("region", { name: "Instalirajte Prijavko na telefon" });
      await hint.waitFor();
      await screenshot(page, "install-hint-hr-phone-light", { fullPage: false });
      await hint.getByRole("button", { name: "Instaliraj" }).click();
      await hint.waitFor({ state: "detached" });
      assert.equal(
        await page.evaluate(() => (globalThis as { prompted?: boolean }).prompted),
        true,
      );
      await context.close();
    });

    await t.step(
      "iOS Safari gets the Add to Home Screen steps, and Not now keeps it away",
      async () => {
        const context = await phoneContext(
          "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 " +
            "(KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
        );
        const page = await context.newPage();
        await logInToDashboard(page, HOST);
        const hint = page.getByRole("region", { name: "Instalirajte Prijavko na telefon" });
        await hint.getByText("Odaberite „Dodaj na početni zaslon”.").waitFor();
        await page.evaluate(() => localStorage.setItem("language", "en"));
        await page.reload();
        const english = page.getByRole("region", { name: "Install Prijavko on your phone" });
        await english.getByText('Choose "Add to Home Screen".').waitFor();
        await screenshot(page, "install-hint-ios-en-phone-light", { fullPage: false });
        await english.getByRole("button", { name: "Not now" }).click();
        await english.waitFor({ state: "detached" });
        await page.reload();
        await page.getByRole("heading", { name: /Welcome/ }).waitFor();
        assert.equal(await english.count(), 0);
        await context.close();
      },
    );
  },
});
