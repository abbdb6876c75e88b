import { useEffect, useState } from "react";
import { PAGE_SIZE_MAX } from "@shared/schemas/list-query.ts";
import type { Reservation } from "@shared/schemas/reservation.ts";
import { listReservations } from "../../lib/api/reservations.ts";

export type StaysLoad =
  | { status: "loading" }
  | { status: "loaded"; stays: Reservation[] }
  | { status: "failed"; error: unknown };

/**
 * The stays of a property a guest can be added to: under way or ahead (soonest first), not
 * cancelled; blocks are left out by the API.
 */
export function useStayChoices(propertyId: string | undefined) {
  const [load, setLoad] = useState<StaysLoad>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!propertyId) return;
    const controller = new AbortController();
    setLoad({ status: "loading" });
    listReservations({
      pageNumber: 1,
      pageSize: PAGE_SIZE_MAX,
      sortBy: "startDate",
      propertyId,
      statuses: ["Active", "CheckedIn", "Pending"],
    }, controller.signal)
      .then((page) =>
        setLoad({ status: "loaded", stays: page.items.filter((stay) => stay.kind !== "Block") })
      )
      .catch((error) => {
        if (!controller.signal.aborted) setLoad({ status: "failed", error });
      });
    return () => controller.abort();
  }, [propertyId, attempt]);

  return { load, retry: () => setAttempt((n) => n + 1) };
}
