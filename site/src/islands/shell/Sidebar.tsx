import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { useAtom, useAtomValue } from "jotai";
import { isDrawerOpenAtom, isSidebarOpenAtom } from "../../lib/state/sidebar.ts";
import { isMobileAtom } from "../../lib/state/viewport.ts";
import type { Locale } from "../../i18n/locales.ts";
import { translator } from "../../i18n/translate.ts";
import { Icon } from "../ui/Icon.tsx";
import { SidebarNav } from "./SidebarNav.tsx";
import { SidebarBrand } from "./SidebarBrand.tsx";

interface SidebarProps {
  lang: Locale;
  currentPath: string;
}

/**
 * The dashboard navigation: a column on wide screens (open by default, collapsed by the
 * menu button) and an off-canvas drawer on mobile (closed by default). The server renders
 * the column; CSS hides it on narrow screens until the island knows the device.
 */
export default function Sidebar({ lang, currentPath }: SidebarProps) {
  const t = translator(lang);
  const isMobile = useAtomValue(isMobileAtom);
  const isOpen = useAtomValue(isSidebarOpenAtom);
  const [isDrawerOpen, setDrawerOpen] = useAtom(isDrawerOpenAtom);

  return (
    <>
      {!isMobile && isOpen && (
        <div
          id="app-sidebar"
          className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-r border-border bg-surface desktop:flex"
        >
          <SidebarBrand t={t} />
          <SidebarNav t={t} currentPath={currentPath} />
        </div>
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
              className="grid size-10 place-items-center rounded-xl text-fg-muted hover:bg-surface-muted hover:text-fg"
            >
              <Icon name="close" className="size-5" />
              <span className="sr-only">{t("shell.close")}</span>
            </button>
          </div>
          <SidebarNav t={t} currentPath={currentPath} onNavigate={() => setDrawerOpen(false)} />
        </DialogPanel>
      </Dialog>
    </>
  );
}
