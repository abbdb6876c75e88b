import { useEffect, useState } from "react";
import { listReservations } from "../../lib/api/reservations.ts";
import { PAGE_SIZE_MAX } from "@shared/schemas/list-query.ts";
import { monthStartOf } from "../../lib/format/stay-dates.ts";
import { nightsOf, type TakenNights } from "./stay-nights.ts";

/** What is known of one unit: the months read so far and the taken nights in them. */
interface Known {
  unitCode: string;
  months: ReadonlySet<string>;
  nights: TakenNights;
}

export interface TakenNightsState {
  taken: TakenNights;
  isLoading: boolean;
  /** Why the last read failed, if it did. */
  error: unknown;
  /** Reads the months shown again, e.g. after the server said a night was taken meanwhile. */
  reload: () => void;
}

const NONE: TakenNights = new Set();

/**
 * The taken nights of a unit in the months a date picker shows (`months`: first days), blocks
 * included, cancelled stays and the stay being edited (`exceptCode`) left out. Months are read
 * once each as the picker moves; changing the unit starts over.
 */
export function useTakenNights(
  unitCode: string | undefined,
  exceptCode: string | undefined,
  months: readonly string[],
): TakenNightsState {
  const [known, setKnown] = useState<Known>();
  const [isLoading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>();
  const [attempt, setAttempt] = useState(0);
  const current = known?.unitCode === unitCode ? known : undefined;
  const missing = unitCode ? months.filter((month) => !current?.months.has(month)) : [];
  const missingKey = missing.join(",");

  useEffect(() => {
    if (!unitCode || missing.length === 0) return;
    const controller = new AbortController();
    const from = missing[0];
    const to = monthStartOf(missing[missing.length - 1], 1);
    setLoading(true);
    setError(undefined);
    readNights(unitCode, exceptCode, from, to, controller.signal)
      .then((nights) => {
        setKnown((previous) => {
          const base = previous?.unitCode === unitCode ? previous : undefined;
          return {
            unitCode,
            months: new Set([...(base?.months ?? []), ...missing]),
            nights: new Set([...(base?.nights ?? []), ...nights]),
          };
        });
        setLoading(false);
      })
      .catch((failure) => {
        if (controller.signal.aborted) return;
        setError(failure);
        setLoading(false);
      });
    return () => controller.abort();
  }, [unitCode, exceptCode, missingKey, attempt]);

  return {
    taken: current?.nights ?? NONE,
    isLoading: isLoading || missing.length > 0 && error === undefined,
    error,
    reload() {
      setKnown(undefined);
      setAttempt((n) => n + 1);
    },
  };
}

/** Every taken night of the unit in [from, to), across as many pages as there are. */
async function readNights(
  unitCode: string,
  exceptCode: string | undefined,
  from: string,
  to: string,
  signal: AbortSignal,
): Promise<string[]> {
  const nights: string[] = [];
  for (let pageNumber = 1;; pageNumber++) {
    const page = await listReservations({
      pageNumber,
      pageSize: PAGE_SIZE_MAX,
      accommodationUnitCode: unitCode,
      startDate: from,
      endDate: to,
      includeBlocks: true,
    }, signal);
    for (const stay of page.items) {
      if (stay.status === "Canceled" || stay.code === exceptCode) continue;
      nights.push(
        ...nightsOf(
          stay.startDate < from ? from : stay.startDate,
          stay.endDate > to ? to : stay.endDate,
        ),
      );
    }
    if (!page.hasNextPage) return nights;
  }
}
