import { eq } from "drizzle-orm";
import { NotificationCreated } from "@shared/events.ts";
import { NOTIFICATION_TEMPLATES } from "@shared/notification-templates.ts";
import { userNotifications } from "@core/db/schema/user-notifications.ts";
import { users } from "@core/db/schema/users.ts";
import type { Database } from "@core/db/client.ts";
import { newDisownToken } from "@core/services/guests/disown-guest.ts";
import { approvalEmailTiming, newApprovalToken } from "@core/services/guests/approve-guests.ts";
import { newStayRequestLinkToken } from "@core/services/stay-requests/answer-stay-request.ts";
import { APP_ROUTES } from "@shared/app-routes.ts";
import { isProcessed, markProcessed } from "../runner/dedupe.ts";
import { DeferEvent } from "../runner/defer.ts";
import { defineConsumer } from "../runner/worker.ts";
import type { Mailer } from "./mailer.ts";
import { composeNotificationEmail } from "./notification-emails.ts";

const CONSUMER = "notifications_email";

/**
 * A new guest's e-mail carries a single-use "not my guest" link (issue 20); the token is made
 * here, as the e-mail is written, and only its hash is kept. The token rides in the address's
 * fragment, which browsers never send, so no server log holds it.
 */
async function notMineUrlOf(
  db: Database,
  template: string,
  placeholders: Record<string, string>,
  publicUrl: string,
  now: Date,
): Promise<string | undefined> {
  if (template !== NOTIFICATION_TEMPLATES.guestAddedByGuest.template || !placeholders.guestId) {
    return undefined;
  }
  const token = await db.transaction((tx) => newDisownToken(tx, placeholders.guestId, now));
  return token && `${publicUrl}${APP_ROUTES.notMyGuest}#${token}`;
}

/**
 * A guest held for the host's approval (automatic check-in off) comes with a single-use
 * "approve" link, made as the "not my guest" one: it names the stay's guests waiting now, whose
 * initials and countries the e-mail lists, and approves no one else (issue 30, N7).
 */
async function approveLinkOf(
  db: Database,
  guestId: string,
  publicUrl: string,
  now: Date,
): Promise<{ url: string; guests: { initials: string; citizenship: string }[] } | undefined> {
  const made = await db.transaction((tx) => newApprovalToken(tx, guestId, now));
  return made &&
    { url: `${publicUrl}${APP_ROUTES.approveGuests}#${made.token}`, guests: made.guests };
}

/** A notification about a guest held for approval (whatever happened to it since). */
const isHeldNotice = (template: string, placeholders: Record<string, string>) =>
  template === NOTIFICATION_TEMPLATES.guestAddedByGuest.template && !!placeholders.guestId &&
  placeholders.held !== undefined;

/**
 * A walk-in's stay request comes with a single-use "confirm or decline" link (issue 20 item 5),
 * made as the e-mail is written; none once the request was answered or expired.
 */
async function answerUrlOf(
  db: Database,
  template: string,
  placeholders: Record<string, string>,
  publicUrl: string,
  now: Date,
): Promise<string | undefined> {
  if (template !== NOTIFICATION_TEMPLATES.stayRequested.template || !placeholders.requestId) {
    return undefined;
  }
  const token = await db.transaction((tx) =>
    newStayRequestLinkToken(tx, placeholders.requestId, now)
  );
  return token && `${publicUrl}${APP_ROUTES.answerStayRequest}#${token}`;
}

/**
 * Guests held for approval are e-mailed once per stay and burst (issue 32): a party checks in one
 * by one within minutes, and the host gets one e-mail listing them all, sent this long after the
 * last one came in.
 */
export const APPROVAL_BURST_MS = 2 * 60_000;

/** Templates e-mailed even to hosts who turned e-mails off (a payment's confirmation). */
const ALWAYS_EMAILED = new Set<string>(
  Object.values(NOTIFICATION_TEMPLATES).filter((k) => k.email === "always").map((k) => k.template),
);

/**
 * E-mails a notification to its host in their language, unless they turned e-mails off (and it
 * is not one that always goes).
 */
export function notificationEmailConsumer(
  { mailer, from, publicUrl, approvalBurstMs = APPROVAL_BURST_MS }: {
    mailer: Mailer;
    from: string;
    publicUrl: string;
    /** Guests of one stay entered less than this apart get one approval e-mail. */
    approvalBurstMs?: number;
  },
) {
  return defineConsumer({
    name: CONSUMER,
    stream: "NOTIFICATIONS",
    event: NotificationCreated,
    async handle({ id, payload, isLastAttempt }, { db, clock }) {
      if (await isProcessed(db, CONSUMER, id)) return;
      const [found] = await db.select().from(userNotifications)
        .innerJoin(users, eq(users.id, userNotifications.userId))
        .where(eq(userNotifications.id, payload.notificationId));
      const wanted = found &&
        (found.users.emailNotifications || ALWAYS_EMAILED.has(found.user_notifications.template));
      if (found && wanted && !found.user_notifications.deletedAt) {
        const { template, placeholders } = found.user_notifications;
        const held = isHeldNotice(template, placeholders);
        if (held) {
          // One e-mail per stay and burst, from its last guest; none once nobody waits.
          const timing = placeholders.held === "true"
            ? await approvalEmailTiming(db, placeholders.guestId, clock(), approvalBurstMs)
            : { kind: "skip" as const };
          if (timing.kind === "wait" && !isLastAttempt) throw new DeferEvent(timing.ms);
          if (timing.kind === "skip") return await markProcessed(db, CONSUMER, id, clock());
        }
        const notMineUrl = held
          ? undefined
          : await notMineUrlOf(db, template, placeholders, publicUrl, clock());
        const approve = held
          ? await approveLinkOf(db, placeholders.guestId, publicUrl, clock())
          : undefined;
        if (held && !approve) return await markProcessed(db, CONSUMER, id, clock());
        const answerUrl = await answerUrlOf(db, template, placeholders, publicUrl, clock());
        const mail = composeNotificationEmail(template, placeholders, {
          to: found.users.email,
          from,
          publicUrl,
          language: found.users.language,
          notMineUrl,
          approveUrl: approve?.url,
          approveGuests: approve?.guests,
          answerUrl,
        });
        if (mail) await mailer.send(mail);
      }
      await markProcessed(db, CONSUMER, id, clock());
    },
  });
}
