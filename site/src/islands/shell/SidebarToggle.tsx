import { useEffect, useState } from "react";
import { useAtomValue, useSetAtom } from "jotai";
import { isNavigationShownAtom, toggleNavigationAtom } from "../../lib/state/sidebar.ts";
import { isMobileAtom } from "../../lib/state/viewport.ts";
import type { Locale } from "../../i18n/locales.ts";
import { translator } from "../../i18n/translate.ts";
import { Icon } from "../ui/Icon.tsx";

/** The top bar's menu button; shares its state with the Sidebar island through jotai atoms. */
export default function SidebarToggle({ lang }: { lang: Locale }) {
  const t = translator(lang);
  const isShown = useAtomValue(isNavigationShownAtom);
  const isMobile = useAtomValue(isMobileAtom);
  const toggle = useSetAtom(toggleNavigationAtom);
  // The server cannot know whether this is a phone, so the state is only claimed once mounted.
  const [isMounted, setIsMounted] = useState(false);
  useEffect(() => setIsMounted(true), []);

  return (
    <button
      type="button"
      onClick={toggle}
      aria-expanded={isMounted ? isShown : undefined}
      aria-controls={isMounted && !isMobile && isShown ? "app-sidebar" : undefined}
      className="grid size-10 shrink-0 place-items-center rounded-xl text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg"
    >
      <Icon name="menu" className="size-6" />
      <span className="sr-only">{t("shell.menu")}</span>
    </button>
  );
}
