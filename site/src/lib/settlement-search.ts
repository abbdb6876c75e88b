import { useEffect, useState } from "react";
import type { Settlement, SettlementSearch } from "@shared/schemas/settlement.ts";
import { SETTLEMENT_QUERY_MIN } from "@shared/settlements.ts";

export type { Settlement };
/** One search of eVisitor's Croatian settlements (the check-in page's or the host's route). */
export type SearchSettlements = (query: string, signal: AbortSignal) => Promise<SettlementSearch>;

export type SettlementSearchState =
  /** Too little typed to search. */
  | { status: "idle" }
  /** A search is under way; the last answer's places stay listed meanwhile. */
  | { status: "searching"; items: Settlement[] }
  | { status: "done"; items: Settlement[] }
  | { status: "failed" }
  /** The stay's eVisitor account has no list yet: the place is typed as free text. */
  | { status: "unavailable" };

/** Searches whose server said it has no list: every field using one types its city at once. */
const withoutList = new WeakSet<SearchSettlements>();

/** Waits this long after the last key before searching, so a word typed is one request. */
const DEBOUNCE_MS = 250;

/**
 * Searches the settlements as `query` changes (debounced, the previous request cancelled). The
 * list is searched on the server: it has thousands of places and never reaches the page whole.
 * Once the server says there is no list, that holds for the field's life and for every field
 * searching with the same function (the other guests' cities on the page).
 */
export function useSettlementSearch(
  query: string,
  search: SearchSettlements,
): SettlementSearchState {
  const [state, setState] = useState<SettlementSearchState>(() =>
    withoutList.has(search) ? { status: "unavailable" } : { status: "idle" }
  );
  const wanted = query.trim();
  const unavailable = state.status === "unavailable";
  useEffect(() => {
    if (unavailable) return;
    if (wanted.length < SETTLEMENT_QUERY_MIN) {
      setState({ status: "idle" });
      return;
    }
    setState((s) => ({ status: "searching", items: "items" in s ? s.items : [] }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      search(wanted, controller.signal).then(
        (found) => {
          if (!found.available) withoutList.add(search);
          setState(
            found.available
              ? { status: "done", items: found.settlements }
              : { status: "unavailable" },
          );
        },
        () => !controller.signal.aborted && setState({ status: "failed" }),
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [wanted, unavailable, search]);
  return state;
}
