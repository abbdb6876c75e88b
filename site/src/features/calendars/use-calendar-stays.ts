import { useEffect, useState } from "react";
import { addDays } from "@shared/local-date.ts";
import { PAGE_SIZE_MAX } from "@shared/schemas/list-query.ts";
import type { Reservation } from "@shared/schemas/reservation.ts";
import { listStaysBetween } from "../../lib/api/calendars.ts";
import type { UnitChoice } from "../../lib/navigation/unit-choice.ts";

/** The days the calendar shows: [start, end) as local dates. */
export interface VisibleDays {
  start: string;
  end: string;
}

/** The stays of the days shown; while the next ones load, the ones shown before stay. */
export type StaysLoad =
  | { status: "loading"; previous?: Reservation[] }
  | { status: "loaded"; stays: Reservation[] }
  | { status: "failed"; error: unknown };

async function readStays(
  days: VisibleDays,
  filter: UnitChoice,
  signal: AbortSignal,
): Promise<Reservation[]> {
  const stays: Reservation[] = [];
  for (let pageNumber = 1;; pageNumber++) {
    const page = await listStaysBetween({
      pageNumber,
      pageSize: PAGE_SIZE_MAX,
      propertyId: filter.propertyId || undefined,
      accommodationUnitCode: filter.unitCode || undefined,
      startDate: days.start,
      // The API's range is inclusive: the last day shown.
      endDate: addDays(days.end, -1),
    }, signal);
    stays.push(...page.items);
    if (!page.hasNextPage) break;
  }
  // A cancelled stay frees its nights: the calendar leaves it out.
  return stays.filter((stay) => stay.status !== "Canceled");
}

/** Every stay and block on the days shown, for the chosen property and unit. */
export function useCalendarStays(
  days: VisibleDays | undefined,
  filter: UnitChoice,
  refreshKey: number,
) {
  const [load, setLoad] = useState<StaysLoad>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!days) return;
    const controller = new AbortController();
    setLoad((current) => ({ status: "loading", previous: staysOf(current) }));
    readStays(days, filter, controller.signal)
      .then((stays) => setLoad({ status: "loaded", stays }))
      .catch((error) => {
        if (!controller.signal.aborted) setLoad({ status: "failed", error });
      });
    return () => controller.abort();
  }, [days?.start, days?.end, filter.propertyId, filter.unitCode, refreshKey, attempt]);

  return { load, stays: staysOf(load), retry: () => setAttempt((n) => n + 1) };
}

function staysOf(load: StaysLoad): Reservation[] | undefined {
  return load.status === "loaded"
    ? load.stays
    : load.status === "loading"
    ? load.previous
    : undefined;
}
