/**
 * One notification in the list of all: its text and link, mark read, delete, and for a guest who
 * checked in by themselves, approve and "not my guest".
 */
import type { UserNotification } from "@shared/schemas/notification.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate } from "../../i18n/translate.ts";
import { describeNotification } from "../../lib/notifications/notification-text.ts";
import { openNotification, opensElsewhere } from "../../shell/NotificationsBell.tsx";
import { NotificationContent, notificationRowClass } from "../../shell/NotificationItem.tsx";
import { Button } from "../../ui/Button.tsx";
import { Icon } from "../../ui/Icon.tsx";

export function NotificationRow(
  {
    t,
    lang,
    now,
    notification,
    disabled,
    approved,
    disowned,
    onMarkRead,
    onDelete,
    onApprove,
    onDisown,
  }: {
    t: Translate;
    lang: Locale;
    now: number;
    notification: UserNotification;
    /** Something is being done on the page: the buttons wait. */
    disabled: boolean;
    /** The guest was approved from this page: the "approve" button goes. */
    approved: boolean;
    /** The guest was disowned from this page: the guest's buttons go. */
    disowned: boolean;
    onMarkRead: () => void;
    onDelete: () => void;
    onApprove: () => void;
    onDisown: () => void;
  },
) {
  const view = describeNotification(t, lang, notification);
  const unreadOne = notification.sentToAppAt === null;
  return (
    <li
      className={`flex flex-wrap items-start gap-2 py-1 pr-2 pl-1 sm:pr-3 ${
        notificationRowClass(notification)
      }`}
    >
      <a
        href={view.href}
        onClick={(event) => {
          if (opensElsewhere(event)) return;
          event.preventDefault();
          void openNotification(t, notification, view.href);
        }}
        className="flex min-w-0 flex-1 rounded-xl px-3 py-3 transition-colors hover:bg-surface-muted/70"
      >
        <NotificationContent
          t={t}
          lang={lang}
          notification={notification}
          view={view}
          now={now}
        />
      </a>
      <span className="flex shrink-0 flex-col gap-1 pt-2 sm:flex-row">
        {unreadOne && (
          <IconButton
            icon="check"
            label={`${t("notifications.markRead")}: ${view.title}`}
            disabled={disabled}
            onClick={onMarkRead}
          />
        )}
        <IconButton
          icon="trash"
          label={t("notifications.delete", { title: view.title })}
          disabled={disabled}
          onClick={onDelete}
          danger
        />
      </span>
      {notification.template === "GuestAddedByGuest" &&
        notification.placeholders.guestId &&
        !disowned && (
        <div className="flex basis-full flex-wrap gap-2 pb-2 pl-14">
          {notification.placeholders.held === "true" &&
            !approved && (
            <Button
              size="sm"
              disabled={disabled}
              onClick={onApprove}
            >
              {t("notifications.approve.buttonOne")}
            </Button>
          )}
          <Button
            variant="dangerSecondary"
            size="sm"
            data-not-mine={notification.id}
            disabled={disabled}
            onClick={onDisown}
          >
            {t("notifications.notMine.button")}
          </Button>
        </div>
      )}
    </li>
  );
}

function IconButton(
  { icon, label, disabled, onClick, danger = false }: {
    icon: "check" | "trash";
    label: string;
    disabled: boolean;
    onClick: () => void;
    danger?: boolean;
  },
) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={`grid size-9 place-items-center rounded-lg mobile:size-11 text-fg-muted transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${
        danger ? "hover:bg-error-soft hover:text-error" : "hover:bg-primary-soft hover:text-primary"
      }`}
    >
      <Icon name={icon} className="size-[1.125rem]" />
    </button>
  );
}
