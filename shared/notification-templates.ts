import { APP_ROUTES, paymentPath } from "./app-routes.ts";

/**
 * The notifications the workers create. A notification stores its template name and placeholders
 * (spec section 3: accommodationUnit, reservationList, code, start, end); the app renders the
 * text in the reader's language, so nothing here is worded. `email`: the host is also told by
 * e-mail (unless they turned e-mails off), because each of these can cost a fine or a booking;
 * "always": e-mailed even then (a payment's confirmation is not a reminder one can turn off).
 *
 * The subscription templates' placeholders: `packageName`, `end` (the subscription's end, ISO),
 * `code` (the receipt's number, when there is one), `trial` ("true" for a trial); PlanLimitReached
 * has `limit` (maxProperties, maxUnitsPerProperty, maxBookingsPerMonth, maxUsersPerProperty (team
 * members suspended by a smaller plan) or subscriptionExpired),
 * `count` (what was left out, or the stays of the month) and `start` (the month, YYYY-MM).
 * PurchaseRequested (a package ordered) carries how to pay it: `packageName`, `months`,
 * `amountCents`, `payee`, `iban`, `model`, `reference` (empty with HR99), `code` (the order's
 * reference code), `description` (the transfer's) and `purchaseRequestId`, whose payment page it links to.
 */
export const NOTIFICATION_TEMPLATES = {
  /** A calendar feed brought a stay whose nights are already taken: it was not added. */
  calendarConflict: {
    template: "CalendarConflict",
    page: APP_ROUTES.calendars,
    notificationType: "warning",
    email: true,
  },
  /**
   * A calendar feed changed a stay with guests in a way the sync could not simply follow (issue
   * 19 item 3). `reservationList` says what: "arrival-locked" (the platform moved the arrival of
   * stay `code`, whose guests are registered with eVisitor; start and end are the platform's new
   * dates, and the stay keeps its own until the host moves it), "gone-kept" (the platform no
   * longer lists it, but its guests are registered: kept) or "gone-removed" (no longer listed:
   * removed with the guests who had checked in, none registered) or "block-kept" (now listed as a
   * block, but its guests are registered: kept as a stay); then start and end are the stay's
   * dates.
   */
  calendarStayNeedsHost: {
    template: "CalendarStayNeedsHost",
    page: APP_ROUTES.reservations,
    notificationType: "warning",
    email: true,
  },
  /** A calendar feed has failed for a day; nothing was deleted meanwhile. */
  calendarFeedFailing: {
    template: "CalendarFeedFailing",
    page: APP_ROUTES.calendars,
    notificationType: "error",
    email: true,
  },
  /** eVisitor refused a guest or kept failing: the host must fix the guest and retry. */
  guestRegistrationFailed: {
    template: "GuestRegistrationFailed",
    page: APP_ROUTES.guests,
    notificationType: "error",
    email: true,
  },
  /** A guest's registration is due within hours (24 h after arrival) or overdue. */
  guestRegistrationDue: {
    template: "GuestRegistrationDue",
    page: APP_ROUTES.guests,
    notificationType: "warning",
    email: true,
  },
  /** A guest's check-out is due within hours (24 h after departure) or overdue. */
  guestCheckOutDue: {
    template: "GuestCheckOutDue",
    page: APP_ROUTES.guests,
    notificationType: "warning",
    email: true,
  },
  /** The daily comparison with eVisitor's tourist list found a difference. */
  registrationMismatch: {
    template: "RegistrationMismatch",
    page: APP_ROUTES.reservations,
    notificationType: "warning",
    email: true,
  },
  /** A guest's registration went through (the party's check-in worked). */
  guestCheckedIn: {
    template: "GuestCheckedIn",
    page: APP_ROUTES.guests,
    notificationType: "success",
    email: false,
  },
  /**
   * A guest checked in without the host, by the stay's link or the unit's door code (issue 20):
   * placeholders accommodationUnit, code, start, end, guestId, initials, entrance ("link" or
   * "door"). The app offers "not my guest" beside it; the e-mail a single-use link to the same.
   * Approval and walk-in actions (issue 20 items 4, 5) belong beside it, keyed by the same ids.
   */
  guestAddedByGuest: {
    template: "GuestAddedByGuest",
    page: APP_ROUTES.guests,
    notificationType: "info",
    email: true,
  },
  /**
   * A guest at a door with no stay today asked for one (issue 20 item 5): placeholders
   * accommodationUnit, start, end (dates), guestCount, requestId, expiresAt, and the name and phone
   * the guest gave, if any; `answer` (confirmed or declined) once the host answered. The dashboard
   * offers Confirm and Decline; the e-mail a single-use link to the same.
   */
  stayRequested: {
    template: "StayRequested",
    page: APP_ROUTES.dashboard,
    notificationType: "warning",
    email: true,
  },
  /** An eVisitor account's properties and units were synced. */
  accountSynced: {
    template: "ExternalAccountSynced",
    page: APP_ROUTES.externalAccounts,
    notificationType: "success",
    email: false,
  },
  /** Syncing an eVisitor account failed (wrong password, locked, eVisitor unreachable). */
  accountSyncFailed: {
    template: "ExternalAccountSyncFailed",
    page: APP_ROUTES.externalAccounts,
    notificationType: "error",
    email: true,
  },
  /** A payment arrived (or an administrator assigned a package or a trial): the plan is active. */
  subscriptionActivated: {
    template: "SubscriptionActivated",
    page: APP_ROUTES.subscription,
    notificationType: "success",
    email: "always",
  },
  /** A package was ordered: how to pay it by bank transfer. */
  purchaseRequested: {
    template: "PurchaseRequested",
    page: APP_ROUTES.subscription,
    notificationType: "info",
    email: "always",
  },
  /** The subscription ends within 7 days. */
  subscriptionExpiring: {
    template: "SubscriptionExpiring",
    page: APP_ROUTES.subscription,
    notificationType: "warning",
    email: true,
  },
  /** The subscription has ended: data stays readable, new work waits for a renewal. */
  subscriptionExpired: {
    template: "SubscriptionExpired",
    page: APP_ROUTES.subscription,
    notificationType: "error",
    email: true,
  },
  /** Something was left out (or went over a cap) because of the plan's limits. */
  planLimitReached: {
    template: "PlanLimitReached",
    page: APP_ROUTES.subscription,
    notificationType: "warning",
    email: true,
  },
  /**
   * The owner of a property the reader is a member of asked to delete their account: the property,
   * its stays and its team go when the grace ends, unless the owner cancels (then this notice is
   * withdrawn). Placeholders `propertyName` and `end` (the erasure's moment, ISO).
   */
  propertyOwnerLeaving: {
    template: "PropertyOwnerLeaving",
    page: APP_ROUTES.properties,
    notificationType: "warning",
    email: true,
  },
  /**
   * Someone the host invited to a property's team accepted (issue 35): placeholders
   * `propertyName` and `role` (CoHost or Reception). Who it was is in the account history.
   */
  propertyMemberJoined: {
    template: "PropertyMemberJoined",
    page: APP_ROUTES.properties,
    notificationType: "success",
    email: true,
  },
} as const;

export type NotificationTemplate =
  (typeof NOTIFICATION_TEMPLATES)[keyof typeof NOTIFICATION_TEMPLATES];

/** The page where a template's matter is dealt with; undefined for a template unknown here. */
export function notificationPageOf(template: string): string | undefined {
  return Object.values(NOTIFICATION_TEMPLATES).find((kind) => kind.template === template)?.page;
}

/**
 * Where a notification leads: its template's page, or an ordered package's own payment page.
 * The app's panel and the e-mails both link here.
 */
export function notificationLinkOf(
  template: string,
  placeholders: Record<string, string | undefined>,
): string | undefined {
  if (template === NOTIFICATION_TEMPLATES.purchaseRequested.template) {
    const id = placeholders.purchaseRequestId;
    if (id) return paymentPath(id);
  }
  return notificationPageOf(template);
}
