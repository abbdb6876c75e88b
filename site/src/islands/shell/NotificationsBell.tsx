import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { comingSoonPath } from "../../lib/navigation/profile-menu.ts";
import type { Translate } from "../../i18n/translate.ts";
import { Icon } from "../ui/Icon.tsx";

/**
 * The notifications bell and panel (spec section 2). Notifications arrive in a later issue, so the
 * panel shows its honest empty state; "mark all read" has nothing to mark yet.
 */
export function NotificationsBell({ t }: { t: Translate }) {
  return (
    <Popover>
      <PopoverButton
        aria-label={t("notifications.button")}
        className="grid size-10 place-items-center rounded-xl text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg data-open:bg-surface-muted data-open:text-fg"
      >
        <Icon name="bell" className="size-[1.375rem]" />
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: "bottom end", gap: 8 }}
        transition
        aria-label={t("notifications.title")}
        className="z-40 w-80 max-w-[calc(100vw-1.5rem)] origin-top-right rounded-2xl border border-border bg-surface shadow-xl transition duration-100 ease-out data-closed:scale-95 data-closed:opacity-0"
      >
        <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-3">
          <h2 className="font-semibold">{t("notifications.title")}</h2>
          <button
            type="button"
            disabled
            className="rounded-lg px-2 py-1 text-sm font-semibold text-primary hover:bg-primary-soft disabled:cursor-not-allowed disabled:text-fg-muted disabled:hover:bg-transparent"
          >
            {t("notifications.markAllRead")}
          </button>
        </div>
        <div className="flex flex-col items-center px-6 py-8 text-center">
          <span className="grid size-12 place-items-center rounded-2xl bg-surface-muted text-fg-muted">
            <Icon name="bellOff" className="size-6" />
          </span>
          <p className="mt-3 font-semibold">{t("notifications.empty")}</p>
          <p className="mt-1 text-sm text-fg-muted">{t("notifications.emptyText")}</p>
        </div>
        <div className="border-t border-border p-2">
          <a
            href={comingSoonPath("obavijesti")}
            onClick={markNavigation}
            className="flex items-center justify-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold text-primary hover:bg-primary-soft"
          >
            {t("notifications.viewAll")}
            <Icon name="arrowRight" className="size-4" />
          </a>
        </div>
      </PopoverPanel>
    </Popover>
  );
}
