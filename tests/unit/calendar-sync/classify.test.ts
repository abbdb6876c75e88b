import assert from "node:assert/strict";
import { classifyEvent, detectStyle } from "../../../workers/calendar-sync/classify.ts";

const AIRBNB_DESCRIPTION = "Reservation URL: https://www.airbnb.com/hosting/reservations/details/" +
  "HMABCD1234\nPhone Number (Last 4 Digits): 4321";

Deno.test("Airbnb: Reserved is a booking with code and phone digits; anything else is a block", () => {
  assert.deepEqual(classifyEvent("airbnb", "Reserved", AIRBNB_DESCRIPTION), {
    kind: "booking",
    details: { reservationCode: "HMABCD1234", phoneLast4: "4321" },
  });
  assert.deepEqual(classifyEvent("airbnb", "Airbnb (Not available)", ""), { kind: "block" });
  assert.deepEqual(classifyEvent("airbnb", "Not available", ""), { kind: "block" });
  assert.deepEqual(classifyEvent("airbnb", "Reserved", ""), { kind: "booking" });
});

Deno.test("Airbnb: the older itinerary URL still yields the reservation code", () => {
  const old = "Reservation URL: https://www.airbnb.com/reservation/itinerary?code=HMXY12AB34";
  assert.deepEqual(classifyEvent("airbnb", "Reserved", old), {
    kind: "booking",
    details: { reservationCode: "HMXY12AB34" },
  });
});

Deno.test("Vrbo: Reserved - NAME (also localised) is a booking with the name; Blocked is a block", () => {
  assert.deepEqual(classifyEvent("vrbo", "Reserved - Sarah O'Neil", ""), {
    kind: "booking",
    details: { guestName: "Sarah O'Neil" },
  });
  assert.deepEqual(classifyEvent("vrbo", "Réservée - Melanie", ""), {
    kind: "booking",
    details: { guestName: "Melanie" },
  });
  assert.deepEqual(classifyEvent("vrbo", "Blocked", ""), { kind: "block" });
  assert.deepEqual(classifyEvent("vrbo", "Indisponible", ""), { kind: "block" });
  assert.deepEqual(classifyEvent("vrbo", "Something else", ""), { kind: null });
});

Deno.test("Booking.com and the host's own calendars do not say: kind is null", () => {
  assert.deepEqual(classifyEvent("booking.com", "CLOSED - Not available", ""), { kind: null });
  assert.deepEqual(classifyEvent("booking.com", "CLOSED – Not available", ""), { kind: null });
  assert.deepEqual(classifyEvent("google", "Reserved", AIRBNB_DESCRIPTION), { kind: null });
  assert.deepEqual(classifyEvent("outlook", "Blocked", ""), { kind: null });
  assert.deepEqual(classifyEvent("unknown", "Reserved - Ana", ""), { kind: null });
});

Deno.test("the platform is told by UID domain before PRODID", () => {
  const booking = {
    uid: "0ac8238254a2d6e0d06e8eab840592f7@booking.com",
    summary: "CLOSED - Not available",
  };
  assert.equal(
    detectStyle({ prodid: "-//Some Channel Manager//EN", events: [booking] }),
    "booking.com",
  );
  assert.equal(
    detectStyle({ prodid: null, events: [{ uid: "abc@airbnb.de", summary: "Reserved" }] }),
    "airbnb",
  );
});

Deno.test("without telling UIDs, the SUMMARY wording decides", () => {
  const vrbo = [
    { uid: "48c2b3a8-43b0-4fa7-b72f-5273098db655", summary: "Reserved - Melanie" },
    { uid: "07f6e609-402d-42b7-bc21-422884a3410c", summary: "Blocked" },
  ];
  assert.equal(detectStyle({ prodid: null, events: vrbo }), "vrbo");
  const closed = [{ uid: "opaque-1", summary: "CLOSED – Not available" }];
  assert.equal(detectStyle({ prodid: null, events: closed }), "booking.com");
  const airbnb = [{ uid: "x", summary: "Reserved" }, { uid: "y", summary: "Not available" }];
  assert.equal(detectStyle({ prodid: null, events: airbnb }), "airbnb");
});

Deno.test("an empty feed falls back on PRODID, and an unknown one stays unknown", () => {
  assert.equal(
    detectStyle({ prodid: "-//Airbnb Inc//Hosting Calendar 0.8.8//EN", events: [] }),
    "airbnb",
  );
  assert.equal(detectStyle({ prodid: "-//HomeAway.com, Inc.//EN", events: [] }), "vrbo");
  assert.equal(
    detectStyle({
      prodid: "-//Example//Thing//EN",
      events: [{ uid: "1@x.example", summary: "Stay" }],
    }),
    "unknown",
  );
});
