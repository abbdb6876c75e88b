import assert from "node:assert/strict";
import { NOTIFICATION_TEMPLATES } from "@shared/notification-templates.ts";
import { PUSH_KIND_OF_TEMPLATE } from "@shared/push-kinds.ts";
import { composePushMessage } from "../../../workers/notifications/push-message.ts";

const notice = (template: string, placeholders: Record<string, string>) => ({
  id: "n1",
  template,
  placeholders,
});

Deno.test("push: every e-mailed notification has a push kind and a worded title", () => {
  for (const kind of Object.values(NOTIFICATION_TEMPLATES)) {
    if (!kind.email) continue;
    assert.ok(PUSH_KIND_OF_TEMPLATE[kind.template], `${kind.template} has no push kind`);
    for (const lang of ["hr", "en"] as const) {
      const message = composePushMessage(notice(kind.template, {}), lang);
      assert.notEqual(message.title, lang === "hr" ? "Nova obavijest" : "New notification");
      assert.match(message.url, /^\/app\//, kind.template);
    }
  }
});

Deno.test("push: guests are named by initials only, a walk-in not at all", () => {
  const due = composePushMessage(
    notice("GuestRegistrationDue", {
      accommodationUnit: "Apartman Lavanda",
      reservationList: "Ana Marija Horvat",
      code: "ABC",
    }),
    "hr",
  );
  assert.equal(due.body, "A. H. · Apartman Lavanda");
  const walkIn = composePushMessage(
    notice("StayRequested", {
      accommodationUnit: "Apartman Lavanda",
      guestCount: "2",
      name: "Marko Gost",
      phone: "+385 91 234 5678",
      requestId: "r1",
    }),
    "en",
  );
  assert.equal(walkIn.body, "Apartman Lavanda · 2 guests");
  assert.doesNotMatch(JSON.stringify(walkIn), /Marko|385/);
});

Deno.test("push: a guest waiting offers Approve and Open; without a link, no actions", () => {
  const held = notice("GuestAddedByGuest", {
    accommodationUnit: "Apartman 1",
    code: "ABC",
    guestId: "g1",
    initials: "B. R.",
    held: "true",
  });
  const waiting = composePushMessage(held, "en", {
    url: "/app/odobri-goste#t",
    initials: ["B. R.", "I. B."],
  });
  assert.equal(waiting.title, "A guest is waiting for approval");
  assert.equal(waiting.body, "B. R., I. B. · Apartman 1");
  assert.equal(waiting.approveUrl, "/app/odobri-goste#t");
  assert.deepEqual(waiting.actions, [
    { action: "approve", title: "Approve" },
    { action: "open", title: "Open" },
  ]);
  const arrived = composePushMessage(held, "hr");
  assert.equal(arrived.actions, undefined);
  assert.equal(arrived.approveUrl, undefined);
});
