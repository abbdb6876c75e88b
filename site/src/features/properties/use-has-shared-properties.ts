import { useEffect, useState } from "react";
import { listProperties } from "../../lib/api/properties.ts";

/** Whether the caller belongs to another host's property: only then is the switch shown. */
export function useHasSharedProperties(): boolean {
  const [hasShared, setHasShared] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    listProperties(
      { pageNumber: 1, pageSize: 1, sortBy: "name", searchValue: "", scope: "Shared" },
      controller.signal,
    ).then((page) => setHasShared(page.totalCount > 0)).catch(() => {
      // Without the answer the switch stays hidden; the list shows every property anyway.
    });
    return () => controller.abort();
  }, []);
  return hasShared;
}
