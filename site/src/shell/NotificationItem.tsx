import type { UserNotification } from "@shared/schemas/notification.ts";
import type { IconName } from "../icons/shapes.ts";
import type { Locale } from "../i18n/locales.ts";
import type { Translate } from "../i18n/translate.ts";
import { formatDateTime } from "../lib/format/date-time.ts";
import { Icon } from "../ui/Icon.tsx";
import {
  notificationAge,
  type NotificationTone,
  type NotificationView,
} from "../lib/notifications/notification-text.ts";

/** Colour and icon per kind (spec section 3: notificationType), never colour alone. */
export const TONES: Record<NotificationTone, { icon: IconName; badge: string }> = {
  success: { icon: "checkCircle", badge: "bg-success-soft text-success-soft-fg" },
  warning: { icon: "alertTriangle", badge: "bg-warning-soft text-warning-soft-fg" },
  error: { icon: "alertCircle", badge: "bg-error-soft text-error-soft-fg" },
  info: { icon: "info", badge: "bg-info-soft text-info-soft-fg" },
};

interface NotificationContentProps {
  t: Translate;
  lang: Locale;
  notification: UserNotification;
  view: NotificationView;
  now: number;
  /** The panel keeps each one short; the full page shows all of it. */
  clamp?: boolean;
}

/**
 * One notification's icon, title, text and age; unread ones are bold with a dot and say so to
 * screen readers. The caller wraps it in the button or link that opens it.
 */
export function NotificationContent(
  { t, lang, notification, view, now, clamp = false }: NotificationContentProps,
) {
  const unread = notification.sentToAppAt === null;
  const tone = TONES[view.tone];
  return (
    <span className="flex min-w-0 flex-1 items-start gap-3">
      <span
        className={`mt-0.5 grid size-9 shrink-0 place-items-center rounded-xl ${tone.badge}`}
      >
        <Icon name={tone.icon} className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-start gap-2">
          <span
            className={`min-w-0 flex-1 break-words text-[0.9375rem] ${
              unread ? "font-bold text-fg" : "font-semibold text-fg"
            }`}
          >
            <span className="sr-only">{`${t(`notifications.type.${view.tone}`)}: `}</span>
            {view.title}
          </span>
          {unread && (
            <span className="mt-1.5 flex shrink-0 items-center">
              <span aria-hidden="true" className="size-2.5 rounded-full bg-primary" />
              <span className="sr-only">{`, ${t("notifications.unread")}`}</span>
            </span>
          )}
        </span>
        <span
          className={`mt-0.5 block text-sm break-words text-fg-muted ${
            clamp ? "line-clamp-3" : ""
          }`}
        >
          {view.text}
        </span>
        <time
          dateTime={notification.created}
          title={formatDateTime(notification.created, lang)}
          className="mt-1 block text-xs font-medium text-fg-muted"
        >
          {notificationAge(notification.created, t, lang, now)}
        </time>
      </span>
    </span>
  );
}

/** The row frame: unread ones tinted, so they stand out in a list. */
export function notificationRowClass(notification: UserNotification): string {
  return notification.sentToAppAt === null ? "bg-primary-soft/45" : "";
}
