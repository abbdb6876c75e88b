import { type Browser, chromium, type Page } from "playwright-core";

const SCREENSHOT_DIR = new URL("../e2e/screenshots/", import.meta.url).pathname;

/**
 * Debian's Chromium driven by playwright-core, with the flags this closed network needs, and
 * `extraArgs` (a fake camera, for instance).
 */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
      ...extraArgs,
    ],
  });
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

/**
 * Saves a screenshot as tests/e2e/screenshots/<name>.png: the whole page, or only the window with
 * `fullPage: false` (for open dialogs, which a full-page capture splits at the scroll position).
 */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = true } = {},
): Promise<void> {
  await Deno.mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png`, fullPage });
}
