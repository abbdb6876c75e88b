import { atom, getDefaultStore } from "jotai";
import type { NotificationSync, UserNotification } from "@shared/schemas/notification.ts";
import {
  deleteNotification,
  markAllNotificationsRead,
  readNotification,
  syncNotifications,
} from "../api/notifications.ts";
import { readStoredUser } from "../session/stored-session.ts";
import {
  applySync,
  arrivedSince,
  CACHE_LIMIT,
  markAllReadIn,
  markReadIn,
  type NotificationCache,
  readCache,
  removeFrom,
  writeCache,
} from "./notification-cache.ts";

/** New notifications arrive without a reload: a sync this often while the tab is visible. */
export const POLL_INTERVAL_MS = 30_000;
/** Focus and visibility often fire together; a sync this recent is enough. */
const MIN_GAP_MS = 3_000;
/**
 * Each incremental sync starts this much before the last answer's timestamp: a worker stamps a
 * notification just before writing it, so one written while a sync ran could otherwise fall
 * between two syncs. Merging by id makes the overlap harmless.
 */
const OVERLAP_MS = 10_000;
const PAGE_SIZE = CACHE_LIMIT;
/** An incremental sync longer than this many pages is replaced by a full one. */
const MAX_INCREMENTAL_PAGES = 5;

export interface NotificationsState {
  /** What the panel shows: the cache, from storage at first, then from each sync. */
  cache?: NotificationCache;
  /** A sync is running. */
  isSyncing: boolean;
  /** The last sync failed: the panel shows the cache and says so (spec section 8). */
  syncFailed: boolean;
  /** At least one sync was tried on this page (before it, an empty cache is not "no news"). */
  hasTried: boolean;
}

export const notificationsAtom = atom<NotificationsState>({
  isSyncing: false,
  syncFailed: false,
  hasTried: false,
});

const store = () => getDefaultStore();
const state = () => store().get(notificationsAtom);
const update = (change: Partial<NotificationsState>) =>
  store().set(notificationsAtom, (current) => ({ ...current, ...change }));

let userId: string | undefined;
/** The first sync's timestamp on this page, minus the overlap: what came after is news. */
let newsSince: string | undefined;
let running: Promise<void> | undefined;
let lastAttemptAt = 0;
let onArrived: ((arrived: UserNotification[]) => void) | undefined;
let onFailed: (() => void) | undefined;

/** The signed-in user's id: the access token's subject (the cache is kept per user). */
export function currentUserId(): string | undefined {
  const token = readStoredUser()?.accessToken;
  const payload = token?.split(".")[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    const sub: unknown = JSON.parse(json).sub;
    return typeof sub === "string" && sub !== "" ? sub : undefined;
  } catch {
    return undefined;
  }
}

function saveCache(cache: NotificationCache) {
  update({ cache });
  if (userId) writeCache(userId, cache);
}

async function readChanges(cache: NotificationCache | undefined): Promise<NotificationSync[]> {
  if (cache) {
    const lastSyncTimestamp = new Date(Date.parse(cache.syncTimestamp) - OVERLAP_MS)
      .toISOString();
    const pages: NotificationSync[] = [];
    for (let pageNumber = 1; pageNumber <= MAX_INCREMENTAL_PAGES; pageNumber++) {
      const page = await syncNotifications({
        lastSyncTimestamp,
        pageNumber,
        pageSize: PAGE_SIZE,
        includeDeleted: true,
      });
      pages.push(page);
      if (!page.hasNextPage) return pages;
    }
  }
  // No cache (or too much changed): the newest page of every notification.
  return [await syncNotifications({ pageNumber: 1, pageSize: PAGE_SIZE })];
}

/** Syncs now (unless a sync is running, which is then awaited). */
export function syncNotificationsNow(): Promise<void> {
  if (running) return running;
  lastAttemptAt = Date.now();
  update({ isSyncing: true });
  running = (async () => {
    const before = state().cache;
    try {
      const pages = await readChanges(before);
      const first = pages[0];
      const isFirst = newsSince === undefined;
      if (isFirst) {
        newsSince = new Date(Date.parse(first.syncTimestamp) - OVERLAP_MS).toISOString();
      }
      saveCache(applySync(before, pages));
      update({ syncFailed: false, hasTried: true });
      if (!isFirst) {
        const arrived = arrivedSince(before, pages, newsSince!);
        if (arrived.length > 0) onArrived?.(arrived);
      }
    } catch {
      const wasFailing = state().syncFailed;
      update({ syncFailed: true, hasTried: true });
      if (!wasFailing) onFailed?.();
    } finally {
      update({ isSyncing: false });
      running = undefined;
    }
  })();
  return running;
}

function syncIfDue() {
  if (document.visibilityState !== "visible") return;
  if (running || Date.now() - lastAttemptAt < MIN_GAP_MS) return;
  void syncNotificationsNow();
}

interface SyncOptions {
  /** Notifications created after this page loaded, unread: each is announced. */
  onArrived: (arrived: UserNotification[]) => void;
  /** The first failure of a streak (the cache stays shown). */
  onFailed: () => void;
}

/**
 * Starts keeping the notifications of the signed-in user in step: the cache at once, a sync now,
 * then every 30 s while the tab is visible, and whenever it becomes visible or gets focus.
 * Returns the way to stop.
 */
export function startNotificationSync(options: SyncOptions): () => void {
  const id = currentUserId();
  if (id !== userId) {
    userId = id;
    newsSince = undefined;
    update({ cache: id ? readCache(id) : undefined, syncFailed: false, hasTried: false });
  }
  onArrived = options.onArrived;
  onFailed = options.onFailed;
  void syncNotificationsNow();
  const timer = setInterval(syncIfDue, POLL_INTERVAL_MS);
  document.addEventListener("visibilitychange", syncIfDue);
  addEventListener("focus", syncIfDue);
  return () => {
    clearInterval(timer);
    document.removeEventListener("visibilitychange", syncIfDue);
    removeEventListener("focus", syncIfDue);
    onArrived = undefined;
    onFailed = undefined;
  };
}

/**
 * Opens a notification: GET /UserNotifications/{id} marks it read. The cache says read at once;
 * a failure puts it back and rejects.
 */
export async function markNotificationRead(notification: UserNotification): Promise<void> {
  if (notification.sentToAppAt !== null) return;
  const cache = state().cache;
  if (cache) {
    // One from the "view all" page may be older than the cache holds: the count still falls.
    const cached = cache.notifications.some((n) => n.id === notification.id);
    saveCache(
      cached
        ? markReadIn(cache, notification.id, new Date().toISOString())
        : { ...cache, unreadCount: Math.max(0, cache.unreadCount - 1) },
    );
  }
  try {
    const read = await readNotification(notification.id);
    const current = state().cache;
    if (current) {
      saveCache({
        ...current,
        notifications: current.notifications.map((n) => n.id === read.id ? read : n),
      });
    }
  } catch (error) {
    const current = state().cache;
    if (current) {
      saveCache({
        ...current,
        notifications: current.notifications.map((n) =>
          n.id === notification.id ? { ...n, sentToAppAt: null } : n
        ),
        unreadCount: current.unreadCount + 1,
      });
    }
    throw error;
  }
}

/** POST /UserNotifications/markAllRead; the cache follows once the server agreed. */
export async function markAllRead(): Promise<void> {
  await markAllNotificationsRead();
  const cache = state().cache;
  if (cache) saveCache(markAllReadIn(cache, new Date().toISOString()));
}

/** DELETE /UserNotifications/{id}; the cache drops it once the server agreed. */
export async function removeNotification(notification: UserNotification): Promise<void> {
  await deleteNotification(notification.id);
  const cache = state().cache;
  if (cache) saveCache(removeFrom(cache, notification.id, notification.sentToAppAt === null));
}
