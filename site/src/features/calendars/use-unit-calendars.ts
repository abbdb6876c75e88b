import { useCallback, useEffect, useState } from "react";
import { PAGE_SIZE_MAX } from "@shared/schemas/list-query.ts";
import type { UnitCalendar } from "@shared/schemas/calendar.ts";
import { listCalendars } from "../../lib/api/calendars.ts";

export type UnitCalendarsLoad =
  | { status: "loading" }
  | { status: "loaded"; units: UnitCalendar[] }
  | { status: "failed"; error: unknown };

/** Every unit of the host with its feeds, all pages (a host has a handful of units). */
export async function readAllUnitCalendars(signal?: AbortSignal): Promise<UnitCalendar[]> {
  const units: UnitCalendar[] = [];
  for (let pageNumber = 1;; pageNumber++) {
    const page = await listCalendars({ pageNumber, pageSize: PAGE_SIZE_MAX }, signal);
    units.push(...page.items);
    if (!page.hasNextPage) return units;
  }
}

/**
 * The host's units with their calendar feeds: read once, again on `retry` (showing the loading
 * state), or quietly with `replace` when a sync brings fresh health figures.
 */
export function useUnitCalendars() {
  const [load, setLoad] = useState<UnitCalendarsLoad>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: "loading" });
    readAllUnitCalendars(controller.signal)
      .then((units) => setLoad({ status: "loaded", units }))
      .catch((error) => {
        if (!controller.signal.aborted) setLoad({ status: "failed", error });
      });
    return () => controller.abort();
  }, [attempt]);

  const replace = useCallback(
    (units: UnitCalendar[]) => setLoad({ status: "loaded", units }),
    [],
  );
  const update = useCallback((change: (units: UnitCalendar[]) => UnitCalendar[]) => {
    setLoad((current) =>
      current.status === "loaded" ? { status: "loaded", units: change(current.units) } : current
    );
  }, []);

  return { load, retry: () => setAttempt((n) => n + 1), replace, update };
}
