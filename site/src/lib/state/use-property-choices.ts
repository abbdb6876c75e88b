import { useEffect, useState } from "react";
import { PAGE_SIZE_MAX } from "@shared/schemas/list-query.ts";
import type { Property } from "@shared/schemas/property.ts";
import { listProperties } from "../api/properties.ts";

export type PropertiesLoad =
  | { status: "loading" }
  | { status: "loaded"; properties: Property[] }
  | { status: "failed"; error: unknown };

/**
 * Every property of the host with its units, for the property and unit selectors (read once,
 * all pages; a host has a handful).
 */
export function usePropertyChoices(): { load: PropertiesLoad; retry: () => void } {
  const [load, setLoad] = useState<PropertiesLoad>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: "loading" });
    readAll(controller.signal)
      .then((properties) => setLoad({ status: "loaded", properties }))
      .catch((error) => {
        if (!controller.signal.aborted) setLoad({ status: "failed", error });
      });
    return () => controller.abort();
  }, [attempt]);

  return { load, retry: () => setAttempt((n) => n + 1) };
}

async function readAll(signal: AbortSignal): Promise<Property[]> {
  const properties: Property[] = [];
  for (let pageNumber = 1;; pageNumber++) {
    const page = await listProperties(
      { pageNumber, pageSize: PAGE_SIZE_MAX, sortBy: "name", searchValue: "" },
      signal,
    );
    properties.push(...page.items);
    if (!page.hasNextPage) return properties;
  }
}
