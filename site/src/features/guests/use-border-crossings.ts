import { useEffect, useState } from "react";
import { type BorderCrossing, listBorderCrossings } from "../../lib/api/guests.ts";

export type CrossingsLoad =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "loaded"; crossings: BorderCrossing[] }
  | { status: "failed"; error: unknown };

/** eVisitor's border crossings for a stay, read once a guest from outside the EU needs them. */
export function useBorderCrossings(reservationCode: string | undefined, needed: boolean) {
  const [load, setLoad] = useState<CrossingsLoad>({ status: "idle" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!reservationCode || !needed) return;
    const controller = new AbortController();
    setLoad({ status: "loading" });
    listBorderCrossings(reservationCode, controller.signal)
      .then((crossings) => setLoad({ status: "loaded", crossings }))
      .catch((error) => {
        if (!controller.signal.aborted) setLoad({ status: "failed", error });
      });
    return () => controller.abort();
  }, [reservationCode, needed, attempt]);

  return { load, retry: () => setAttempt((n) => n + 1) };
}
