import { useAtomValue, useSetAtom } from "jotai";
import { isNavigationShownAtom, toggleNavigationAtom } from "../lib/state/sidebar.ts";
import { isMobileAtom } from "../lib/state/viewport.ts";
import type { Translate } from "../i18n/translate.ts";
import { Icon } from "../ui/Icon.tsx";

/** The top bar's menu button: collapses the sidebar column, or opens the drawer on mobile. */
export function SidebarToggle({ t }: { t: Translate }) {
  const isShown = useAtomValue(isNavigationShownAtom);
  const isMobile = useAtomValue(isMobileAtom);
  const toggle = useSetAtom(toggleNavigationAtom);

  return (
    <button
      type="button"
      onClick={toggle}
      aria-expanded={isShown}
      aria-controls={!isMobile && isShown ? "app-sidebar" : undefined}
      className="grid size-11 shrink-0 place-items-center rounded-xl text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg"
    >
      <Icon name="menu" className="size-6" />
      <span className="sr-only">{t("shell.menu")}</span>
    </button>
  );
}
