/**
 * Web Push end to end (issue 35): the app, the relay and the notifications worker, all real, post
 * to a push endpoint this test runs (the subscription's endpoint points at it). What arrives is
 * encrypted as RFC 8291 says and decrypts with the subscription's keys made here; it carries
 * initials, never names; a guest waiting comes with "Approve" and "Open" and an approval link;
 * a 410 removes the subscription; a 500 is retried; a property's reception member gets the guest
 * waiting but nothing about billing.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { subscriptions } from "@core/db/schema/billing.ts";
import { outbox } from "@core/db/schema/outbox.ts";
import { processedEvents } from "@core/db/schema/processed-events.ts";
import { properties } from "@core/db/schema/properties.ts";
import { userNotifications } from "@core/db/schema/user-notifications.ts";
import { users } from "@core/db/schema/users.ts";
import { createNotification } from "@core/services/notifications/create-notification.ts";
import { issueInvitationCode } from "@core/services/property-members/invitation-code.ts";
import { NOTIFICATION_TEMPLATES } from "@shared/notification-templates.ts";
import { addDays, todayIn } from "@shared/local-date.ts";
import { STAY_TIME_ZONE } from "@shared/time-zone.ts";
import { createHost, getWith, postWith, signIn } from "../support/accounts.ts";
import { postJson, TEST_SECRETS } from "../support/app.ts";
import { BIRGITTE } from "../support/guests.ts";
import { type Pipeline, REAL_SERVERS, withPipeline } from "../support/pipeline.ts";
import { demoFacility, seedMirroredAccount } from "../support/properties.ts";
import {
  decryptPush,
  newPushKeys,
  type PushKeys,
  startPushEndpoint,
  type TestPushEndpoint,
} from "../support/push.ts";
import { waitFor } from "../support/wait.ts";

const DEVICES = "/api/Users/manage/push/devices";
const noon = (date: string) => `${date}T12:00:00.000Z`;

/** A Premium host with one property (automatic check-in off) and one unit, signed in. */
async function host(p: Pipeline, email: string) {
  const { app, database: { db } } = p;
  const userId = await createHost(app, db, { email });
  await db.update(subscriptions).set({ packageId: "premium" })
    .where(eq(subscriptions.userId, userId));
  await seedMirroredAccount(db, userId, [demoFacility("fac-push", "0034643")]);
  const [property] = await db.select().from(properties).where(eq(properties.userId, userId));
  await db.update(properties).set({ automaticCheckIn: false })
    .where(eq(properties.id, property.id));
  const [unit] = await db.select().from(accommodationUnits)
    .where(eq(accommodationUnits.propertyId, property.id));
  return { userId, token: (await signIn(app, email)).accessToken, propertyId: property.id, unit };
}

/** Someone invited to the property as `role` who accepted; signed in. */
async function member(p: Pipeline, owner: { token: string; propertyId: string }, email: string) {
  const { app, database: { db } } = p;
  const res = await postWith(app, `/api/Properties/${owner.propertyId}/members`, {
    email,
    role: "Reception",
  }, owner.token);
  assert.equal(res.status, 201, await res.clone().text());
  // The worker e-mails the link with a code of its own; then the test takes one it knows.
  await p.smtp.waitForMail((mail) => mail.text?.includes("/app/pozivnica") ?? false);
  const code = await issueInvitationCode(db, (await res.json()).id, new Date());
  await createHost(app, db, { email });
  const token = (await signIn(app, email)).accessToken;
  const accepted = await postWith(app, "/api/Properties/members/accept", { code }, token);
  assert.equal(accepted.status, 200, await accepted.clone().text());
  return token;
}

/** Registers a device whose endpoint is the test's push service; returns its keys and id. */
async function device(p: Pipeline, push: TestPushEndpoint, token: string, name: string) {
  const keys = await newPushKeys();
  const res = await postWith(p.app, DEVICES, {
    endpoint: push.endpointOf(name),
    keys: keys.keys,
  }, token);
  assert.equal(res.status, 201, await res.clone().text());
  return { keys, id: (await res.json()).id as string };
}

async function opened(push: TestPushEndpoint, name: string, keys: PushKeys, n = 1) {
  const received = await push.waitForPush(name, n);
  return JSON.parse(await decryptPush(received.body, keys));
}

Deno.test({
  name: "push: a guest waiting reaches the host's phone, encrypted, with Approve and Open",
  ...REAL_SERVERS,
  fn: () =>
    withPipeline(async (p) => {
      const push = startPushEndpoint();
      try {
        const ana = await host(p, "ana.push@example.com");
        const reception = await member(p, ana, "recepcija.push@example.com");
        // The owner is told the invitation was accepted; that notice is fanned out (to no device
        // yet) before the devices below are registered.
        const [joined] = await p.database.db.select().from(userNotifications)
          .where(eq(userNotifications.template, "PropertyMemberJoined"));
        assert.equal(joined.userId, ana.userId);
        assert.deepEqual(joined.placeholders, {
          propertyName: joined.placeholders.propertyName,
          role: "Reception",
        });
        await waitFor(async () =>
          (await p.database.db.select().from(processedEvents)
            .where(eq(processedEvents.consumer, "notifications_push"))).length > 0
        );
        const phone = await device(p, push, ana.token, "phone");
        const old = await device(p, push, ana.token, "old-tablet");
        const flaky = await device(p, push, ana.token, "flaky");
        push.answer("old-tablet", 410);
        push.answer("flaky", 500);
        const desk = await device(p, push, reception, "desk");

        const today = todayIn(STAY_TIME_ZONE);
        const booked = await postWith(p.app, "/api/Reservations", {
          accommodationUnitId: ana.unit.id,
          startDateUTC: noon(today),
          endDateUTC: noon(addDays(today, 3)),
        }, ana.token);
        assert.equal(booked.status, 200, await booked.clone().text());
        const { code } = await booked.json();
        const checkedIn = await p.app.request(postJson("/api/Reservations/Guests", {
          reservationCode: code,
          reservationGuests: [BIRGITTE],
        }));
        assert.equal(checkedIn.status, 200, await checkedIn.clone().text());

        // The phone: the push decrypts with the subscription's keys and is signed with VAPID.
        const received = await push.waitForPush("phone");
        assert.equal(received.headers.get("Content-Encoding"), "aes128gcm");
        assert.match(
          received.headers.get("Authorization") ?? "",
          new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${TEST_SECRETS.VAPID_PUBLIC_KEY}$`),
        );
        assert.ok(Number(received.headers.get("TTL")) > 0);
        const message = await opened(push, "phone", phone.keys);
        assert.equal(message.title, "Gost čeka vaše odobrenje");
        assert.match(message.body, /^B\. R\. · /);
        assert.equal(message.url, "/app/gosti");
        assert.deepEqual(message.actions.map((a: { action: string }) => a.action), [
          "approve",
          "open",
        ]);
        assert.deepEqual(message.actions.map((a: { title: string }) => a.title), [
          "Odobri",
          "Otvori",
        ]);
        // No personal data beyond initials: not the name, not the document.
        const plain = JSON.stringify(message);
        for (const secret of [BIRGITTE.firstName, BIRGITTE.surname, BIRGITTE.documentNumber]) {
          assert.ok(!plain.includes(secret), `no ${secret} in the push`);
        }
        // The bytes on the wire hold no trace of the text either.
        assert.ok(!new TextDecoder().decode(received.body).includes("B. R."));

        // "Approve" opens the approval sheet, which names the guests before the one tap.
        const token = new URL(message.approveUrl, "http://x").hash.slice(1);
        assert.match(message.approveUrl, /^\/app\/odobri-goste#/);
        const preview = await p.app.request(
          postJson("/api/Reservations/approveGuests/preview", { token }),
        );
        assert.equal(preview.status, 200, await preview.clone().text());
        assert.equal((await preview.json()).guests[0].name, BIRGITTE.firstName);

        // Reception is told of a guest at the door too, in its own push.
        const atDesk = await opened(push, "desk", desk.keys);
        assert.equal(atDesk.title, "Gost čeka vaše odobrenje");

        // A push service's 500 is retried: the second try arrives and decrypts.
        const retried = await opened(push, "flaky", flaky.keys, 2);
        assert.equal(retried.title, message.title);
        assert.equal(push.received.filter((r) => r.path === "/push/flaky")[0].status, 500);

        // 410: the subscription has expired and is removed from the host's devices.
        await push.waitForPush("old-tablet");
        await waitFor(async () => {
          const { devices } = await (await getWith(p.app, "/api/Users/manage/push", ana.token))
            .json();
          return devices.every((d: { id: string }) => d.id !== old.id) && devices;
        }, { what: "the expired device removed" });

        // Billing goes to the owner, never to reception.
        await createNotification(
          p.database.db,
          ana.userId,
          NOTIFICATION_TEMPLATES.subscriptionActivated,
          {
            dedupeKey: "push-test-paid",
            placeholders: { packageName: "Premium", end: new Date().toISOString() },
            now: new Date(),
          },
        );
        const paid = await opened(push, "phone", phone.keys, 2);
        assert.equal(paid.title, "Plaćanje je potvrđeno");
        assert.equal(paid.body, "Premium");
        const [notice] = await p.database.db.select().from(userNotifications)
          .where(eq(userNotifications.dedupeKey, "push-test-paid"));
        const paidPushes = (await p.database.db.select().from(outbox)
          .where(eq(outbox.subject, "notifications.push.requested")))
          .map((row) => row.payload as { notificationId: string; subscriptionId: string })
          .filter((push) => push.notificationId === notice.id);
        assert.deepEqual(
          paidPushes.map((push) => push.subscriptionId).sort(),
          [phone.id, flaky.id].sort(),
          "the owner's devices only",
        );
        assert.ok(!paidPushes.some((push) => push.subscriptionId === desk.id));
      } finally {
        await push.stop();
      }
    }),
});

Deno.test({
  name: "push: kinds turned off are not pushed; English hosts get English pushes",
  ...REAL_SERVERS,
  fn: () =>
    withPipeline(async (p) => {
      const push = startPushEndpoint();
      try {
        const ivo = await host(p, "ivo.push@example.com");
        const phone = await device(p, push, ivo.token, "ivo-phone");
        const kinds = await p.app.request("/api/Users/manage/push/kinds", {
          method: "PUT",
          headers: { Authorization: `Bearer ${ivo.token}`, "Content-Type": "application/json" },
          body: JSON.stringify({ kinds: ["checkOut", "team"] }),
        });
        assert.equal(kinds.status, 200);
        await p.database.db.update(users).set({ language: "en" }).where(eq(users.id, ivo.userId));
        const db = p.database.db;
        const now = new Date();
        await createNotification(db, ivo.userId, NOTIFICATION_TEMPLATES.subscriptionExpiring, {
          dedupeKey: "push-test-expiring",
          placeholders: { packageName: "Pro", end: now.toISOString() },
          now,
        });
        await createNotification(db, ivo.userId, NOTIFICATION_TEMPLATES.guestCheckOutDue, {
          dedupeKey: "push-test-checkout",
          placeholders: {
            accommodationUnit: "Apartman Lavanda",
            reservationList: "Birgitte Rasmussen",
            code: "ABC123",
            end: now.toISOString(),
          },
          now,
        });
        const message = await opened(push, "ivo-phone", phone.keys);
        assert.equal(message.title, "A guest's check-out is due");
        assert.equal(message.body, "B. R. · Apartman Lavanda");
        assert.equal(message.lang, "en");
        // Only the check-out went: the billing kind is off. (The expiry came first, and the
        // worker fans notifications out in order, so it was decided before this push.)
        const requested = await db.select().from(outbox)
          .where(eq(outbox.subject, "notifications.push.requested"));
        assert.equal(requested.length, 1);
        // A team invitation accepted ("team" is on).
        await createNotification(db, ivo.userId, NOTIFICATION_TEMPLATES.propertyMemberJoined, {
          dedupeKey: "push-test-joined",
          placeholders: { propertyName: "Vila Lavanda", role: "Reception" },
          now,
        });
        const joined = await opened(push, "ivo-phone", phone.keys, 2);
        assert.equal(joined.title, "A team invitation was accepted");
        assert.equal(joined.body, "Vila Lavanda · reception");
        assert.equal(joined.url, "/app/objekti");
      } finally {
        await push.stop();
      }
    }),
});
