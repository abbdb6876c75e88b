import { useEffect, useRef, useState } from "react";
import { useAtomValue } from "jotai";
import type { UserNotification } from "@shared/schemas/notification.ts";
import { syncNotifications } from "../../lib/api/notifications.ts";
import { approveStayGuests, disownGuest } from "../../lib/api/guests.ts";
import { ApiError } from "../../lib/api/api-error.ts";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import type { Paged } from "../../lib/api/paged.ts";
import {
  markNotificationRead,
  notificationsAtom,
  removeNotification,
} from "../../lib/notifications/notification-store.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { translatePlural } from "../../i18n/translate.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { AppFrame } from "../../shell/AppFrame.tsx";
import { useNow } from "../../lib/state/use-now.ts";
import { markAllReadWithMessage } from "../../shell/NotificationsBell.tsx";
import { Button } from "../../ui/Button.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { ListCount } from "../../ui/ListCount.tsx";
import { usePagedList } from "../../ui/use-paged-list.ts";
import { ListShell } from "../../shell/ListShell.tsx";
import { NotificationRow } from "./NotificationRow.tsx";

const PAGE_SIZE = 20;

/** /app/obavijesti: every notification (the panel's "view all"), with paging and delete. */
export default function NotificationsPage() {
  return (
    <AppFrame titleKey="notifications.title">
      <Notifications />
    </AppFrame>
  );
}

/** One page of all notifications: a full sync's page, in the shape of every paged list. */
async function readPage(pageNumber: number, signal: AbortSignal): Promise<Paged<UserNotification>> {
  const sync = await syncNotifications({ pageNumber, pageSize: PAGE_SIZE }, signal);
  const totalPages = Math.max(1, Math.ceil(sync.totalCount / PAGE_SIZE));
  return {
    items: sync.notifications,
    pageNumber: sync.pageNumber,
    totalPages,
    totalCount: sync.totalCount,
    hasPreviousPage: sync.pageNumber > 1,
    hasNextPage: sync.hasNextPage,
  };
}

function Notifications() {
  const { t, lang } = useTranslation();
  const now = useNow(30_000);
  const { cache } = useAtomValue(notificationsAtom);
  const list = usePagedList({ load: ({ pageNumber, signal }) => readPage(pageNumber, signal) });
  const { load, page, isLoading, pageNumber, updateItems } = list;
  const [busy, setBusy] = useState<string>();
  /** "Not my guest" asked of this notification's guest (the confirmation is open). */
  const [disowning, setDisowning] = useState<UserNotification>();
  /** Guests disowned from this page: their button goes. */
  const [disowned, setDisowned] = useState<ReadonlySet<string>>(new Set());
  /** Held guests approved from this page: their "approve" buttons go. */
  const [approved, setApproved] = useState<ReadonlySet<string>>(new Set());
  const unread = cache?.unreadCount ?? page?.items.filter((n) => !n.sentToAppAt).length ?? 0;

  // The bell's sync brought something new: the first page shows it too.
  const newest = cache?.notifications[0]?.id;
  const seenNewest = useRef(newest);
  useEffect(() => {
    if (newest === seenNewest.current) return;
    seenNewest.current = newest;
    if (pageNumber === 1 && load.status === "loaded") {
      const controller = new AbortController();
      list.refresh(controller.signal).catch(() => {});
    }
  }, [newest]);

  const readNow = (id: string) =>
    updateItems((items) =>
      items.map((n) => n.id === id ? { ...n, sentToAppAt: new Date().toISOString() } : n)
    );

  async function handleMarkRead(notification: UserNotification) {
    setBusy(notification.id);
    try {
      await markNotificationRead(notification);
      readNow(notification.id);
    } catch {
      notify(t("notifications.markReadFailed"), { color: "error" });
    } finally {
      setBusy(undefined);
    }
  }

  async function handleDelete(notification: UserNotification) {
    setBusy(notification.id);
    try {
      await removeNotification(notification);
      notify(t("notifications.deleted"), { color: "success" });
      list.reloadAfterRemoval();
    } catch {
      notify(t("notifications.deleteFailed"), { color: "error" });
    } finally {
      setBusy(undefined);
    }
  }

  /** Removes the guest, or has eVisitor cancel a registration already made (issue 20). */
  async function handleDisown() {
    const guestId = disowning?.placeholders.guestId;
    if (!guestId) return;
    setBusy(disowning.id);
    try {
      const { outcome } = await disownGuest(guestId);
      notify(t(`notifications.notMine.${outcome}`), { color: "success" });
      setDisowned((ids) => new Set([...ids, guestId]));
      setDisowning(undefined);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        notify(t("notifications.notMine.gone"), { color: "info" });
        setDisowned((ids) => new Set([...ids, guestId]));
        setDisowning(undefined);
      } else {
        notify(t("notifications.notMine.failed"), { color: "error" });
      }
    } finally {
      setBusy(undefined);
    }
  }

  /**
   * Approves the guest the notification is about, and no one else of the stay (automatic
   * check-in off; issue 20, issue 32): the host approves whom they see.
   */
  async function handleApprove(notification: UserNotification) {
    const { code, guestId } = notification.placeholders;
    if (!code || !guestId) return;
    setBusy(notification.id);
    let done = false;
    try {
      const { approved: count } = await approveStayGuests(code, [guestId]);
      notify(
        count === 0
          ? t("notifications.approve.none")
          : translatePlural(lang, "notifications.approve.done", count),
        { color: count === 0 ? "info" : "success" },
      );
      setApproved((ids) => new Set([...ids, guestId]));
      done = true;
    } catch {
      notify(t("notifications.approve.failed"), { color: "error" });
    } finally {
      setBusy(undefined);
    }
    // The button goes: the keyboard stays on the notification, at its "not my guest" (enabled
    // again once the page has drawn the end of the request).
    if (done) {
      requestAnimationFrame(() =>
        requestAnimationFrame(() =>
          document.querySelector<HTMLElement>(`[data-not-mine="${notification.id}"]`)?.focus()
        )
      );
    }
  }

  async function handleMarkAll() {
    setBusy("all");
    if (await markAllReadWithMessage(t)) {
      updateItems((items) =>
        items.map((n) => n.sentToAppAt ? n : { ...n, sentToAppAt: new Date().toISOString() })
      );
    }
    setBusy(undefined);
  }

  return (
    <div className="mx-auto max-w-3xl">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t("notifications.title")}
          </h1>
          <p className="mt-2 text-fg-muted">{t("notifications.pageIntro")}</p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0 self-start sm:self-auto"
          busy={busy === "all"}
          disabled={unread === 0}
          onClick={() => void handleMarkAll()}
        >
          <Icon name="check" className="size-4" />
          {t("notifications.markAllRead")}
        </Button>
      </div>

      <div className="mt-6 space-y-4">
        <ListCount
          t={t}
          isLoading={isLoading && !!page}
          count={load.status === "loaded"
            ? translatePlural(lang, "notifications.count", load.page.totalCount)
            : undefined}
        />

        <ListShell
          t={t}
          lang={lang}
          list={list}
          pageSize={PAGE_SIZE}
          isEmpty={page?.totalCount === 0}
          empty={
            <EmptyState
              icon="bellOff"
              title={t("notifications.empty")}
              text={t("notifications.emptyText")}
              action={{ label: t("nav.dashboard"), href: ROUTES.dashboard, icon: "dashboard" }}
            />
          }
          noItems={null}
          paginates={(page) => page.totalCount > PAGE_SIZE}
        >
          {(page) => (
            <ul className="divide-y divide-border overflow-hidden rounded-2xl border border-border bg-surface shadow-xs">
              {page.items.map((listed) => {
                // Approved from this page: its text says so before the next sync brings it.
                const notification = listed.placeholders.held === "true" &&
                    approved.has(listed.placeholders.guestId ?? "")
                  ? { ...listed, placeholders: { ...listed.placeholders, held: "approved" } }
                  : listed;
                return (
                  <NotificationRow
                    key={notification.id}
                    t={t}
                    lang={lang}
                    now={now}
                    notification={notification}
                    disabled={busy !== undefined}
                    approved={approved.has(notification.placeholders.guestId ?? "")}
                    disowned={disowned.has(notification.placeholders.guestId ?? "")}
                    onMarkRead={() => void handleMarkRead(notification)}
                    onDelete={() => void handleDelete(notification)}
                    onApprove={() => void handleApprove(notification)}
                    onDisown={() => setDisowning(notification)}
                  />
                );
              })}
            </ul>
          )}
        </ListShell>
      </div>
      <ConfirmDialog
        t={t}
        open={disowning !== undefined}
        tone="danger"
        title={t("notifications.notMine.title", {
          guest: disowning?.placeholders.initials ?? "",
        })}
        confirmLabel={t("notifications.notMine.confirm")}
        busy={disowning !== undefined && busy === disowning.id}
        onConfirm={() => void handleDisown()}
        onClose={() => setDisowning(undefined)}
      >
        {t("notifications.notMine.text")}
      </ConfirmDialog>
    </div>
  );
}
