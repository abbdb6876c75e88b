import type { MouseEvent } from "react";
import { useSetAtom } from "jotai";
import { APP_MENU, isCurrentPath } from "../../lib/navigation/app-menu.ts";
import { isLoadingAtom } from "../../lib/state/loading.ts";
import type { Translate } from "../../i18n/translate.ts";
import { Icon } from "../ui/Icon.tsx";

interface SidebarNavProps {
  t: Translate;
  currentPath: string;
  /** Called after a menu link is followed (the drawer closes itself). */
  onNavigate?: () => void;
}

/** The app's navigation menu; marks the current page and raises the loading flag on navigation. */
export function SidebarNav({ t, currentPath, onNavigate }: SidebarNavProps) {
  const setLoading = useSetAtom(isLoadingAtom);

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    const opensElsewhere = event.button !== 0 || event.metaKey || event.ctrlKey ||
      event.shiftKey || event.altKey;
    if (opensElsewhere) return;
    setLoading(true);
    onNavigate?.();
  }

  return (
    <nav aria-label={t("shell.sidebar")} className="flex-1 space-y-6 overflow-y-auto px-3 py-4">
      {APP_MENU.map((group, index) => {
        const headingId = group.label ? `menu-group-${index}` : undefined;
        return (
          <div key={group.label ?? index}>
            {group.label && (
              <h2
                id={headingId}
                className="px-3 pb-2 text-xs font-semibold tracking-wider text-fg-muted uppercase"
              >
                {t(group.label)}
              </h2>
            )}
            <ul aria-labelledby={headingId} className="space-y-0.5">
              {group.items.map((item) => {
                const isCurrent = isCurrentPath(item.href, currentPath);
                return (
                  <li key={item.href}>
                    <a
                      href={item.href}
                      onClick={handleClick}
                      aria-current={isCurrent ? "page" : undefined}
                      className="group flex items-center gap-3 rounded-xl px-3 py-2.5 text-[0.9375rem] font-medium text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg aria-[current=page]:bg-primary-soft aria-[current=page]:font-semibold aria-[current=page]:text-primary-soft-fg"
                    >
                      <Icon
                        name={item.icon}
                        className="size-5 shrink-0 text-fg-muted group-hover:text-fg group-aria-[current=page]:text-primary-soft-fg"
                      />
                      {t(item.label)}
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
