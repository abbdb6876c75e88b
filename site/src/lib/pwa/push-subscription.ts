import { addPushDevice, removePushDevice } from "../api/push.ts";
import { isInstalled } from "./app-install.ts";

/**
 * This browser's push subscription (issue 35), through the service worker (site/public/sw.js).
 * The device id the API gave it is kept in localStorage, so Settings can mark "this device" and
 * turn it off again; the endpoint itself stays in the browser and the API.
 */
const DEVICE_KEY = "pushDeviceId";

export type PushSupport =
  /** Push can be turned on (or is on) here. */
  | "available"
  /** iOS Safari outside the installed app: push needs Add to Home Screen first. */
  | "needsInstall"
  /** The browser has no push at all. */
  | "unsupported"
  /** Notifications are blocked for the site in the browser's settings. */
  | "blocked";

const isIos = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) ||
  (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);

export function pushSupport(): PushSupport {
  const supported = "serviceWorker" in navigator && "PushManager" in globalThis &&
    "Notification" in globalThis;
  if (!supported) return isIos() && !isInstalled() ? "needsInstall" : "unsupported";
  if (Notification.permission === "denied") return "blocked";
  return "available";
}

export function thisDeviceId(): string | undefined {
  try {
    return localStorage.getItem(DEVICE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

function rememberDevice(id: string | undefined) {
  try {
    if (id) localStorage.setItem(DEVICE_KEY, id);
    else localStorage.removeItem(DEVICE_KEY);
  } catch {
    // Storage blocked: "this device" is not marked, nothing else changes.
  }
}

/** The VAPID key as pushManager wants it (bytes from base64url). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - base64.length % 4) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/**
 * Asks for the permission (the browser's own prompt, from the tap), subscribes through the
 * service worker and registers the subscription. False: the permission was not given.
 */
export async function turnOnThisDevice(publicKey: string): Promise<boolean> {
  if (await Notification.requestPermission() !== "granted") return false;
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.getSubscription() ??
    await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
  const json = subscription.toJSON();
  const device = await addPushDevice({
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
  });
  rememberDevice(device.id);
  return true;
}

/** Removes a device from the account; this one is also unsubscribed in the browser. */
export async function removeDevice(id: string): Promise<void> {
  await removePushDevice(id);
  if (id !== thisDeviceId()) return;
  rememberDevice(undefined);
  const registration = await navigator.serviceWorker?.getRegistration();
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
}

/**
 * At sign-out: this browser stops getting the account's pushes (the next person on it must not
 * see them). Best effort: a failure leaves the device listed in Settings, where it can be removed.
 */
export async function forgetThisDevice(): Promise<void> {
  const id = thisDeviceId();
  if (!id) return;
  try {
    await removeDevice(id);
  } catch {
    rememberDevice(undefined);
  }
}
