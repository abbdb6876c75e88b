import { useEffect, useState } from "react";

/** Where a read stands: on its way, here, or failed (with what it threw). */
export type Load<T> =
  | { status: "loading" }
  | { status: "loaded"; data: T }
  | { status: "failed"; error: unknown };

/**
 * Reads something once (and again when `deps` change or `retry` is called), cancelling a read
 * that is no longer wanted.
 */
export function useLoad<T>(
  read: (signal: AbortSignal) => Promise<T>,
  deps: unknown[] = [],
): { load: Load<T>; retry: () => void } {
  const [load, setLoad] = useState<Load<T>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: "loading" });
    read(controller.signal)
      .then((data) => setLoad({ status: "loaded", data }))
      .catch((error) => {
        if (!controller.signal.aborted) setLoad({ status: "failed", error });
      });
    return () => controller.abort();
  }, [attempt, ...deps]);
  return { load, retry: () => setAttempt((n) => n + 1) };
}
