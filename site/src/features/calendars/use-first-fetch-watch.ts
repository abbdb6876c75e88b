import { useEffect, useRef } from "react";
import type { UnitCalendar } from "@shared/schemas/calendar.ts";
import { readAllUnitCalendars } from "./use-unit-calendars.ts";

const WATCH_INTERVAL_MS = 3_000;
const WATCH_LIMIT = 10;

const hasUnfetchedFeed = (units: UnitCalendar[]) =>
  units.some((unit) => unit.feeds.some((feed) => feed.lastFetchAt === null));

interface FirstFetchWatchOptions {
  units: UnitCalendar[] | undefined;
  /** While "sync now" polls, this watch waits. */
  paused: boolean;
  onUnits: (units: UnitCalendar[]) => void;
  /** A feed was fetched for the first time: its stays are new. */
  onFetched: () => void;
}

/**
 * A link added a moment ago is fetched by the worker within seconds: while a feed has never been
 * fetched, the units are read again every 3 s (ten times at most), so its first stays and health
 * appear without a reload. Leaving the page stops it.
 */
export function useFirstFetchWatch({ units, paused, onUnits, onFetched }: FirstFetchWatchOptions) {
  const rounds = useRef(0);
  useEffect(() => {
    if (!units || paused || !hasUnfetchedFeed(units) || rounds.current >= WATCH_LIMIT) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      rounds.current++;
      try {
        const fresh = await readAllUnitCalendars(controller.signal);
        onUnits(fresh);
        if (!hasUnfetchedFeed(fresh)) onFetched();
      } catch {
        // The next round, if any, asks again; the page keeps what it shows.
      }
    }, WATCH_INTERVAL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [units, paused]);
}
