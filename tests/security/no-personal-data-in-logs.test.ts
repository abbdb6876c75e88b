import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { jetstreamManager } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import { natsConnectOptions } from "@core/platform/nats.ts";
import { Gender } from "@shared/enums.ts";
import { addDays } from "@shared/local-date.ts";
import { todayInStayZone } from "@shared/time-zone.ts";
import { mailTo } from "../support/e2e.ts";
import { DEMO_HOST } from "../support/evisitor-sim.ts";
import { BIRGITTE } from "../support/guests.ts";
import { startStack, type TestStack } from "../support/stack.ts";
import { waitFor } from "../support/wait.ts";

/**
 * The product's promise that personal data never reaches a log (docs/architecture.md, "Logs"),
 * checked on the real thing: the API and the workers as processes (startStack), a whole journey
 * through the public API, then every line they logged is searched for the people in it. The
 * JetStream streams, dead letters included, are searched too: events carry ids only.
 */

const HOST = { email: "vesna.kovacevic.pd@example.com", password: "Jadran-Sunce-2026!" };
const EVISITOR_API_KEY = "Tajni-API-kljuc-5c1e";

/** Birgitte is also the person in the MRZ fixture photo 001_td3_l0.jpg. */
const GUESTS = {
  birgitte: {
    ...BIRGITTE,
    residenceAddress: "Nørrebrogade 41",
    email: "birgitte.r@example.dk",
    telephone: "+45 31 55 77 99",
  },
  ingeborg: {
    ...BIRGITTE,
    firstName: "Ingeborg",
    surname: "Skovgaard",
    dateOfBirth: "1974-02-17",
    cityOfBirth: "Odense",
    documentNumber: "DK7734521",
  },
  /** eVisitor refuses him (his stay is longer than it allows): his registration fails. */
  radomir: {
    ...BIRGITTE,
    firstName: "Radomir",
    surname: "Vukasinovic",
    gender: Gender.Male,
    dateOfBirth: "1988-12-09",
    cityOfBirth: "Aarhus",
    documentNumber: "RV5512097",
  },
};
const CONTACT = {
  firstName: "Ljubomir",
  lastName: "Šimunović",
  email: "ljubomir.simunovic@example.net",
  message: "Molim vas nazovite me na 091 555 1234 u vezi apartmana.",
};
const MRZ_PHOTO = new URL("../../../shared/fixtures/mrz/001_td3_l0.jpg", import.meta.url);
/** The MRZ lines of that photo (../shared/fixtures/mrz/001_td3_l0.json). */
const MRZ_LINES = [
  "P<DNKRASMUSSEN<<BIRGITTE<IDA<<<<<<<<<<<<<<<<",
  "1099578225DNK6110257F2908052<<<<<<<<<<<<<<<4",
];

/** Each date of birth as the product writes it: ISO, eVisitor's compact form, Croatian. */
const datesOf = (iso: string) => {
  const [y, m, d] = iso.split("-");
  return [iso, `${y}${m}${d}`, `${d}.${m}.${y}`];
};

/** What must never be in a log line or a stream message. */
const PERSONAL = [
  ...Object.values(GUESTS).flatMap((g) => [
    g.firstName,
    g.surname,
    g.documentNumber,
    ...datesOf(g.dateOfBirth),
  ]),
  GUESTS.birgitte.residenceAddress,
  GUESTS.birgitte.email,
  GUESTS.birgitte.telephone,
  "Birgitte Ida",
  ...MRZ_LINES,
  CONTACT.firstName,
  CONTACT.lastName,
  CONTACT.email,
  CONTACT.message,
  "091 555 1234",
  HOST.email,
  HOST.password,
  DEMO_HOST.password,
  EVISITOR_API_KEY,
];

/** The lines holding `value` (case aside), for a failure message that shows the leak. */
function leaksOf(text: string, values: string[]) {
  const lower = text.toLowerCase();
  return values.filter((v) => lower.includes(v.toLowerCase())).map((value) => ({
    value,
    lines: text.split("\n").filter((l) => l.toLowerCase().includes(value.toLowerCase()))
      .slice(0, 3),
  }));
}

/** Every message of every JetStream stream, data and headers, as text. */
async function streamContents(natsUrl: string): Promise<{ text: string; deadLetters: number }> {
  const nc = await connect(natsConnectOptions(natsUrl, "no-personal-data-test"));
  try {
    const jsm = await jetstreamManager(nc);
    const parts: string[] = [];
    let deadLetters = 0;
    for await (const stream of jsm.streams.list()) {
      const { first_seq, last_seq, messages } = stream.state;
      for (let seq = first_seq; messages > 0 && seq <= last_seq; seq++) {
        const msg = await jsm.streams.getMessage(stream.config.name, { seq }).catch(() => null);
        if (!msg) continue;
        if (stream.config.name === "DLQ") deadLetters++;
        const headers = msg.header
          ? [...msg.header.keys()].map((k) => `${k}: ${msg.header!.get(k)}`).join("\n")
          : "";
        parts.push(`${msg.subject}\n${headers}\n${new TextDecoder().decode(msg.data)}`);
      }
    }
    return { text: parts.join("\n---\n"), deadLetters };
  } finally {
    await nc.close();
  }
}

Deno.test({
  name:
    "a whole journey leaves no guest, host or contact data and no credentials in the logs or streams",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const stack: TestStack = await startStack();
    try {
      const api = async (
        path: string,
        { method = "GET", body, token }: { method?: string; body?: unknown; token?: string } = {},
      ) => {
        const res = await fetch(`${stack.baseUrl}${path}`, {
          method,
          headers: {
            ...(body === undefined ? {} : { "Content-Type": "application/json" }),
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        return { status: res.status, json: text ? JSON.parse(text) : undefined };
      };
      const expect = async (
        call: Promise<{ status: number; json: unknown }>,
        status: number,
      ) => {
        const answer = await call;
        assert.equal(answer.status, status, JSON.stringify(answer.json));
        return answer.json as Record<string, unknown> & { items: Record<string, unknown>[] };
      };

      // A host registers, confirms the e-mail from the real message, and signs in; a wrong
      // password and a forgotten-password request on the way.
      await expect(
        api("/api/Users/register", {
          method: "POST",
          body: { ...HOST, acceptLegalDocuments: true },
        }),
        200,
      );
      const mail = await stack.smtp.waitForMail(mailTo(HOST.email));
      const [, userId, code] = /\/app\/potvrdi-email\/([^/\s]+)\/(\S+)/.exec(mail.text ?? "")!;
      await expect(api(`/api/Users/confirmEmail?userId=${userId}&code=${code}`), 200);
      await expect(
        api("/api/Users/login", { method: "POST", body: { ...HOST, password: "Kriva-1234!" } }),
        401,
      );
      await expect(
        api("/api/Users/forgotPassword", { method: "POST", body: { email: HOST.email } }),
        200,
      );
      const { accessToken: token } = await expect(
        api("/api/Users/login", { method: "POST", body: HOST }),
        200,
      ) as unknown as { accessToken: string };

      // The simulator's demo eVisitor account: a wrong password first, then the right one.
      await expect(
        api("/api/ExternalAccounts", {
          method: "POST",
          token,
          body: { username: DEMO_HOST.username, password: "Kriva-Lozinka-9" },
        }),
        400,
      );
      await expect(
        api("/api/ExternalAccounts", {
          method: "POST",
          token,
          body: { ...DEMO_HOST, email: HOST.email, apiKey: EVISITOR_API_KEY },
        }),
        200,
      );
      const property = await waitFor(async () => {
        const page = await expect(api("/api/Properties?PageNumber=1&PageSize=10", { token }), 200);
        return page.items.find((p) => (p.accommodationUnits as unknown[]).length >= 2);
      }, { timeoutMs: 30_000, what: "the demo account's properties" });
      const units = property.accommodationUnits as { id: string }[];
      // Guests go to eVisitor at once (off: they wait for the host's approval, issue 20).
      await expect(
        api(`/api/Properties/Settings/${property.id}`, {
          method: "PUT",
          token,
          body: { propertyId: property.id, automaticCheckIn: true },
        }),
        200,
      );

      // Two stays under way: guests check in on the public call, as the check-in page does.
      const stay = async (unit: { id: string }, nights = 3) =>
        (await expect(
          api("/api/Reservations", {
            method: "POST",
            token,
            body: {
              accommodationUnitId: unit.id,
              startDateUTC: `${todayInStayZone()}T12:00:00.000Z`,
              endDateUTC: `${addDays(todayInStayZone(), nights)}T12:00:00.000Z`,
            },
          }),
          200,
        )).code as string;
      const checkIn = (reservationCode: string, guests: object[]) =>
        expect(
          api("/api/Reservations/Guests", {
            method: "POST",
            body: { reservationCode, reservationGuests: guests },
          }),
          200,
        );
      const guestList = async () =>
        (await expect(
          api(`/api/Guests?PropertyId=${property.id}&PageNumber=1&PageSize=50`, { token }),
          200,
        )).items as { id: string; externalId: string; registrationState: string; status: string }[];
      const waitForStates = (count: number, state: string) =>
        waitFor(async () => {
          const list = await guestList();
          return list.filter((g) => g.registrationState === state).length >= count && list;
        }, { timeoutMs: 30_000, intervalMs: 300, what: `${count} guests ${state}` });

      // eVisitor is down for a moment: the first attempts fail and are retried.
      await stack.evisitor.control.fail("http500", 2, { path: "CheckInTourist" });
      const first = await stay(units[0]);
      await checkIn(first, [GUESTS.birgitte, GUESTS.ingeborg]);
      await waitForStates(2, "registered");

      // eVisitor refuses the next guest (a stay longer than it allows): recorded with its
      // message, the host notified in the app and by e-mail.
      const second = await stay(units[1], 100);
      await checkIn(second, [GUESTS.radomir]);
      await waitForStates(1, "failed");

      // The host looks at everything: the stay, a guest in full, the proof of residence, a
      // search by surname, the notifications; and checks Birgitte out.
      const list = await guestList();
      const registered = list.filter((g) => g.registrationState === "registered");
      await expect(api(`/api/Reservations/${first}`, { token }), 200);
      await expect(
        api(`/api/Guests/details?ExternalId=${registered[0].externalId}`, { token }),
        200,
      );
      await expect(
        api(`/api/Guests/proofOfResidence?ExternalId=${registered[0].externalId}`, { token }),
        200,
      );
      await expect(
        api(
          `/api/Guests?PropertyId=${property.id}&PageNumber=1&PageSize=5&SearchValue=${GUESTS.birgitte.surname}`,
          { token },
        ),
        200,
      );
      await expect(api("/api/UserNotifications?pageNumber=1&pageSize=50", { token }), 200);
      await expect(api("/api/Statistics", { token }), 200);
      await expect(
        api("/api/Guests/checkout", { method: "POST", token, body: [{ id: registered[0].id }] }),
        202,
      );
      await waitFor(
        async () => (await guestList()).some((g) => g.status === "CheckedOut"),
        { timeoutMs: 30_000, intervalMs: 300, what: "a guest checked out" },
      );
      // The other registration is cancelled with a reason naming the guest (kept with the guest,
      // never in a log line or an event), and Birgitte's check-out undone.
      await expect(
        api("/api/Guests/cancel", {
          method: "POST",
          token,
          body: {
            guests: [{ id: registered[1].id }],
            reason: `${GUESTS.ingeborg.firstName} ${GUESTS.ingeborg.surname} nije došla`,
          },
        }),
        202,
      );
      await expect(
        api("/api/Guests/undoCheckout", {
          method: "POST",
          token,
          body: [{ id: registered[0].id }],
        }),
        202,
      );
      await waitFor(
        async () => {
          const guests = await guestList();
          return guests.some((g) => g.status === "Cancelled") &&
            !guests.some((g) => g.status === "CheckedOut");
        },
        {
          timeoutMs: 30_000,
          intervalMs: 300,
          what: "a registration cancelled, a check-out undone",
        },
      );
      // A guest typed into a wrong address, a refused check-in and a broken body with the data.
      await expect(api(`/api/Reservations/${GUESTS.birgitte.documentNumber}`), 404);
      await expect(
        api("/api/Reservations/Guests", {
          method: "POST",
          body: {
            reservationCode: first,
            reservationGuests: [{ ...GUESTS.ingeborg, dateOfBirth: "2999-01-01" }],
          },
        }),
        400,
      );
      const broken = await fetch(`${stack.baseUrl}/api/Reservations/Guests`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ reservationCode: first, reservationGuests: [GUESTS.ingeborg] })
          .slice(0, -3),
      });
      assert.equal(broken.status, 400);
      await broken.body?.cancel();

      // A document photo read by the mrz worker.
      const photo = Buffer.from(await Deno.readFile(MRZ_PHOTO)).toString("base64");
      const read = await expect(
        api("/api/Reservations/Guests/MRZ", { method: "POST", body: { imageBytes: photo } }),
        200,
      );
      assert.equal(read.documentNumber, BIRGITTE.documentNumber, "the photo was read");

      // A contact message, mailed to support.
      await expect(api("/api/Support/contact-form", { method: "POST", body: CONTACT }), 200);
      await stack.smtp.waitForMail((m) => (m.text ?? "").includes(CONTACT.message));

      // With the mail server gone, the next message fails until it is dead-lettered.
      await stack.smtp.stop();
      await expect(
        api("/api/Support/contact-form", {
          method: "POST",
          body: { ...CONTACT, message: `${CONTACT.message} (2)` },
        }),
        200,
      );
      await waitFor(async () => (await streamContents(stack.nats.urls.test)).deadLetters > 0, {
        timeoutMs: 30_000,
        intervalMs: 500,
        what: "a dead letter",
      });

      // Now the search: the logs of both processes, and every stream's messages.
      const logs = await stack.logs();
      assert.ok(logs.includes('"msg":"guest registered"'), "the journey was logged");
      assert.ok(logs.includes('"msg":"event failed, will retry"'), "the retries were logged");
      assert.ok(logs.includes('"msg":"event dead-lettered"'), "the dead letter was logged");
      assert.ok(logs.includes('"msg":"mrz read"'), "the photo was read and logged");
      assert.deepEqual(leaksOf(logs, PERSONAL), [], "nothing personal in the logs");
      const streams = await streamContents(stack.nats.urls.test);
      assert.ok(streams.text.includes("Prijavko-Reason"), "the dead letter was read");
      assert.deepEqual(leaksOf(streams.text, PERSONAL), [], "nothing personal in the streams");
    } finally {
      await stack.stop();
    }
  },
});
