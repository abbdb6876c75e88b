import { type Browser, chromium, type Page } from "playwright-core";

import { tmpdir } from "node:os";

/**
 * Screenshots are taken on request only (`SCREENSHOTS=1 npm test …`, or SCREENSHOTS=<directory>):
 * no test compares them, and capturing 400 full pages costs minutes. They go outside the tree,
 * to <os temp>/prijavko-screenshots unless a directory is named.
 */
const SCREENSHOTS = Deno.env.get("SCREENSHOTS") ?? "";
export const SCREENSHOT_DIR = SCREENSHOTS === "" || SCREENSHOTS === "0"
  ? undefined
  : SCREENSHOTS === "1"
  ? `${Deno.env.get("SCREENSHOT_DIR") ?? `${tmpdir()}/prijavko-screenshots`}/`
  : `${SCREENSHOTS.replace(/\/$/, "")}/`;

/**
 * Debian's Chromium headless shell (package chromium-headless-shell: the build Playwright itself
 * runs headless tests with) driven by playwright-core, with the flags this closed network needs,
 * and `extraArgs` (a fake camera, for instance). It renders with the same Blink as Chromium at
 * well under half the CPU of Chromium's full headless mode, which a 2-core gate running browser
 * tests in parallel is short of. CHROMIUM_PATH runs them in another build (/usr/bin/chromium).
 */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium-headless-shell",
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
 * With screenshots on (SCREENSHOT_DIR), saves one as <dir>/<name>.png: the whole page, or only the
 * window with `fullPage: false` (for open dialogs, which a full-page capture splits at the scroll
 * position). Otherwise does nothing.
 */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = true } = {},
): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  await Deno.mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png`, fullPage });
}
