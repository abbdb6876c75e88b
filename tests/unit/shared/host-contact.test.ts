import assert from "node:assert/strict";
import { MESSAGES, messageText } from "@shared/messages.ts";
import { hostContactOf } from "@shared/schemas/host-contact.ts";
import { PropertySettingsUpdate } from "@shared/schemas/property.ts";
import { whatsAppLink } from "@shared/whatsapp-link.ts";
import { doorWindow } from "@shared/door-window.ts";
import { initialsOf } from "@shared/guest-initials.ts";

const settings = (contact: Record<string, string>) =>
  PropertySettingsUpdate.safeParse({ propertyId: "p1", ...contact });

Deno.test("the host's contact for guests: a phone, WhatsApp with its country code, an e-mail", () => {
  assert.ok(settings({}).success, "all optional");
  assert.ok(
    settings({
      guestContactPhone: "091 555 1234",
      guestContactWhatsApp: "+385 91 555 1234",
      guestContactEmail: "ana@example.com",
    }).success,
  );
  assert.ok(settings({ guestContactWhatsApp: "00385 91 555 1234" }).success);
  assert.ok(settings({ guestContactPhone: "", guestContactEmail: "" }).success, "empty is none");
  for (
    const [field, value] of [
      ["guestContactPhone", "zovi me"],
      ["guestContactPhone", "12"],
      ["guestContactWhatsApp", "091 555 1234"],
      ["guestContactEmail", "ana@"],
    ]
  ) {
    const result = settings({ [field]: value });
    assert.equal(result.success, false, `${field}: ${value}`);
    const message = messageText(result.error!.issues[0].message);
    assert.ok([MESSAGES.numberInvalid, MESSAGES.email].includes(message as never), message);
  }
  assert.equal(whatsAppLink("+385 91 555 1234"), "https://wa.me/385915551234");
  assert.equal(whatsAppLink("00385 91 555 1234"), "https://wa.me/385915551234");
  const none = { guestContactPhone: null, guestContactWhatsApp: "", guestContactEmail: null };
  assert.equal(hostContactOf(none), null, "no contact rather than a made-up one");
});

Deno.test("the door opens for tomorrow's arrival at 18:00 in Zagreb, summer and winter", () => {
  // 17:59 and 18:00 in Zagreb: UTC+1 in November, UTC+2 in July.
  assert.deepEqual(doorWindow(new Date("2026-11-20T16:59:00Z")), {
    today: "2026-11-20",
    latestArrival: "2026-11-20",
  });
  assert.deepEqual(doorWindow(new Date("2026-11-20T17:00:00Z")), {
    today: "2026-11-20",
    latestArrival: "2026-11-21",
  });
  assert.equal(doorWindow(new Date("2026-07-10T15:59:00Z")).latestArrival, "2026-07-10");
  assert.equal(doorWindow(new Date("2026-07-10T16:00:00Z")).latestArrival, "2026-07-11");
  // Past midnight Zagreb's new day is today itself.
  assert.deepEqual(doorWindow(new Date("2026-11-20T23:30:00Z")), {
    today: "2026-11-21",
    latestArrival: "2026-11-21",
  });
});

Deno.test("other guests as initials", () => {
  assert.equal(initialsOf("Ivan", "Babić"), "I. B.");
  assert.equal(initialsOf("šime ", "ćosić"), "Š. Ć.");
  assert.equal(initialsOf("", ""), "", "an anonymised guest");
});
