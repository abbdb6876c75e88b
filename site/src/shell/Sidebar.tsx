import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { useAtom, useAtomValue } from "jotai";
import { isDrawerOpenAtom, isSidebarOpenAtom } from "../lib/state/sidebar.ts";
import { isMobileAtom } from "../lib/state/viewport.ts";
import type { Translate } from "../i18n/translate.ts";
import { Icon } from "../ui/Icon.tsx";
import { LanguageSwitch } from "./LanguageSwitch.tsx";
import { SidebarBrand } from "./SidebarBrand.tsx";
import { SidebarNav } from "./SidebarNav.tsx";
import { ThemeSwitch } from "./ThemeSwitch.tsx";

interface SidebarProps {
  t: Translate;
  currentPath: string;
  isAdministrator: boolean;
}

/**
 * The dashboard navigation: a column on wide screens (open by default, collapsed by the menu
 * button; no mini mode) and an off-canvas drawer on mobile (closed by default), which also holds
 * the language and theme switches the narrow top bar has no room for.
 */
export function Sidebar({ t, currentPath, isAdministrator }: SidebarProps) {
  const isMobile = useAtomValue(isMobileAtom);
  const isOpen = useAtomValue(isSidebarOpenAtom);
  const [isDrawerOpen, setDrawerOpen] = useAtom(isDrawerOpenAtom);

  return (
    <>
      {!isMobile && isOpen && (
        // The column runs the page's full height; its content stays in view while the page scrolls.
        // A landmark, so the brand link above the navigation is inside one too (axe "region").
        <aside
          id="app-sidebar"
          aria-label={t("shell.menu")}
          className="hidden w-64 shrink-0 border-r border-border bg-surface desktop:block print:hidden!"
        >
          <div className="sticky top-0 flex h-dvh flex-col">
            <SidebarBrand t={t} />
            <SidebarNav t={t} currentPath={currentPath} isAdministrator={isAdministrator} />
          </div>
        </aside>
      )}

      <Dialog
        open={isMobile && isDrawerOpen}
        onClose={() => setDrawerOpen(false)}
        className="relative z-50"
      >
        <DialogBackdrop
          transition
          className="fixed inset-0 bg-black/50 backdrop-blur-[2px] transition-opacity duration-200 data-closed:opacity-0"
        />
        <DialogPanel
          id="app-drawer"
          transition
          className="fixed inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col bg-surface shadow-2xl transition-transform duration-200 ease-out data-closed:-translate-x-full"
        >
          <DialogTitle className="sr-only">{t("shell.menu")}</DialogTitle>
          <div className="flex items-center justify-between pr-3">
            <SidebarBrand t={t} />
            <button
              type="button"
              data-autofocus
              onClick={() => setDrawerOpen(false)}
              className="grid size-11 place-items-center rounded-xl text-fg-muted hover:bg-surface-muted hover:text-fg"
            >
              <Icon name="close" className="size-5" />
              <span className="sr-only">{t("shell.close")}</span>
            </button>
          </div>
          <SidebarNav
            t={t}
            currentPath={currentPath}
            isAdministrator={isAdministrator}
            onNavigate={() => setDrawerOpen(false)}
          />
          <div className="flex flex-wrap items-center gap-2 border-t border-border px-4 py-4">
            <LanguageSwitch />
            <ThemeSwitch t={t} />
          </div>
        </DialogPanel>
      </Dialog>
    </>
  );
}
