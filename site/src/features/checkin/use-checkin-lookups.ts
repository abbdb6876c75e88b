import { useCallback, useEffect, useState } from "react";
import type { CheckinLanguage } from "../../i18n/checkin/languages.ts";
import type { SearchSettlements } from "../../lib/settlement-search.ts";
import { getBorderCrossings, searchSettlements } from "./checkin-api.ts";
import { type Country, loadCountries } from "./countries.ts";
import type { BorderCrossings } from "./GuestCard.tsx";

/** Country names in the page's language, fetched once `wanted` (the guest reaches the form). */
export function useCountries(lang: CheckinLanguage, wanted: boolean): Country[] | undefined {
  const [countries, setCountries] = useState<{ lang: CheckinLanguage; list: Country[] }>();
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    loadCountries(lang).then((list) => live && setCountries({ lang, list })).catch(() => {});
    return () => {
      live = false;
    };
  }, [lang, wanted]);
  return countries?.lang === lang ? countries.list : undefined;
}

/** The stay's border crossings, fetched once `wanted` (a guest lives outside the EU). */
export function useBorderCrossings(code: string, wanted: boolean): BorderCrossings {
  const [crossings, setCrossings] = useState<BorderCrossings>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted || crossings.state === "loaded") return;
    let live = true;
    setCrossings({ state: "loading" });
    getBorderCrossings(code).then(
      (list) => live && setCrossings({ state: "loaded", list }),
      () => live && setCrossings({ state: "failed", retry: () => setAttempt((n) => n + 1) }),
    );
    return () => {
      live = false;
    };
  }, [wanted, attempt, code]);
  return crossings;
}

/** Searches the settlements of the stay's eVisitor account (one function per stay). */
export function useSettlementSearcher(code: string): SearchSettlements {
  return useCallback((query, signal) => searchSettlements(code, query, signal), [code]);
}
