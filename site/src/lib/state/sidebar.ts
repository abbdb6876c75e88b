import { atom } from "jotai";
import { isMobileAtom } from "./viewport.ts";

/** On wide screens the sidebar is a column, open by default (spec section 1). */
export const isSidebarOpenAtom = atom(true);

/** On mobile it is an off-canvas drawer, closed by default. */
export const isDrawerOpenAtom = atom(false);

/** What the menu button shows: the state of whichever form the sidebar has right now. */
export const isNavigationShownAtom = atom((get) =>
  get(isMobileAtom) ? get(isDrawerOpenAtom) : get(isSidebarOpenAtom)
);

/** The menu button: collapses or expands the column, or opens or closes the drawer. */
export const toggleNavigationAtom = atom(null, (get, set) => {
  if (get(isMobileAtom)) set(isDrawerOpenAtom, !get(isDrawerOpenAtom));
  else set(isSidebarOpenAtom, !get(isSidebarOpenAtom));
});
