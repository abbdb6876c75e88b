import { useEffect, useRef, useState } from "react";
import type { UnitCalendar } from "@shared/schemas/calendar.ts";
import { requestCalendarSync } from "../../lib/api/calendars.ts";
import { readAllUnitCalendars } from "./use-unit-calendars.ts";

/** How often the page asks whether the worker has fetched the feeds, and for how long. */
export const SYNC_POLL_INTERVAL_MS = 2_000;
export const SYNC_POLL_LIMIT_MS = 30_000;

/** What one "sync now" brought, over the feeds it fetched (spec section 4). */
export interface SyncOutcome {
  added: number;
  updated: number;
  removed: number;
  /** Stays the feeds offered on nights already taken (not added). */
  conflicts: number;
  /**
   * Stays whose arrival the platform moved but whose guests are registered with eVisitor: kept on
   * their dates until the host moves them (not double bookings; counted apart).
   */
  moved: MovedStay[];
  /** Feeds that could not be fetched or read this time. */
  failed: number;
}

/** A stay a platform moved that waits for the host, and where it is found. */
export interface MovedStay {
  code: string;
  propertyId: string;
  unitCode: string;
}

/** `unitCode` is the unit synced; without it, every unit was. */
export type SyncState =
  | { status: "idle" }
  | { status: "syncing"; unitCode?: string }
  | { status: "done"; unitCode?: string; outcome: SyncOutcome }
  | { status: "nothingToSync"; unitCode?: string }
  | { status: "slow"; unitCode?: string }
  | { status: "failed"; unitCode?: string; error: unknown };

export type Snapshot = Map<string, string | null>;

const inScope = (units: UnitCalendar[], unitCode?: string) =>
  units.filter((unit) => !unitCode || unit.accommodationUnitCode === unitCode);

/** Each feed's last fetch time as it was when "sync now" was pressed. */
function snapshotOf(units: UnitCalendar[]): Snapshot {
  return new Map(units.flatMap((unit) => unit.feeds.map((feed) => [feed.id, feed.lastFetchAt])));
}

/**
 * The outcome once every feed of the snapshot was fetched again (its last fetch time changed:
 * the server's clock, never compared with this browser's), else undefined. A fetch that found
 * the calendar unchanged (304) records no run, so it adds nothing to the counts.
 */
export function outcomeOf(units: UnitCalendar[], before: Snapshot): SyncOutcome | undefined {
  const feeds = units.flatMap((unit) => unit.feeds.map((feed) => ({ unit, feed })))
    .filter(({ feed }) => before.has(feed.id));
  if (
    feeds.some(({ feed }) => feed.lastFetchAt === null || feed.lastFetchAt === before.get(feed.id))
  ) {
    return undefined;
  }
  const outcome: SyncOutcome = {
    added: 0,
    updated: 0,
    removed: 0,
    conflicts: 0,
    moved: [],
    failed: 0,
  };
  for (const { unit, feed } of feeds) {
    if (feed.lastError !== null) outcome.failed++;
    const run = feed.lastRun;
    if (!run || run.finishedAt !== feed.lastFetchAt || run.error !== null) continue;
    outcome.added += run.added;
    outcome.updated += run.updated;
    outcome.removed += run.removed;
    for (const conflict of run.conflicts) {
      if (!conflict.registered) outcome.conflicts++;
      else if (conflict.withCode && !outcome.moved.some((m) => m.code === conflict.withCode)) {
        outcome.moved.push({
          code: conflict.withCode,
          propertyId: unit.propertyId,
          unitCode: unit.accommodationUnitCode,
        });
      }
    }
  }
  return outcome;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}

interface CalendarSyncOptions {
  /** The units as shown now (the snapshot is taken from them). */
  units: UnitCalendar[] | undefined;
  /** Fresh units from each poll, to show the feeds' health as it changes. */
  onUnits: (units: UnitCalendar[]) => void;
  /** The sync finished: the calendar should read its stays again. */
  onFinished: () => void;
}

/**
 * "Sync now" for one unit or all: asks the API, then reads the feeds every 2 s for up to 30 s
 * until each was fetched again, and reports what changed. Leaving the page stops the polling.
 */
export function useCalendarSync({ units, onUnits, onFinished }: CalendarSyncOptions) {
  const [state, setState] = useState<SyncState>({ status: "idle" });
  const running = useRef<AbortController>(undefined);

  useEffect(() => () => running.current?.abort(), []);

  async function start(unitCode?: string) {
    if (!units || state.status === "syncing") return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const { signal } = controller;
    const before = snapshotOf(inScope(units, unitCode));
    setState({ status: "syncing", unitCode });
    try {
      const accepted = await requestCalendarSync(unitCode);
      if (accepted.units === 0 || before.size === 0) {
        setState({ status: "nothingToSync", unitCode });
        return;
      }
      const giveUpAt = Date.now() + SYNC_POLL_LIMIT_MS;
      while (Date.now() < giveUpAt) {
        await pause(SYNC_POLL_INTERVAL_MS, signal);
        let fresh: UnitCalendar[];
        try {
          fresh = await readAllUnitCalendars(signal);
        } catch {
          if (signal.aborted) return;
          continue; // one failed read is no verdict on the sync: ask again at the next tick
        }
        onUnits(fresh);
        const outcome = outcomeOf(inScope(fresh, unitCode), before);
        if (outcome) {
          setState({ status: "done", unitCode, outcome });
          onFinished();
          return;
        }
      }
      setState({ status: "slow", unitCode });
      onFinished();
    } catch (error) {
      if (signal.aborted) return;
      setState({ status: "failed", unitCode, error });
    }
  }

  return { state, start, dismiss: () => setState({ status: "idle" }) };
}
