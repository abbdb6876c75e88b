import { type MouseEvent, useEffect, useRef, useState } from "react";
import { useAtomValue } from "jotai";
import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import type { UserNotification } from "@shared/schemas/notification.ts";
import { markNavigation, navigateTo } from "../lib/navigation/follow-link.ts";
import { ROUTES } from "../lib/navigation/routes.ts";
import {
  markAllRead,
  markNotificationRead,
  notificationsAtom,
  startNotificationSync,
  syncNotificationsNow,
} from "../lib/notifications/notification-store.ts";
import { notify, notifyOnNextPage } from "../lib/state/snackbars.ts";
import type { Locale } from "../i18n/locales.ts";
import { type Translate, translatePlural } from "../i18n/translate.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { useNow } from "../lib/state/use-now.ts";
import { NotificationContent, notificationRowClass } from "./NotificationItem.tsx";
import { describeNotification } from "../lib/notifications/notification-text.ts";
import { Icon } from "../ui/Icon.tsx";
import { Spinner } from "../ui/Spinner.tsx";

/** The panel shows the newest few; "view all" has the rest. */
const PANEL_SIZE = 8;
/** A burst of news is announced up to this many at a time. */
const MAX_ANNOUNCED = 3;
/** Snackbars for errors stay until closed; the rest leave after 8 s (spec sections 3 and 9). */
const ANNOUNCE_TIMEOUT_MS = 8_000;

export function opensElsewhere(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/** Opens a notification: marks it read, then goes where it is dealt with. */
export async function openNotification(
  t: Translate,
  notification: UserNotification,
  href: string,
): Promise<void> {
  try {
    await markNotificationRead(notification);
  } catch {
    notifyOnNextPage(t("notifications.markReadFailed"), { color: "error" });
  }
  navigateTo(href);
}

/** "Mark all read", with the spec's failure message. */
export async function markAllReadWithMessage(t: Translate): Promise<boolean> {
  try {
    await markAllRead();
    return true;
  } catch {
    notify(t("notifications.markAllReadFailed"), { color: "error" });
    return false;
  }
}

/**
 * Keeps the notifications in step (cache at once, then a sync every 30 s while the tab is
 * visible and on focus) and announces each new one in a snackbar.
 */
function useNotificationSync(t: Translate, lang: Locale) {
  const texts = useRef({ t, lang });
  texts.current = { t, lang };
  useEffect(() =>
    startNotificationSync({
      onArrived(arrived) {
        const { t, lang } = texts.current;
        for (const notification of arrived.slice(0, MAX_ANNOUNCED)) {
          const view = describeNotification(t, lang, notification);
          notify(view.announcement, {
            color: view.tone,
            timeout: view.tone === "error" ? -1 : ANNOUNCE_TIMEOUT_MS,
          });
        }
      },
      onFailed() {
        notify(texts.current.t("notifications.syncFailed"), { color: "warning" });
      },
    }), []);
}

/**
 * The notifications bell and panel (spec section 2): the unread count, the newest notifications
 * in the reader's language, mark all read, view all, and the empty state. When a sync fails the
 * saved notifications stay and the panel says so.
 */
export function NotificationsBell({ t }: { t: Translate }) {
  const { lang } = useTranslation();
  useNotificationSync(t, lang);
  const { cache, isSyncing, syncFailed, hasTried } = useAtomValue(notificationsAtom);
  const [isMarking, setMarking] = useState(false);
  const now = useNow(30_000);
  const unread = cache?.unreadCount ?? 0;
  const shown = cache?.notifications.slice(0, PANEL_SIZE) ?? [];
  const label = unread > 0
    ? translatePlural(lang, "notifications.buttonUnread", unread)
    : t("notifications.button");

  async function handleMarkAll() {
    setMarking(true);
    await markAllReadWithMessage(t);
    setMarking(false);
  }

  return (
    // The panel opens in place, not in a portal: a portalled panel brings Headless UI's
    // aria-hidden focus guards, which axe reports (aria-hidden-focus). Under the bell on wider
    // screens, across the window under the top bar on phones.
    <Popover className="relative">
      <PopoverButton
        aria-label={label}
        onClick={() => void syncNotificationsNow()}
        className="relative grid size-11 place-items-center rounded-xl text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg data-open:bg-surface-muted data-open:text-fg"
      >
        <Icon name="bell" className="size-[1.375rem]" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="notifications-badge"
            className="absolute top-1 right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-error px-1 text-[0.6875rem] leading-none font-bold text-error-fg ring-2 ring-surface"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </PopoverButton>
      <PopoverPanel
        transition
        aria-label={t("notifications.title")}
        className="absolute top-full right-0 z-40 mt-2 flex max-h-[min(36rem,calc(100dvh-5rem))] w-96 max-w-[calc(100vw-1.5rem)] origin-top-right mobile:fixed mobile:inset-x-3 mobile:top-16 mobile:mt-0 mobile:w-auto mobile:max-w-none flex-col rounded-2xl border border-border bg-surface shadow-xl transition duration-100 ease-out data-closed:scale-95 data-closed:opacity-0"
      >
        <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-3">
          <h2 className="flex items-center gap-2 font-semibold">
            {t("notifications.title")}
            {isSyncing && <Spinner className="size-3.5 text-fg-muted" />}
          </h2>
          <button
            type="button"
            disabled={unread === 0 || isMarking}
            onClick={() => void handleMarkAll()}
            className="rounded-lg px-2 py-1 text-sm font-semibold text-primary hover:bg-primary-soft mobile:min-h-11 disabled:cursor-not-allowed disabled:text-fg-muted disabled:hover:bg-transparent"
          >
            {t("notifications.markAllRead")}
          </button>
        </div>
        {syncFailed && (
          <div
            role="status"
            className="flex items-start gap-2 border-b border-border bg-warning-soft px-4 py-2.5 text-sm text-warning-soft-fg"
          >
            <Icon name="alertTriangle" className="mt-0.5 size-4 shrink-0" />
            <span className="min-w-0 flex-1">{t("notifications.syncFailed")}</span>
            <button
              type="button"
              onClick={() => void syncNotificationsNow()}
              className="shrink-0 rounded font-semibold underline underline-offset-2"
            >
              {t("app.retry")}
            </button>
          </div>
        )}
        <div className="min-h-0 flex-1 overflow-y-auto">
          {shown.length > 0
            ? (
              <ul className="divide-y divide-border">
                {shown.map((notification) => {
                  const view = describeNotification(t, lang, notification);
                  return (
                    <li key={notification.id}>
                      <a
                        href={view.href}
                        onClick={(event) => {
                          // A new tab or window just opens the place; here it is also read.
                          if (opensElsewhere(event)) return;
                          event.preventDefault();
                          void openNotification(t, notification, view.href);
                        }}
                        className={`flex px-4 py-3 transition-colors hover:bg-surface-muted focus-visible:-outline-offset-2 ${
                          notificationRowClass(notification)
                        }`}
                      >
                        <NotificationContent
                          t={t}
                          lang={lang}
                          notification={notification}
                          view={view}
                          now={now}
                          clamp
                        />
                      </a>
                    </li>
                  );
                })}
              </ul>
            )
            : !cache && !hasTried
            ? (
              <p
                role="status"
                className="flex items-center justify-center gap-2 px-6 py-10 text-fg-muted"
              >
                <Spinner className="size-5 text-primary" />
                {t("app.loading")}
              </p>
            )
            : (
              <div className="flex flex-col items-center px-6 py-8 text-center">
                <span className="grid size-12 place-items-center rounded-2xl bg-surface-muted text-fg-muted">
                  <Icon name="bellOff" className="size-6" />
                </span>
                <p className="mt-3 font-semibold">{t("notifications.empty")}</p>
                <p className="mt-1 text-sm text-fg-muted">{t("notifications.emptyText")}</p>
              </div>
            )}
        </div>
        <div className="border-t border-border p-2">
          <a
            href={ROUTES.notifications}
            onClick={markNavigation}
            className="flex items-center justify-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold text-primary hover:bg-primary-soft mobile:min-h-11"
          >
            {t("notifications.viewAll")}
            <Icon name="arrowRight" className="size-4" />
          </a>
        </div>
      </PopoverPanel>
    </Popover>
  );
}
