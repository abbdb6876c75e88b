/**
 * The installed app (issue 35): registers the service worker (site/public/sw.js) and keeps what
 * the install hint needs. Chromium browsers offer installing with a `beforeinstallprompt` event,
 * which must be caught when it comes and used later from a tap; iOS Safari has no such event, so
 * the hint shows its Add-to-Home-Screen steps instead.
 */

/** Chromium's install offer (not in the DOM typings). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

export type InstallOffer =
  /** The browser can install it: the hint's button asks it to. */
  | { kind: "prompt"; install: () => Promise<boolean> }
  /** iOS Safari: the hint lists the steps. */
  | { kind: "ios" };

const DISMISSED_KEY = "installHintDismissed";
let offered: InstallPromptEvent | undefined;
const listeners = new Set<() => void>();
let started = false;

/** Registers the worker and starts listening for the install offer (once per page). */
export function startAppInstall(): void {
  if (started || typeof window === "undefined") return;
  started = true;
  navigator.serviceWorker?.register("/sw.js", { scope: "/" }).catch(() => {
    // No worker (private mode, an old browser): the app works as a plain site.
  });
  addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    offered = event as InstallPromptEvent;
    listeners.forEach((listener) => listener());
  });
  addEventListener("appinstalled", () => {
    offered = undefined;
    listeners.forEach((listener) => listener());
  });
}

/** Calls `listener` when the offer changes; returns the unsubscribe. */
export function onInstallOfferChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Already running as the installed app (home-screen icon). */
export function isInstalled(): boolean {
  return matchMedia("(display-mode: standalone)").matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/** iOS (iPadOS reports itself as a Mac with touch) in Safari, where only the Share menu installs. */
function isIosSafari(): boolean {
  const agent = navigator.userAgent;
  const ios = /iPhone|iPad|iPod/.test(agent) ||
    (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1);
  return ios && /Safari\//.test(agent) && !/CriOS|FxiOS|EdgiOS/.test(agent);
}

/** A phone or tablet: the hint is for them; a desktop has the browser's own install button. */
const isTouchDevice = () => matchMedia("(pointer: coarse)").matches;

/** What the install hint should offer now, if anything. */
export function currentInstallOffer(): InstallOffer | undefined {
  if (typeof window === "undefined" || isInstalled() || wasDismissed() || !isTouchDevice()) {
    return undefined;
  }
  if (offered) {
    const event = offered;
    return {
      kind: "prompt",
      install: async () => {
        await event.prompt();
        const { outcome } = await event.userChoice;
        offered = undefined;
        listeners.forEach((listener) => listener());
        return outcome === "accepted";
      },
    };
  }
  return isIosSafari() ? { kind: "ios" } : undefined;
}

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === "true";
  } catch {
    return false;
  }
}

/** "Not now": the hint stays away on this device. */
export function dismissInstallHint(): void {
  try {
    localStorage.setItem(DISMISSED_KEY, "true");
  } catch {
    // Storage blocked: it goes for this page only.
  }
  listeners.forEach((listener) => listener());
}
