import type { CalendarFeed } from "@shared/schemas/calendar.ts";

/** How a feed is doing, for its chip: never fetched yet, fine, or failing since a moment. */
export type FeedHealth =
  | { state: "pending" }
  | { state: "ok" }
  | { state: "failing"; since: string };

export function feedHealthOf(feed: CalendarFeed): FeedHealth {
  if (feed.lastError !== null) {
    return { state: "failing", since: feed.failingSince ?? feed.lastFetchAt ?? "" };
  }
  return feed.lastFetchAt === null ? { state: "pending" } : { state: "ok" };
}

/** The feed's name for the host: the platform, or the address's host name. */
export function feedNameOf(feed: CalendarFeed): string {
  if (feed.platform) return feed.platform;
  try {
    return new URL(feed.url.replace(/^webcals?:/i, "https:")).host;
  } catch {
    return feed.url;
  }
}
