import { useEffect, useState } from "react";
import type { TaxCategory } from "@shared/schemas/tax-category.ts";
import { listTaxCategories } from "../../lib/api/guests.ts";

export type TaxCategoriesLoad =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "loaded"; categories: TaxCategory[] }
  | { status: "failed"; error: unknown };

/**
 * The tourist-tax categories eVisitor offers for a stay's property, read once a stay is chosen.
 * None read yet from eVisitor loads as an empty list: the choice is then by age only.
 */
export function useTaxCategories(reservationCode: string | undefined) {
  const [load, setLoad] = useState<TaxCategoriesLoad>({ status: "idle" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!reservationCode) return;
    const controller = new AbortController();
    setLoad({ status: "loading" });
    listTaxCategories(reservationCode, controller.signal)
      .then((list) => setLoad({ status: "loaded", categories: list.categories }))
      .catch((error) => {
        if (!controller.signal.aborted) setLoad({ status: "failed", error });
      });
    return () => controller.abort();
  }, [reservationCode, attempt]);

  return { load, retry: () => setAttempt((n) => n + 1) };
}
