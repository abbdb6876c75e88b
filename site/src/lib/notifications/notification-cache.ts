import type { NotificationSync, UserNotification } from "@shared/schemas/notification.ts";

/**
 * The notifications panel's local copy (spec section 3, notification sync): what the last sync
 * left, kept in localStorage per user so the bell shows at once on every page and still shows
 * something when a sync fails. Pure functions; the store (notification-store.ts) does the I/O.
 */
export interface NotificationCache {
  /** The server's `syncTimestamp` of the last successful sync; the next one starts there. */
  syncTimestamp: string;
  /** Newest first, never deleted ones. */
  notifications: UserNotification[];
  /** Unread and not deleted, over all of them (the server counts; the cache may hold fewer). */
  unreadCount: number;
}

/** The newest this many are kept; older ones are on the "view all" page. */
export const CACHE_LIMIT = 100;
const STORAGE_PREFIX = "notifications:";

export function cacheKeyOf(userId: string): string {
  return `${STORAGE_PREFIX}${userId}`;
}

/**
 * Forgets every user's cached notifications (they name guests): at sign-out and sign-in, so a
 * shared computer keeps nothing of the last host.
 */
export function clearNotificationCaches(): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of keys) if (key?.startsWith(STORAGE_PREFIX)) localStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing was cached either.
  }
}

export function readCache(userId: string): NotificationCache | undefined {
  try {
    const text = localStorage.getItem(cacheKeyOf(userId));
    if (!text) return undefined;
    const value: unknown = JSON.parse(text);
    return isCache(value) ? value : undefined;
  } catch {
    // Blocked storage or a damaged entry: the next sync is a full one.
    return undefined;
  }
}

export function writeCache(userId: string, cache: NotificationCache): void {
  try {
    localStorage.setItem(cacheKeyOf(userId), JSON.stringify(cache));
  } catch {
    // Storage full or blocked: the panel still works for this page.
  }
}

const newestFirst = (a: UserNotification, b: UserNotification) =>
  b.created.localeCompare(a.created) || b.id.localeCompare(a.id);

/**
 * The cache after the pages of one sync: a full sync replaces it, an incremental one adds new
 * notifications, replaces changed ones (read, say) and drops deleted ones.
 */
export function applySync(
  cache: NotificationCache | undefined,
  pages: NotificationSync[],
): NotificationCache {
  const last = pages[pages.length - 1];
  const byId = new Map<string, UserNotification>();
  if (cache && !pages[0].isFullSync) {
    for (const notification of cache.notifications) byId.set(notification.id, notification);
  }
  for (const page of pages) {
    for (const notification of page.notifications) {
      if (notification.deleted) byId.delete(notification.id);
      else byId.set(notification.id, notification);
    }
  }
  return {
    syncTimestamp: last.syncTimestamp,
    notifications: [...byId.values()].sort(newestFirst).slice(0, CACHE_LIMIT),
    unreadCount: last.unreadCount,
  };
}

/** A notification marked read here (before or after the server said so). */
export function markReadIn(
  cache: NotificationCache,
  id: string,
  readAt: string,
): NotificationCache {
  const target = cache.notifications.find((n) => n.id === id);
  if (!target || target.sentToAppAt !== null) return cache;
  return {
    ...cache,
    notifications: cache.notifications.map((n) => n.id === id ? { ...n, sentToAppAt: readAt } : n),
    unreadCount: Math.max(0, cache.unreadCount - 1),
  };
}

export function markAllReadIn(cache: NotificationCache, readAt: string): NotificationCache {
  return {
    ...cache,
    notifications: cache.notifications.map((n) =>
      n.sentToAppAt ? n : { ...n, sentToAppAt: readAt }
    ),
    unreadCount: 0,
  };
}

/** A notification deleted here; `wasUnread` says whether the unread count falls. */
export function removeFrom(
  cache: NotificationCache,
  id: string,
  wasUnread: boolean,
): NotificationCache {
  return {
    ...cache,
    notifications: cache.notifications.filter((n) => n.id !== id),
    unreadCount: wasUnread ? Math.max(0, cache.unreadCount - 1) : cache.unreadCount,
  };
}

/**
 * The ones a sync brought that nobody has seen on this page yet: not in the cache before, not
 * read, and created after `since` (the page's first sync), so opening another page does not
 * announce old news again.
 */
export function arrivedSince(
  before: NotificationCache | undefined,
  pages: NotificationSync[],
  since: string,
): UserNotification[] {
  const known = new Set(before?.notifications.map((n) => n.id));
  const seen = new Set<string>();
  return pages.flatMap((page) => page.notifications).filter((n) => {
    if (seen.has(n.id)) return false;
    seen.add(n.id);
    return !n.deleted && n.sentToAppAt === null && !known.has(n.id) &&
      Date.parse(n.created) >= Date.parse(since);
  });
}

function isCache(value: unknown): value is NotificationCache {
  if (typeof value !== "object" || value === null) return false;
  const cache = value as Record<string, unknown>;
  return typeof cache.syncTimestamp === "string" && Array.isArray(cache.notifications) &&
    typeof cache.unreadCount === "number" &&
    cache.notifications.every((n) =>
      typeof n === "object" && n !== null && typeof n.id === "string" &&
      typeof n.template === "string" && typeof n.created === "string"
    );
}
