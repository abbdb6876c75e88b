import { type MouseEvent, useId } from "react";
import { APP_MENU, isCurrentPath } from "../lib/navigation/app-menu.ts";
import { markNavigation } from "../lib/navigation/follow-link.ts";
import type { Translate } from "../i18n/translate.ts";
import { Icon } from "../ui/Icon.tsx";

interface SidebarNavProps {
  t: Translate;
  currentPath: string;
  /** The Administration group is only for administrators. */
  isAdministrator: boolean;
  /** Called after a menu link is followed (the drawer closes itself). */
  onNavigate?: () => void;
}

/** The app's navigation menu; marks the current page and raises the loading flag on navigation. */
export function SidebarNav({ t, currentPath, isAdministrator, onNavigate }: SidebarNavProps) {
  const idPrefix = useId();

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    markNavigation(event);
    onNavigate?.();
  }

  return (
    <nav aria-label={t("shell.sidebar")} className="flex-1 space-y-6 overflow-y-auto px-3 py-4">
      {APP_MENU.filter((group) =>
        !group.role || isAdministrator
      ).map((group, index) => {
        const headingId = group.label ? `${idPrefix}-group-${index}` : undefined;
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
