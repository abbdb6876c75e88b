/// <reference lib="webworker" />
/**
 * Prijavko's service worker (issue 35): makes the host area installable and start without a
 * connection, shows push notifications and opens the app where a notification leads.
 *
 * What it keeps (one cache, `prijavko-v1`): the offline page, the icons and the manifest, and the
 * site's static files as they are fetched (the hashed /_astro/ bundles, styles and fonts). Never
 * anything under /api/: those answers carry guests' and hosts' data and credentials (the API sends
 * them with no-store), so the worker does not even look at them and the browser fetches them as
 * if it were not here. Pages come from the network; only when that fails the offline page
 * answers, since a page without its data would only show an error.
 *
 * Plain JavaScript served as it is from site/public (no build step), so the site's bundler and
 * its Content-Security-Policy hashes have nothing to do with it; the API serves this file with a
 * policy of its own (api/http/security/content-security-policy.ts: SERVICE_WORKER_POLICY).
 */
const CACHE = "prijavko-v1";
/** The page shown for any page while offline (APP_ROUTES.offline); both languages in it. */
const OFFLINE_PAGE = "/app/izvan-mreze";
const PRECACHED = [
  OFFLINE_PAGE,
  "/manifest.webmanifest",
  "/favicon.svg",
  "/icons/icon-192.png",
  "/icons/icon-512.png",
  "/icons/maskable-512.png",
  "/icons/apple-touch-icon-180.png",
];
/** Static files kept beyond the precached ones; the oldest go first. */
const MAX_ENTRIES = 200;

/** The site's own static files: hashed bundles and styles, fonts, icons. */
const isStatic = (url) =>
  url.pathname.startsWith("/_astro/") || url.pathname.startsWith("/icons/") ||
  url.pathname === "/favicon.svg" || url.pathname === "/manifest.webmanifest";

/** Whether an answer may be kept: ours, complete and not marked no-store. */
const mayKeep = (response) =>
  response.ok && response.type === "basic" &&
  !/(^|,)\s*no-store\s*(,|$)/i.test(response.headers.get("Cache-Control") ?? "");

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(PRECACHED);
    // The offline page's own stylesheets and scripts, so it looks right without a connection.
    const page = await cache.match(OFFLINE_PAGE);
    const html = page ? await page.text() : "";
    const assets = [...html.matchAll(/(?:href|src)="(\/_astro\/[^"]+)"/g)].map((m) => m[1]);
    await cache.addAll([...new Set(assets)]);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== CACHE && name.startsWith("prijavko-")) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

async function trim(cache) {
  const keys = await cache.keys();
  const precached = new Set(PRECACHED.map((path) => new URL(path, self.location.origin).href));
  const extra = keys.filter((request) => !precached.has(request.url));
  for (const request of extra.slice(0, Math.max(0, extra.length - MAX_ENTRIES))) {
    await cache.delete(request);
  }
}

/** A static file: from the cache, else fetched and kept (hashed names never change content). */
async function staticFile(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (mayKeep(response)) {
    await cache.put(request, response.clone());
    await trim(cache);
  }
  return response;
}

/** A page: from the network; the offline page when there is none. */
async function page(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const offline = await caches.match(OFFLINE_PAGE);
    if (offline) return offline;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Never the API: its answers hold personal data and credentials.
  if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") {
    event.respondWith(page(request));
  } else if (isStatic(url)) {
    event.respondWith(staticFile(request));
  }
});

/**
 * A push (workers/notifications/push-message.ts): a title, a text without personal data beyond
 * initials, the app page it links to and, for a guest waiting, the approval sheet's address.
 */
self.addEventListener("push", (event) => {
  let message;
  try {
    message = event.data?.json();
  } catch {
    message = undefined;
  }
  if (!message || typeof message.title !== "string") return;
  const actions = Array.isArray(message.actions) ? message.actions : [];
  event.waitUntil(self.registration.showNotification(message.title, {
    body: message.body ?? "",
    tag: message.tag,
    renotify: Boolean(message.tag),
    lang: message.lang,
    icon: "/icons/icon-192.png",
    badge: "/icons/icon-192.png",
    data: { url: message.url, approveUrl: message.approveUrl },
    actions: actions.filter((a) => a && typeof a.action === "string" && typeof a.title === "string")
      .slice(0, 2),
  }));
});

/** Only addresses of this site are opened: a push cannot send the host elsewhere. */
function ownAddress(path) {
  try {
    const url = new URL(path, self.location.origin);
    return url.origin === self.location.origin ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A tap on a notification opens the app where it leads. "Approve" opens the stay's approval
 * sheet, which lists the guests and asks for one more tap: nothing is approved from the lock
 * screen. A window of the app already open is reused.
 */
self.addEventListener("notificationclick", (event) => {
  const data = event.notification.data ?? {};
  event.notification.close();
  const target = event.action === "approve"
    ? ownAddress(data.approveUrl ?? data.url)
    : ownAddress(data.url ?? "/app/kontrolna-ploca");
  if (!target) return;
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const open = windows.find((client) => "navigate" in client && "focus" in client);
    if (open) {
      const moved = await open.navigate(target).catch(() => undefined);
      // Focusing may be refused (no user activation); the window has moved all the same.
      if (moved) return await moved.focus().catch(() => undefined);
    }
    await self.clients.openWindow(target);
  })());
});
