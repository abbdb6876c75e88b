import { z } from "zod";

/**
 * Event contracts. Subjects follow `<domain>.<entity>.<verb-past-tense>`; each domain has one
 * JetStream stream capturing `<domain>.>`. Payloads carry ids, never personal data or secrets: a
 * consumer reads what it needs from the database (and creates e-mailed codes itself), so nothing
 * personal or secret sits in the stream.
 */
export interface EventContract<S extends string, P extends z.ZodType> {
  subject: S;
  version: number;
  payload: P;
}

function defineEvent<S extends string, P extends z.ZodType>(
  subject: S,
  payload: P,
  version = 1,
): EventContract<S, P> {
  return { subject, version, payload };
}

export const ContactMessageSubmitted = defineEvent(
  "support.contact.submitted",
  z.object({ contactMessageId: z.string() }),
);

/** A host sent feedback from the app: the notifications worker mails it to support. */
export const FeedbackSubmitted = defineEvent(
  "support.feedback.submitted",
  z.object({ feedbackId: z.string() }),
);

const userRef = z.object({ userId: z.string() });

/** A new account: the notifications worker sends the confirmation link. */
export const UserRegistered = defineEvent("accounts.user.registered", userRef);
/** The person asked for the confirmation link again. */
export const EmailConfirmationRequested = defineEvent("accounts.confirmation.requested", userRef);
/** Forgotten password: the worker sends a reset link (only for existing, confirmed accounts). */
export const PasswordResetRequested = defineEvent("accounts.passwordreset.requested", userRef);
/** A new sign-in address waits in users.pending_email; the worker sends it a confirmation link. */
export const EmailChangeRequested = defineEvent("accounts.emailchange.requested", userRef);

/**
 * The owner asked to delete the account: the worker e-mails a single-use link that cancels it
 * during the 14 days' grace.
 */
export const AccountDeletionRequested = defineEvent("accounts.deletion.requested", userRef);

/**
 * A change to the account's security was made (an API token created, two-factor turned on or off
 * or its recovery codes replaced, the password changed or reset): the worker e-mails the owner
 * what changed, when and from which browser and address, read from the account history entry.
 */
export const AccountSecurityChanged = defineEvent(
  "accounts.security.changed",
  z.object({ userId: z.string(), accountEventId: z.string() }),
);

/**
 * A burst of failed sign-ins on an account began (its tenth failure): the worker tells the owner,
 * once per burst.
 */
export const SignInFailuresDetected = defineEvent("accounts.signin.failuresdetected", userRef);

/**
 * Someone was invited to a property (issue 22): the worker makes the invitation's single-use code
 * and e-mails the link to the invited address.
 */
export const PropertyInvitationCreated = defineEvent(
  "accounts.invitation.created",
  z.object({ memberId: z.string() }),
);

/** A notification the host should also get by e-mail was created. */
export const NotificationCreated = defineEvent(
  "notifications.notification.created",
  z.object({ notificationId: z.string() }),
);

/**
 * Push one notification to one device (issue 35): the notifications worker fans a notification
 * out to each device of each user who should get it, one event each, so a device whose push
 * service fails is retried alone.
 */
export const PushRequested = defineEvent(
  "notifications.push.requested",
  z.object({ notificationId: z.string(), subscriptionId: z.string() }),
);

/**
 * Mirror a host's eVisitor account: facilities become properties, unit records become units.
 * Raised when an account is connected or edited, and when the host presses "sync".
 */
export const ProvisioningRequested = defineEvent(
  "evisitor.provisioning.requested",
  z.object({ externalAccountId: z.string() }),
);

/**
 * Read an account's Croatian settlements from eVisitor (SettlementLookup) for guests choosing a
 * city: raised when a guest or host searches an account whose list is missing or old. A sync reads
 * them too.
 */
export const SettlementsRequested = defineEvent(
  "evisitor.settlements.requested",
  z.object({ externalAccountId: z.string() }),
);

/** Register one guest with the host's eVisitor account (the guest's guid makes a retry safe). */
export const GuestCheckInRequested = defineEvent(
  "evisitor.guest.checkin.requested",
  z.object({ guestId: z.string() }),
);

/** Check one registered guest out of eVisitor (after departure, by the host or automatically). */
export const GuestCheckOutRequested = defineEvent(
  "evisitor.guest.checkout.requested",
  z.object({ guestId: z.string() }),
);

/**
 * Cancel one guest's registration in eVisitor (Htz/CancelTouristCheckIn), with the reason the host
 * gave (kept on the guest row, not in the event).
 */
export const GuestCancelRequested = defineEvent(
  "evisitor.guest.cancel.requested",
  z.object({ guestId: z.string() }),
);

/**
 * The departure of a registered guest's stay moved: send the registration again under its id with
 * the new ForeseenStayUntil (eVisitor's edit; the arrival stays as registered).
 */
export const GuestDepartureUpdateRequested = defineEvent(
  "evisitor.guest.departureupdate.requested",
  z.object({ guestId: z.string() }),
);

/** Undo a check-out made by mistake (Htz/CancelTouristCheckOut): the guest is checked in again. */
export const GuestUndoCheckOutRequested = defineEvent(
  "evisitor.guest.undocheckout.requested",
  z.object({ guestId: z.string() }),
);

/** Ask eVisitor whether guests of a stay the host opened were checked out there meanwhile. */
export const GuestsRefreshRequested = defineEvent(
  "evisitor.guests.refresh.requested",
  z.object({ reservationId: z.string() }),
);

/** Compare one eVisitor account's recent stays with eVisitor's tourist list (once a day). */
export const AccountReconcileRequested = defineEvent(
  "evisitor.account.reconcile.requested",
  z.object({ externalAccountId: z.string() }),
);

/**
 * Fetch a unit's calendar feeds and reconcile its reservations. Raised by the schedule (each
 * unit every interval, not forced: feeds fetched recently are skipped), when the host changes the
 * unit's links, and by "sync now" (forced: every feed is fetched).
 */
export const CalendarSyncRequested = defineEvent(
  "calendar.sync.requested",
  z.object({ accommodationUnitId: z.string(), force: z.boolean().default(false) }),
);

/** Every contract, by subject, so a relay or a runner can validate any event. */
export const EVENTS = {
  [ContactMessageSubmitted.subject]: ContactMessageSubmitted,
  [FeedbackSubmitted.subject]: FeedbackSubmitted,
  [UserRegistered.subject]: UserRegistered,
  [EmailConfirmationRequested.subject]: EmailConfirmationRequested,
  [PasswordResetRequested.subject]: PasswordResetRequested,
  [EmailChangeRequested.subject]: EmailChangeRequested,
  [SignInFailuresDetected.subject]: SignInFailuresDetected,
  [AccountSecurityChanged.subject]: AccountSecurityChanged,
  [PropertyInvitationCreated.subject]: PropertyInvitationCreated,
  [ProvisioningRequested.subject]: ProvisioningRequested,
  [SettlementsRequested.subject]: SettlementsRequested,
  [CalendarSyncRequested.subject]: CalendarSyncRequested,
  [GuestCheckInRequested.subject]: GuestCheckInRequested,
  [GuestCheckOutRequested.subject]: GuestCheckOutRequested,
  [GuestCancelRequested.subject]: GuestCancelRequested,
  [GuestDepartureUpdateRequested.subject]: GuestDepartureUpdateRequested,
  [GuestUndoCheckOutRequested.subject]: GuestUndoCheckOutRequested,
  [AccountReconcileRequested.subject]: AccountReconcileRequested,
  [GuestsRefreshRequested.subject]: GuestsRefreshRequested,
  [NotificationCreated.subject]: NotificationCreated,
  [PushRequested.subject]: PushRequested,
} as const;

export type EventSubject = keyof typeof EVENTS;
export type EventPayload<S extends EventSubject> = z.infer<(typeof EVENTS)[S]["payload"]>;

/** The JetStream streams, one per domain. */
/**
 * How long a stream keeps a message: past every retry (minutes to hours) and any outage worth
 * waiting out, so nothing is dropped before a consumer took it, yet the disk does not fill with a
 * year of handled events. Dead letters stay longer, for someone to look at them.
 */
const EVENT_DAYS = 30;
const DEAD_LETTER_DAYS = 90;

export const STREAMS = [
  { name: "SUPPORT", subjects: ["support.>"], maxAgeDays: EVENT_DAYS },
  { name: "ACCOUNTS", subjects: ["accounts.>"], maxAgeDays: EVENT_DAYS },
  { name: "EVISITOR", subjects: ["evisitor.>"], maxAgeDays: EVENT_DAYS },
  { name: "CALENDAR", subjects: ["calendar.>"], maxAgeDays: EVENT_DAYS },
  { name: "NOTIFICATIONS", subjects: ["notifications.>"], maxAgeDays: EVENT_DAYS },
  { name: "DLQ", subjects: ["dlq.>"], maxAgeDays: DEAD_LETTER_DAYS },
] as const;

/** Where a message that cannot be processed ends up. */
export function deadLetterSubjectOf(subject: string): string {
  return `dlq.${subject}`;
}

/** The envelope as published: the outbox row id is the event id (and the JetStream msgID). */
export const EventEnvelope = z.object({
  id: z.string(),
  subject: z.string(),
  version: z.number().int(),
  occurredAt: z.string(),
  payload: z.unknown(),
});
export type EventEnvelope = z.infer<typeof EventEnvelope>;
