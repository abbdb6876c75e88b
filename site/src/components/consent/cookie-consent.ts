/**
 * The visitor's cookie choice (spec: "Cookie consent, stored locally under key cookieConsent:
 * performance and advertising (booleans)"), in the browser. Required cookies (the sign-in session,
 * the language, theme and this choice) are always on and so are not part of it.
 *
 * The stored value is checked by hand rather than with the shared zod schema
 * (`@shared/schemas/cookie-consent.ts`), which would bring zod into every page's JavaScript; the
 * unit test checks that both agree. Only types come from the schema here.
 *
 * Optional scripts wait for consent in one of two ways:
 *
 * - Markup: write them inert, as `type="text/plain"` with the group in `data-consent` and the
 *   address in `data-src` (or the code inside). `activateConsentedScripts` turns each into a real
 *   script once its group is allowed, at page load or when the visitor chooses; `data-type`
 *   becomes the real `type` (e.g. "module"), other attributes are kept. The Content-Security-Policy
 *   allows scripts from our own origin and the built pages' own inline scripts only: a script from
 *   another origin needs that origin added (api/http/security/content-security-policy.ts), and
 *   inline code here would need its hash, so prefer `data-src`.
 *
 *       <script type="text/plain" data-consent="performance" data-src="https://…/stats.js" async>
 *       </script>
 *
 * - Code: `consentGiven("advertising")` now, or `whenConsentGiven("advertising", start)`, which
 *   runs `start` at once if allowed, else on the `cookie-consent` window event (`detail` is the
 *   choice) that every stored choice dispatches.
 *
 * Nothing optional runs before consent: no choice stored means no group allowed. A withdrawn
 * consent stops such scripts from the next page load on (a running script cannot be unloaded).
 */
import type { CookieConsent } from "@shared/schemas/cookie-consent.ts";

export type { CookieConsent };
export type ConsentKind = keyof CookieConsent;

/** Same as `COOKIE_CONSENT_STORAGE_KEY` of the shared schema (checked by the unit test). */
export const CONSENT_STORAGE_KEY = "cookieConsent";
/** When the choice was last stored (ISO 8601), for the privacy centre; kept beside it. */
export const CONSENT_DATE_STORAGE_KEY = "cookieConsentAt";
/** The window event dispatched with the choice (`CustomEvent<CookieConsent>`) whenever it is stored. */
export const CONSENT_EVENT = "cookie-consent";

export const ACCEPT_ALL: CookieConsent = { performance: true, advertising: true };
export const DECLINE_ALL: CookieConsent = { performance: false, advertising: false };

/**
 * The choice in a stored text; `null` (no choice yet, so the banner shows) when it is missing,
 * not JSON, or lacks a boolean `performance` or `advertising`. Other fields are dropped.
 */
export function parseConsent(text: string | null | undefined): CookieConsent | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const { performance, advertising } = value as Record<string, unknown>;
  return typeof performance === "boolean" && typeof advertising === "boolean"
    ? { performance, advertising }
    : null;
}

/** The text stored for a choice: `{"performance":true,"advertising":false}`. */
export function serializeConsent({ performance, advertising }: CookieConsent): string {
  return JSON.stringify({ performance, advertising });
}

/** The stored choice, or `null` when there is none (or storage is blocked). */
export function readConsent(): CookieConsent | null {
  try {
    return parseConsent(globalThis.localStorage?.getItem(CONSENT_STORAGE_KEY));
  } catch {
    return null;
  }
}

/** Whether the visitor has allowed this optional group; never before a choice. */
export function consentGiven(kind: ConsentKind): boolean {
  return readConsent()?.[kind] === true;
}

/** Stores a choice, tells the page (the `cookie-consent` event) and starts what it allows. */
export function storeConsent(consent: CookieConsent): void {
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, serializeConsent(consent));
    localStorage.setItem(CONSENT_DATE_STORAGE_KEY, new Date().toISOString());
  } catch {
    // Storage blocked: the choice holds for this page only, and the banner returns next time.
  }
  dispatchEvent(new CustomEvent<CookieConsent>(CONSENT_EVENT, { detail: { ...consent } }));
  activateConsentedScripts(consent);
}

/** Runs `start` once the group is allowed: now, or when a choice allowing it is stored. */
export function whenConsentGiven(kind: ConsentKind, start: () => void): void {
  if (consentGiven(kind)) return start();
  const listener = (event: Event) => {
    if (!(event as CustomEvent<CookieConsent>).detail[kind]) return;
    removeEventListener(CONSENT_EVENT, listener);
    start();
  };
  addEventListener(CONSENT_EVENT, listener);
}

/** Turns the inert `<script type="text/plain" data-consent>` elements of allowed groups on. */
export function activateConsentedScripts(consent: CookieConsent | null = readConsent()): void {
  if (!consent) return;
  for (
    const inert of document.querySelectorAll<HTMLScriptElement>(
      'script[type="text/plain"][data-consent]',
    )
  ) {
    if (consent[inert.dataset.consent as ConsentKind] !== true) continue;
    const script = document.createElement("script");
    for (const { name, value } of inert.attributes) {
      if (!/^(type|data-consent|data-src|data-type)$/.test(name)) script.setAttribute(name, value);
    }
    if (inert.dataset.type) script.type = inert.dataset.type;
    if (inert.dataset.src) script.src = inert.dataset.src;
    else script.text = inert.text;
    inert.replaceWith(script);
  }
}

/** The CSS variable holding the banner's height while it shows (app.css gives the page room). */
export const CONSENT_INSET_VAR = "--consent-inset";

/**
 * Keeps the page clear of the banner while it shows: its height in `--consent-inset`, which
 * app.css adds below the page and to the scroll padding, so nothing ends up under it and an
 * element the keyboard reaches is scrolled above it (WCAG 2.2 SC 2.4.11).
 */
function reserveRoomFor(banner: HTMLElement): void {
  const root = document.documentElement;
  const update = () => {
    const height = banner.hidden ? 0 : banner.getBoundingClientRect().height;
    if (height > 0) root.style.setProperty(CONSENT_INSET_VAR, `${Math.ceil(height)}px`);
    else root.style.removeProperty(CONSENT_INSET_VAR);
  };
  if (typeof ResizeObserver === "function") new ResizeObserver(update).observe(banner);
  new MutationObserver(update).observe(banner, { attributeFilter: ["hidden"] });
  update();
}

/** Whether the keyboard can land on the element now: in the page, shown, not disabled. */
function canTakeFocus(element: HTMLElement | null): element is HTMLElement {
  return !!element && element.isConnected && element.getClientRects().length > 0 &&
    !(element as HTMLElement & { disabled?: boolean }).disabled;
}

/**
 * Where focus goes when the banner or the dialog it came from disappears (WCAG 2.4.3): back to
 * the page's element focused before them, else the main content's first heading (made
 * focusable by script only, so Tab goes on from there), else the skip link's target `#main`.
 * Never the body, which would send the keyboard back to the top of the page.
 */
function focusPageAfterChoice(before: HTMLElement | null): void {
  if (canTakeFocus(before)) return before.focus({ preventScroll: true });
  const main = document.querySelector<HTMLElement>("main, #main");
  const heading = main?.querySelector<HTMLElement>("h1, h2");
  if (canTakeFocus(heading ?? null)) {
    if (!heading!.hasAttribute("tabindex")) heading!.setAttribute("tabindex", "-1");
    heading!.focus({ preventScroll: true });
    if (document.activeElement === heading) return;
  }
  if (main && !main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
  main?.focus({ preventScroll: true });
}

/**
 * Wires the banner and the settings dialog of `CookieBanner.astro`: shows the banner until a
 * choice is stored, opens the dialog from the banner and from any `[data-cookie-settings]`
 * element (the footer's "Cookie settings"), and starts the scripts an earlier choice allows.
 * Escape, when nothing else took it (an open dialog, a menu, a list), closes the banner as
 * "decline all": the necessary cookies only, as closing must never mean consent. Once the banner
 * or the dialog goes, focus returns to the page (focusPageAfterChoice).
 */
export function initCookieBanner(): void {
  const banner = document.querySelector<HTMLElement>("[data-cookie-banner]");
  const dialog = document.querySelector<HTMLDialogElement>("[data-cookie-dialog]");
  const switches = dialog?.querySelectorAll<HTMLInputElement>("input[data-consent-kind]") ?? [];
  let opener: HTMLElement | null = null;
  // The page's element focused last, outside the banner and the dialog: where focus returns.
  let lastOnPage: HTMLElement | null = null;
  document.addEventListener("focusin", (event) => {
    const target = event.target;
    if (!(target instanceof HTMLElement) || target === document.body) return;
    if (banner?.contains(target) || dialog?.contains(target)) return;
    lastOnPage = target;
  });

  const choose = (consent: CookieConsent) => {
    storeConsent(consent);
    // The banner's own buttons go with it: focus returns to the page, not to the body.
    const hadFocus = banner?.contains(document.activeElement) ?? false;
    if (banner) banner.hidden = true;
    if (dialog?.open) dialog.close();
    else if (hadFocus) focusPageAfterChoice(lastOnPage);
  };

  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.defaultPrevented || !banner || banner.hidden) return;
    if (dialog?.open || document.querySelector("dialog[open]")) return;
    choose(DECLINE_ALL);
  });

  const openSettings = (from: Element | null) => {
    if (!dialog) return;
    opener = from instanceof HTMLElement ? from : null;
    // Both groups on until a choice exists; then the choice.
    const current = readConsent() ?? ACCEPT_ALL;
    for (const input of switches) input.checked = current[input.dataset.consentKind as ConsentKind];
    dialog.showModal();
  };

  dialog?.addEventListener("close", () => {
    // The banner's "Settings" button may be gone (hidden with the banner) after a choice.
    if (canTakeFocus(opener)) opener.focus({ preventScroll: true });
    else focusPageAfterChoice(lastOnPage);
    opener = null;
  });

  document.addEventListener("click", (event) => {
    const target = event.target as Element;
    const action = target.closest<HTMLElement>("[data-consent-action]")?.dataset.consentAction;
    if (action === "accept") choose(ACCEPT_ALL);
    else if (action === "decline") choose(DECLINE_ALL);
    else if (action === "close") dialog?.close();
    else if (action === "save") {
      const consent = { ...DECLINE_ALL };
      for (const input of switches) {
        consent[input.dataset.consentKind as ConsentKind] = input.checked;
      }
      choose(consent);
    } else {
      const settings = target.closest("[data-cookie-settings]");
      if (settings) {
        event.preventDefault();
        openSettings(settings);
      }
    }
  });

  const stored = readConsent();
  if (banner) {
    banner.hidden = stored !== null;
    reserveRoomFor(banner);
  }
  activateConsentedScripts(stored);
}
