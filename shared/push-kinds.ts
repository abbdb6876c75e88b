import { NOTIFICATION_TEMPLATES } from "./notification-templates.ts";
import type { PropertyRight } from "./property-rights.ts";

/**
 * The kinds of notification a host can get by push (issue 35), each chosen on or off in Settings.
 * Every notification e-mailed to hosts belongs to one; the rest (a guest registered, an account
 * synced) stay in the app.
 */
export const PUSH_KINDS = [
  /** A guest at the door waits for approval, or a walk-in asks for a stay. */
  "guestWaiting",
  /** A registration failed or is due, eVisitor disagrees, an eVisitor account cannot sync. */
  "registration",
  /** A guest's check-out duty is due. */
  "checkOut",
  /** A calendar feed changed a stay the host must look at, conflicts or keeps failing. */
  "calendar",
  /** A payment confirmed, a package ordered, the plan ending, ended or at its limits. */
  "billing",
  /** The team: an invitation accepted; the owner of a property one belongs to is leaving. */
  "team",
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

const T = NOTIFICATION_TEMPLATES;

/** Each pushed template's kind. */
export const PUSH_KIND_OF_TEMPLATE: Readonly<Record<string, PushKind>> = {
  [T.guestAddedByGuest.template]: "guestWaiting",
  [T.stayRequested.template]: "guestWaiting",
  [T.guestRegistrationFailed.template]: "registration",
  [T.guestRegistrationDue.template]: "registration",
  [T.registrationMismatch.template]: "registration",
  [T.accountSyncFailed.template]: "registration",
  [T.guestCheckOutDue.template]: "checkOut",
  [T.calendarConflict.template]: "calendar",
  [T.calendarStayNeedsHost.template]: "calendar",
  [T.calendarFeedFailing.template]: "calendar",
  [T.subscriptionActivated.template]: "billing",
  [T.purchaseRequested.template]: "billing",
  [T.subscriptionExpiring.template]: "billing",
  [T.subscriptionExpired.template]: "billing",
  [T.planLimitReached.template]: "billing",
  [T.propertyOwnerLeaving.template]: "team",
  [T.propertyMemberJoined.template]: "team",
};

/**
 * The right a property's team member needs to get a kind about that property as well as its owner
 * (shared/property-rights.ts): reception sees guests at the door, registrations and check-outs,
 * co-hosts also the calendars; billing is the owner's account's, so no member gets it. "team"
 * notices are written to the member already.
 */
export const PUSH_KIND_MEMBER_RIGHT: Readonly<Record<PushKind, PropertyRight | undefined>> = {
  guestWaiting: "registration",
  registration: "registration",
  checkOut: "registration",
  calendar: "settings",
  billing: undefined,
  team: undefined,
};
