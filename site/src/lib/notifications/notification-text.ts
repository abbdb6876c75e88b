import { formatEuros } from "@shared/billing/money.ts";
import { notificationLinkOf } from "@shared/notification-templates.ts";
import type { UserNotification } from "@shared/schemas/notification.ts";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural, type TranslationKey } from "../../i18n/translate.ts";
import { formatCalendarDate, formatCalendarRange } from "../format/calendar-date.ts";
import { formatDate } from "../format/date-time.ts";
import { formatRelativeTime } from "../format/relative-time.ts";
import { ROUTES } from "../navigation/routes.ts";
import { lastErrorText } from "../external-accounts/account-problems.ts";
import { formatMonth } from "../format/month-labels.ts";
import { formatZagrebDateTime } from "../format/guest-times.ts";

/** A notification as the host reads it, in their language. */
export interface NotificationView {
  title: string;
  text: string;
  /** One line for a snackbar: the text where it stands alone, else title and text. */
  announcement: string;
  /** Where what it is about is fixed. */
  href: string;
  tone: NotificationTone;
}

export type NotificationTone = "success" | "warning" | "error" | "info";

const PLAN_LIMITS = [
  "maxProperties",
  "maxUnitsPerProperty",
  "maxBookingsPerMonth",
  "maxUsersPerProperty",
  "subscriptionExpired",
] as const;

/** What a calendar did to a stay with guests (CalendarStayNeedsHost's `reservationList`). */
const STAY_CHANGES = ["arrival-locked", "gone-kept", "gone-removed", "block-kept"] as const;

const MISMATCH_KINDS = ["arrived-not-registered", "missing-in-evisitor", "not-checked-out"];

export function toneOf(notificationType: string): NotificationTone {
  return notificationType === "success" || notificationType === "warning" ||
      notificationType === "error"
    ? notificationType
    : "info";
}

const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A stay's dates as a range ("5. – 8. pro 2026."), whether they came as dates or instants. */
function datesOf(start: string | undefined, end: string | undefined, lang: Locale): string {
  const day = (value: string) => isDateOnly(value) ? value : value.slice(0, 10);
  if (start && end) return formatCalendarRange(day(start), day(end), lang);
  const one = start ?? end;
  return one ? formatCalendarDate(day(one), lang) : "";
}

/**
 * The text of a notification from its template and placeholders (spec section 3: unit,
 * reservation list, code, start, end), in the reader's language; an unknown template gets a
 * generic text so a newer worker never leaves the panel blank.
 */
export function describeNotification(
  t: Translate,
  lang: Locale,
  notification: UserNotification,
): NotificationView {
  const p = notification.placeholders;
  const unit = p.accommodationUnit ?? "";
  const place = unit && p.code ? t("notifications.unitAndStay", { unit, code: p.code }) : unit;
  const guest = p.reservationList || t("notifications.someGuest");
  const deadline = p.end ? formatZagrebDateTime(p.end, lang) : "";
  const view = (
    key: string,
    text: string,
    announcement = text,
    title = t(`notifications.${key}.title` as TranslationKey),
  ): NotificationView => ({
    title,
    text,
    announcement,
    // Where the template's matter is dealt with (unknown templates: the notifications page).
    href: notificationLinkOf(notification.template, p) ?? ROUTES.notifications,
    tone: toneOf(notification.notificationType),
  });

  switch (notification.template) {
    case "CalendarConflict":
      return view(
        "CalendarConflict",
        t("notifications.CalendarConflict.text", { place, dates: datesOf(p.start, p.end, lang) }),
      );
    case "CalendarStayNeedsHost": {
      const what = STAY_CHANGES.find((kind) => kind === p.reservationList);
      const dates = datesOf(p.start, p.end, lang);
      return view(
        "CalendarStayNeedsHost",
        what
          ? t(`notifications.CalendarStayNeedsHost.${what}`, { place, dates })
          : t("notifications.generic.textUnit", { unit }),
      );
    }
    case "CalendarFeedFailing":
      return view(
        "CalendarFeedFailing",
        t("notifications.CalendarFeedFailing.text", {
          unit,
          since: p.start ? formatZagrebDateTime(p.start, lang) : "",
        }),
      );
    case "GuestRegistrationFailed":
    case "GuestRegistrationDue":
    case "GuestCheckOutDue":
    case "GuestCheckedIn":
      return view(
        notification.template,
        t(`notifications.${notification.template}.text`, { guest, place, deadline }),
      );
    case "GuestAddedByGuest":
      return view(
        "GuestAddedByGuest",
        t(
          p.entrance === "door"
            ? "notifications.GuestAddedByGuest.textDoor"
            : "notifications.GuestAddedByGuest.textLink",
          { guest: p.initials ?? t("notifications.someGuest"), place },
        ) + (p.held === "true"
          ? ` ${t("notifications.GuestAddedByGuest.held")}`
          : p.held === "approved"
          ? ` ${t("notifications.GuestAddedByGuest.approved")}`
          : ""),
      );
    case "StayRequested": {
      const count = Number(p.guestCount ?? "0");
      const who = [p.name, p.phone].filter(Boolean).join(", ");
      const answer = p.answer === "confirmed" || p.answer === "declined"
        ? p.answer
        : p.expiresAt && Date.parse(p.expiresAt) <= Date.now()
        ? "expired"
        : "pending";
      return view(
        "StayRequested",
        t("notifications.StayRequested.text", {
          unit,
          dates: datesOf(p.start, p.end, lang),
          guests: translatePlural(lang, "notifications.StayRequested.guests", count),
          who: who ? ` (${who})` : "",
        }) +
          ` ${t(`notifications.StayRequested.${answer}`)}`,
      );
    }
    case "RegistrationMismatch": {
      const kind = p.reservationList ?? "";
      const finding = MISMATCH_KINDS.includes(kind)
        ? t(`notifications.mismatch.${kind}` as TranslationKey)
        : t("notifications.mismatch.other");
      return view(
        "RegistrationMismatch",
        t("notifications.RegistrationMismatch.text", {
          place,
          dates: datesOf(p.start, p.end, lang),
          finding,
        }),
      );
    }
    case "ExternalAccountSynced":
      return view(
        "ExternalAccountSynced",
        t("notifications.ExternalAccountSynced.text", { number: p.reservationList ?? "0" }),
        t("notifications.ExternalAccountSynced.title"),
      );
    case "ExternalAccountSyncFailed": {
      const reason = lastErrorText(t, p.reservationList ?? "");
      return view(
        "ExternalAccountSyncFailed",
        reason,
        `${t("notifications.ExternalAccountSyncFailed.title")}: ${reason}`,
      );
    }
    case "SubscriptionActivated": {
      const trial = p.trial === "true";
      const params = { package: p.packageName ?? "", end: p.end ? formatDate(p.end, lang) : "" };
      const text = trial ? t("notifications.SubscriptionActivated.textTrial", params) : [
        t("notifications.SubscriptionActivated.text", params),
        p.code ? t("notifications.SubscriptionActivated.receipt", { code: p.code }) : "",
      ].filter(Boolean).join(" ");
      const title = trial
        ? t("notifications.SubscriptionActivated.titleTrial")
        : t("notifications.SubscriptionActivated.title");
      return view("SubscriptionActivated", text, text, title);
    }
    case "PurchaseRequested":
      return view(
        "PurchaseRequested",
        t("notifications.PurchaseRequested.text", {
          package: p.packageName ?? "",
          amount: formatEuros(Number(p.amountCents) || 0, lang),
          reference: [p.model, p.reference || p.code].filter(Boolean).join(" "),
        }),
      );
    case "SubscriptionExpiring":
    case "SubscriptionExpired": {
      const params = { package: p.packageName ?? "", end: p.end ? formatDate(p.end, lang) : "" };
      return view(
        notification.template,
        p.trial === "true"
          ? t(`notifications.${notification.template}.textTrial`, params)
          : t(`notifications.${notification.template}.text`, params),
      );
    }
    case "PlanLimitReached": {
      const limit = PLAN_LIMITS.find((name) => name === p.limit);
      const text = limit
        ? t(`notifications.limit.${limit}`, {
          number: p.count ?? "",
          month: p.start ? formatMonth(p.start.slice(0, 7), lang, "long") : "",
        })
        : t("notifications.limit.other");
      return view("PlanLimitReached", text);
    }
    case "PropertyMemberJoined":
      return view(
        "PropertyMemberJoined",
        t("notifications.PropertyMemberJoined.text", {
          property: p.propertyName ?? "",
          role: p.role === "CoHost" || p.role === "Reception" ? t(`members.role.${p.role}`) : "",
        }),
      );
    case "PropertyOwnerLeaving":
      return view(
        "PropertyOwnerLeaving",
        t("notifications.PropertyOwnerLeaving.text", {
          property: p.propertyName ?? "",
          end: p.end ? formatDate(p.end, lang) : "",
        }),
      );
    default: {
      const text = unit
        ? t("notifications.generic.textUnit", { unit })
        : t("notifications.generic.text");
      return view("generic", text);
    }
  }
}

/** "upravo sada" / "just now" within a minute, then minutes, hours or days ago (spec section 3). */
export function notificationAge(iso: string, t: Translate, lang: Locale, now: number): string {
  const age = now - Date.parse(iso);
  if (Number.isNaN(age)) return "";
  if (age < 60_000) return t("notifications.justNow");
  return formatRelativeTime(iso, lang, now);
}
