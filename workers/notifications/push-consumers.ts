import { eq, inArray } from "drizzle-orm";
import { NotificationCreated, PushRequested } from "@shared/events.ts";
import { NOTIFICATION_TEMPLATES } from "@shared/notification-templates.ts";
import { APP_ROUTES } from "@shared/app-routes.ts";
import { appendEvent } from "@core/outbox/append-event.ts";
import { pushSubscriptions } from "@core/db/schema/push-subscriptions.ts";
import { userNotifications } from "@core/db/schema/user-notifications.ts";
import { users } from "@core/db/schema/users.ts";
import type { SecretBox } from "@core/platform/crypto/secret-box.ts";
import { log } from "@core/platform/logger.ts";
import { newApprovalToken } from "@core/services/guests/approve-guests.ts";
import { isProcessed, markProcessed } from "../runner/dedupe.ts";
import { defineConsumer } from "../runner/worker.ts";
import { composePushMessage } from "./push-message.ts";
import { pushRecipientsOf } from "./push-recipients.ts";
import type { PushSender } from "./push-sender.ts";

const FAN_OUT = "notifications_push";
const SEND = "notifications_push_send";

/** How long a push service keeps a push for a device that is off: a day, then it is stale. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

/**
 * A notification that goes by push (issue 35) becomes one PushRequested event per device of each
 * user who should get it (push-recipients.ts), written with the consumer's mark in one
 * transaction: a redelivery adds nothing, and each device's push is retried on its own.
 */
export function pushFanOutConsumer() {
  return defineConsumer({
    name: FAN_OUT,
    stream: "NOTIFICATIONS",
    event: NotificationCreated,
    async handle({ id, payload }, { db, clock }) {
      if (await isProcessed(db, FAN_OUT, id)) return;
      const [notice] = await db.select().from(userNotifications)
        .where(eq(userNotifications.id, payload.notificationId));
      const recipients = notice && !notice.deletedAt
        ? await pushRecipientsOf(db, notice)
        : undefined;
      const devices = recipients && recipients.userIds.length > 0
        ? await db.select({ id: pushSubscriptions.id }).from(pushSubscriptions)
          .where(inArray(pushSubscriptions.userId, recipients.userIds))
        : [];
      await db.transaction(async (tx) => {
        for (const device of devices) {
          await appendEvent(tx, PushRequested, {
            notificationId: payload.notificationId,
            subscriptionId: device.id,
          }, clock());
        }
        await markProcessed(tx, FAN_OUT, id, clock());
      });
    },
  });
}

/** A guest held for approval: the notification's guest id while the notice says it is held. */
const heldGuestOf = (template: string, placeholders: Record<string, string>) =>
  template === NOTIFICATION_TEMPLATES.guestAddedByGuest.template &&
    placeholders.held === "true" && placeholders.guestId
    ? placeholders.guestId
    : undefined;

/**
 * Sends one push to one device: the notification in the device owner's language, encrypted to
 * the device's keys. A guest waiting for approval gets a fresh single-use approval link (as the
 * e-mail does) behind "Approve"; none once nobody waits, and then no push either. The push
 * service's answer decides: accepted, done; 404 or 410, the subscription has expired and is
 * deleted; 429, 5xx or no answer, thrown so the runner retries with back-off (and dead-letters
 * after its last delivery); any other refusal is logged (without the endpoint) and dropped.
 */
export function pushSendConsumer(
  { sender, secretBox }: { sender: PushSender; secretBox: SecretBox },
) {
  return defineConsumer({
    name: SEND,
    stream: "NOTIFICATIONS",
    event: PushRequested,
    concurrency: 4,
    async handle({ id, payload }, { db, clock }) {
      if (await isProcessed(db, SEND, id)) return;
      const done = () => markProcessed(db, SEND, id, clock());
      const [device] = await db.select().from(pushSubscriptions)
        .innerJoin(users, eq(users.id, pushSubscriptions.userId))
        .where(eq(pushSubscriptions.id, payload.subscriptionId));
      const [notice] = await db.select().from(userNotifications)
        .where(eq(userNotifications.id, payload.notificationId));
      if (!device || !notice || notice.deletedAt) return await done();
      const lang = device.users.language === "en" ? "en" : "hr";
      const heldGuest = heldGuestOf(notice.template, notice.placeholders);
      let approval: { url: string; initials: string[] } | undefined;
      if (heldGuest) {
        const made = await db.transaction((tx) => newApprovalToken(tx, heldGuest, clock()));
        if (!made) return await done(); // approved, declined or gone meanwhile
        approval = {
          url: `${APP_ROUTES.approveGuests}#${made.token}`,
          initials: made.guests.map((guest) => guest.initials),
        };
      }
      const message = composePushMessage(notice, lang, approval);
      const status = await sender.send(
        {
          endpoint: await secretBox.open(device.push_subscriptions.endpoint),
          p256dh: device.push_subscriptions.p256dh,
          auth: device.push_subscriptions.auth,
        },
        JSON.stringify(message),
        { ttlSeconds: PUSH_TTL_SECONDS, urgency: heldGuest ? "high" : "normal" },
      );
      const subscriptionId = device.push_subscriptions.id;
      if (status >= 200 && status < 300) {
        await db.transaction(async (tx) => {
          await tx.update(pushSubscriptions).set({ lastSentAt: clock() })
            .where(eq(pushSubscriptions.id, subscriptionId));
          await markProcessed(tx, SEND, id, clock());
        });
        return;
      }
      if (status === 404 || status === 410) {
        log.info("push subscription expired: removed", { subscriptionId, status });
        await db.transaction(async (tx) => {
          await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
          await markProcessed(tx, SEND, id, clock());
        });
        return;
      }
      if (status === 429 || status >= 500) {
        throw new Error(`push service answered ${status}`);
      }
      log.warn("push refused by the push service", { subscriptionId, status });
      await done();
    },
  });
}
