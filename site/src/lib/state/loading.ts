import { atom } from "jotai";

const loadingAtom = atom(false);
// A page restored from the back/forward cache must not keep showing "Loading…".
loadingAtom.onMount = (setLoading) => {
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) setLoading(false);
  };
  addEventListener("pageshow", onPageShow);
  return () => removeEventListener("pageshow", onPageShow);
};

/** Spec section 2: a loading flag set while navigating to another page. */
export const isLoadingAtom = atom(
  (get) => get(loadingAtom),
  (_get, set, isLoading: boolean) => set(loadingAtom, isLoading),
);
