import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { NOTIFICATION_TEMPLATES } from "@shared/notification-templates.ts";
import { contactMessages } from "@core/db/schema/contact-messages.ts";
import { guests } from "@core/db/schema/guests.ts";
import { reservations } from "@core/db/schema/reservations.ts";
import { userNotifications } from "@core/db/schema/user-notifications.ts";
import { createNotification } from "@core/services/notifications/create-notification.ts";
import {
  DEFAULT_GUEST_DATA_RETENTION_DAYS,
  removeExpiredGuestData,
} from "@core/services/guests/guest-data-retention.ts";
import { runScheduler } from "../../workers/scheduler/scheduler.ts";
import { guestRetentionJob } from "../../workers/scheduler/jobs/guest-retention.ts";
import {
  CONTACT_RETENTION,
  contactRetentionJob,
} from "../../workers/scheduler/jobs/contact-retention.ts";
import { scheduleMarks } from "@core/db/schema/schedule-marks.ts";
import { GUEST_DATA_RETENTION } from "@core/services/guests/guest-data-retention.ts";
import { markDailyJobDone } from "../../workers/runner/daily-job.ts";
import { createHost, getWith, signIn } from "../support/accounts.ts";
import { postJson, withTestApp } from "../support/app.ts";
import { BIRGITTE } from "../support/guests.ts";
import { seedMirroredAccount } from "../support/properties.ts";
import { waitFor } from "../support/wait.ts";

/**
 * 10 August 2026, 09:00 in Zagreb: the stays below are under way, so their guests can check in.
 * Retention is the default 30 days; the first run is on 11 September, 31 days (N+1) after the
 * 11 August check-outs and 29 days (N−1) after the 13 August one.
 */
const NOW = new Date("2026-08-10T07:00:00Z");
const N = DEFAULT_GUEST_DATA_RETENTION_DAYS;
const RUN = new Date("2026-09-11T01:00:00Z");
const NEXT_DAY = new Date("2026-09-12T01:00:00Z");

type Ctx = Parameters<Parameters<typeof withTestApp>[0]>[0];

const person = (
  firstName: string,
  surname: string,
  documentNumber: string,
  dateOfBirth: string,
) => ({
  ...BIRGITTE,
  firstName,
  surname,
  documentNumber,
  dateOfBirth,
  residenceAddress: `${surname}vej 7`,
  email: `${firstName.toLowerCase()}@example.dk`,
  telephone: "+45 20 12 34 56",
});

/** Each guest's identifying values, to look for after the run. */
const ADA = person("Adalind", "Zwiebelmeier", "QX4711001", "1979-04-01");
const EVA = person("Evangelina", "Quartermaine", "QX4711002", "1979-04-02");
const BEA = person("Beatrix", "Oxenstierna", "QX4711003", "1979-04-03");
const CLEO = person("Cleopatra", "Vandersloot", "QX4711004", "1979-04-04");
const DORA = person("Dorothea", "Featherstonehaugh", "QX4711005", "1979-04-05");

async function setUp(ctx: Ctx) {
  const userId = await createHost(ctx.app, ctx.db, { email: "ana@example.com" });
  await seedMirroredAccount(ctx.db, userId);
  const token = (await signIn(ctx.app, "ana@example.com")).accessToken;
  const [property] =
    (await (await getWith(ctx.app, "/api/Properties?PageNumber=1&PageSize=5", token)).json())
      .items;
  const units: { id: string }[] = property.accommodationUnits;
  const stay = async (unit: number, start: string, end: string, people: object[]) => {
    const res = await ctx.app.request(postJson("/api/Reservations", {
      accommodationUnitId: units[unit].id,
      startDateUTC: `${start}T12:00:00Z`,
      endDateUTC: `${end}T12:00:00Z`,
    }, { Authorization: `Bearer ${token}` }));
    assert.equal(res.status, 200, await res.clone().text());
    const { code } = await res.json();
    const checkIn = await ctx.app.request(
      postJson("/api/Reservations/Guests", { reservationCode: code, reservationGuests: people }),
    );
    assert.equal(checkIn.status, 200, await checkIn.clone().text());
    return code as string;
  };
  const codes = {
    // Ada is checked out of eVisitor; Eva is registered but her check-out is still to be made.
    a: await stay(0, "2026-08-08", "2026-08-11", [ADA, EVA]),
    // Bea is checked out, but her stay ended only on 13 August.
    b: await stay(1, "2026-08-09", "2026-08-13", [BEA]),
    // Cleo's stay was cancelled before she was registered.
    c: await stay(2, "2026-08-10", "2026-08-11", [CLEO]),
    // eVisitor refused Dora: the host still has to register her.
    d: await stay(3, "2026-08-10", "2026-08-11", [DORA]),
  };
  const all = await ctx.db.select().from(guests);
  const idOf = (who: { firstName: string }) => all.find((g) => g.name === who.firstName)!.id;
  const ids = {
    ada: idOf(ADA),
    eva: idOf(EVA),
    bea: idOf(BEA),
    cleo: idOf(CLEO),
    dora: idOf(DORA),
  };
  const set = (id: string, values: Partial<typeof guests.$inferInsert>) =>
    ctx.db.update(guests).set(values).where(eq(guests.id, id));
  await set(ids.ada, { status: "CheckedOut", registrationState: "registered" });
  await set(ids.eva, { status: "CheckedIn", registrationState: "registered" });
  await set(ids.bea, { status: "CheckedOut", registrationState: "registered" });
  await set(ids.cleo, {
    registrationState: "failed",
    registrationFailure: "stay-cancelled",
    registrationError: null,
  });
  await ctx.db.update(reservations).set({ canceledAt: NOW }).where(eq(reservations.code, codes.c));
  await set(ids.dora, {
    registrationState: "failed",
    registrationFailure: "evisitor-refused",
    registrationError: `Turist ${DORA.firstName} ${DORA.surname} već je prijavljen`,
  });
  // Notifications that name guests, as the evisitor worker writes them.
  for (const [id, who] of [[ids.ada, ADA], [ids.bea, BEA]] as const) {
    await createNotification(ctx.db, userId, NOTIFICATION_TEMPLATES.guestCheckedIn, {
      dedupeKey: `guest-checked-in:${id}`,
      placeholders: {
        accommodationUnit: "Apartman 1",
        reservationList: `${who.firstName} ${who.surname}`,
      },
      now: NOW,
    });
  }
  return { userId, token, codes, ids };
}

const rowOf = async (ctx: Ctx, id: string) =>
  (await ctx.db.select().from(guests).where(eq(guests.id, id)))[0];

/** Every identifying value of a guest, as the form sent it. */
const identifying = (who: ReturnType<typeof person>) => [
  who.firstName,
  who.surname,
  who.documentNumber,
  who.dateOfBirth,
  who.residenceAddress,
  who.email,
];

/** GET /Statistics with the clock at `at` (signed in afresh: a month later the token is old). */
const statisticsAt = async (ctx: Ctx, at: Date) => {
  ctx.clock.advanceMinutes((at.getTime() - ctx.clock.now().getTime()) / 60_000);
  const { accessToken } = await signIn(ctx.app, "ana@example.com");
  const res = await getWith(ctx.app, "/api/Statistics", accessToken);
  assert.equal(res.status, 200);
  return await res.json();
};

Deno.test("guests' personal data is removed N days after check-out once eVisitor is done with them; counts stay", () =>
  withTestApp(async (ctx) => {
    const { codes, ids } = await setUp(ctx);
    const before = await statisticsAt(ctx, RUN);
    assert.equal(before.totalGuests, 4, "Cleo's stay is cancelled and not counted");

    const first = await removeExpiredGuestData(ctx.db, RUN, { retentionDays: N });
    // Ada's "registered" and both "came in by the link" notifications (issue 20).
    assert.deepEqual(first, { guests: 2, notifications: 3 }, "Ada (N+1 days) and Cleo (cancelled)");

    // Ada: anonymised, the row kept with what statistics and eVisitor's record need.
    const ada = await rowOf(ctx, ids.ada);
    assert.equal(ada.anonymisedAt?.getTime(), RUN.getTime());
    assert.deepEqual(
      {
        name: ada.name,
        middleName: ada.middleName,
        surname: ada.surname,
        dateOfBirth: ada.dateOfBirth,
        cityOfBirth: ada.cityOfBirth,
        cityOfResidence: ada.cityOfResidence,
        residenceAddress: ada.residenceAddress,
        documentNumberSealed: ada.documentNumberSealed,
        documentKey: ada.documentKey,
        email: ada.email,
        telephone: ada.telephone,
        registrationError: ada.registrationError,
      },
      {
        name: "",
        middleName: null,
        surname: "",
        dateOfBirth: "",
        cityOfBirth: null,
        cityOfResidence: "",
        residenceAddress: null,
        documentNumberSealed: "",
        documentKey: `anonymised:${ids.ada}`,
        email: null,
        telephone: null,
        registrationError: null,
      },
    );
    assert.equal(ada.status, "CheckedOut");
    assert.equal(ada.citizenship, "DNK");
    assert.equal((await rowOf(ctx, ids.cleo)).anonymisedAt?.getTime(), RUN.getTime());

    // Kept: Eva (check-out pending), Bea (N−1 days), Dora (registration failed).
    for (const [id, who] of [[ids.eva, EVA], [ids.bea, BEA], [ids.dora, DORA]] as const) {
      const row = await rowOf(ctx, id);
      assert.equal(row.anonymisedAt, null, `${who.firstName} keeps her data`);
      assert.equal(row.surname, who.surname);
    }

    // Nothing of Ada or Cleo is left in any row of any table.
    const dump = JSON.stringify([
      await ctx.db.select().from(guests),
      await ctx.db.select().from(userNotifications),
    ]);
    for (const value of [...identifying(ADA), ...identifying(CLEO)]) {
      assert.ok(!dump.includes(value), `${value} is gone`);
    }

    // Ada's notification is emptied and deleted (the app drops it at its next sync); Bea's stays.
    const notes = await ctx.db.select().from(userNotifications);
    const adaNote = notes.find((n) => n.dedupeKey === `guest-checked-in:${ids.ada}`)!;
    assert.equal(adaNote.placeholders.reservationList, "");
    assert.equal(adaNote.placeholders.accommodationUnit, "Apartman 1");
    assert.equal(adaNote.deletedAt?.getTime(), RUN.getTime());
    const adaArrival = notes.find((n) => n.dedupeKey === `guest-added:${ids.ada}`)!;
    assert.equal(adaArrival.placeholders.initials, "", "not even her initials");
    assert.equal(adaArrival.deletedAt?.getTime(), RUN.getTime());
    const beaNote = notes.find((n) => n.dedupeKey === `guest-checked-in:${ids.bea}`)!;
    assert.equal(beaNote.placeholders.reservationList, "Beatrix Oxenstierna");
    assert.equal(beaNote.deletedAt, null);

    // The statistics count exactly as before.
    assert.deepEqual(await statisticsAt(ctx, RUN), before);

    // The host still reads the stay; Ada shows as anonymised, Eva in full.
    const { accessToken: token } = await signIn(ctx.app, "ana@example.com");
    const stay = await (await getWith(ctx.app, `/api/Reservations/${codes.a}`, token)).json();
    const shown = Object.fromEntries(
      stay.guests.map((g: { id: string }) => [g.id, g]),
    ) as Record<string, Record<string, unknown>>;
    assert.equal(shown[ids.ada].name, "");
    assert.equal(shown[ids.ada].documentNumber, "");
    assert.equal(shown[ids.ada].anonymisedAt, RUN.toISOString());
    assert.equal(shown[ids.eva].documentNumber, EVA.documentNumber);
    assert.equal(shown[ids.eva].anonymisedAt, null);
    // The guest list says which guests' data was removed, so the app can say so instead of a blank.
    const list = await (await getWith(
      ctx.app,
      `/api/Guests?PropertyId=${stay.accommodationUnit.propertyId}&PageNumber=1&PageSize=50`,
      token,
    )).json();
    const listed = Object.fromEntries(
      list.items.map((g: { id: string }) => [g.id, g]),
    ) as Record<string, Record<string, unknown>>;
    assert.equal(listed[ids.ada].surnameAndName, "");
    assert.equal(listed[ids.ada].anonymisedAt, RUN.toISOString());
    assert.equal(listed[ids.eva].anonymisedAt, null);
    const proof = await getWith(
      ctx.app,
      `/api/Guests/proofOfResidence?ExternalId=${ada.guid}`,
      token,
    );
    assert.equal(proof.status, 404);
    assert.equal(
      (await proof.json()).detail,
      "This guest's personal data was removed after the retention period.",
    );

    // Idempotent: a second run changes nothing.
    const snapshot = JSON.stringify(await ctx.db.select().from(guests));
    assert.deepEqual(await removeExpiredGuestData(ctx.db, RUN, { retentionDays: N }), {
      guests: 0,
      notifications: 0,
    });
    assert.equal(JSON.stringify(await ctx.db.select().from(guests)), snapshot);

    // N days after her check-out, Bea's turn; Eva and Dora still wait for eVisitor.
    assert.deepEqual(await removeExpiredGuestData(ctx.db, NEXT_DAY, { retentionDays: N }), {
      guests: 1,
      notifications: 2,
    });
    assert.ok((await rowOf(ctx, ids.bea)).anonymisedAt);
    assert.equal((await rowOf(ctx, ids.eva)).anonymisedAt, null);
    assert.equal((await rowOf(ctx, ids.dora)).anonymisedAt, null);
    assert.deepEqual(await statisticsAt(ctx, RUN), before, "still the same counts");
  }, { now: NOW }));

Deno.test("the retention job works in batches and leaves no old values in the database file", () =>
  withTestApp(async (ctx) => {
    const { ids } = await setUp(ctx);
    await ctx.db.update(guests).set({ status: "CheckedOut", registrationState: "registered" });
    const result = await removeExpiredGuestData(ctx.db, NEXT_DAY, {
      retentionDays: N,
      batchSize: 2,
    });
    assert.deepEqual(result.guests, 5, "three batches: 2, 2 and 1");
    for (const id of Object.values(ids)) assert.ok((await rowOf(ctx, id)).anonymisedAt);

    // secure_delete zeroes what was overwritten, and the checkpoint empties the log: the names
    // are nowhere in the files any more, not even in free pages.
    const [{ file }] = await ctx.db.all<{ file: string }>(
      sql`select file from pragma_database_list where name = 'main'`,
    );
    const bytes = [await Deno.readFile(file)];
    try {
      bytes.push(await Deno.readFile(`${file}-wal`));
    } catch {
      // no log left
    }
    const text = bytes.map((b) => new TextDecoder("latin1").decode(b)).join("\n");
    for (const who of [ADA, EVA, BEA, CLEO, DORA]) {
      assert.ok(!text.includes(who.surname), `${who.surname} is not in the file`);
      assert.ok(!text.includes(who.residenceAddress), `${who.residenceAddress} is not in the file`);
    }
  }, { now: NOW }));

/** The scheduler with the two retention jobs, ticking every 20 ms at `now`, until `fn` ends. */
async function withRetentionJobs(ctx: Ctx, now: Date, fn: () => Promise<void>) {
  const controller = new AbortController();
  const running = runScheduler({
    jobs: [
      guestRetentionJob({ tickMs: 20, retentionDays: N }),
      contactRetentionJob({ tickMs: 20 }),
    ],
    db: ctx.db,
    js: () => {
      throw new Error("no NATS in this test");
    },
    clock: () => now,
    signal: controller.signal,
  });
  try {
    await fn();
  } finally {
    controller.abort();
    await running;
  }
}

const contactMessage = (id: string, createdDaysAgo: number, emailedDaysAgo: number | null) => {
  const daysBefore = (days: number) => new Date(RUN.getTime() - days * 24 * 3600_000);
  return {
    id,
    firstName: "Ana",
    lastName: "Kovač",
    email: `${id}@example.com`,
    message: "Imam pitanje o prijavi.",
    createdAt: daysBefore(createdDaysAgo),
    emailedAt: emailedDaysAgo === null ? null : daysBefore(emailedDaysAgo),
  };
};

Deno.test("the scheduler runs the retention jobs once a day: guests' data and contact messages", () =>
  withTestApp(async (ctx) => {
    const { ids } = await setUp(ctx);
    await ctx.db.insert(contactMessages).values([
      contactMessage("old-mailed", 100, 100),
      contactMessage("recent", 10, 10),
      contactMessage("never-mailed", 200, null),
    ]);
    await withRetentionJobs(ctx, RUN, async () => {
      await waitFor(async () => (await rowOf(ctx, ids.ada)).anonymisedAt !== null, {
        what: "Ada anonymised by the scheduler",
      });
      // Support has had the old message for over 90 days: gone. The recent one, and the one
      // not e-mailed yet, stay.
      await waitFor(async () => (await ctx.db.select().from(contactMessages)).length === 2, {
        what: "the old contact message removed",
      });
      assert.deepEqual(
        (await ctx.db.select({ id: contactMessages.id }).from(contactMessages)).map((m) => m.id)
          .sort(),
        ["never-mailed", "recent"],
      );
      // Each job has its own day under its own lease.
      await waitFor(async () => {
        const marks = await ctx.db.select().from(scheduleMarks);
        return [GUEST_DATA_RETENTION, CONTACT_RETENTION].every((name) =>
          marks.find((m) => m.name === name)?.lastRunOn === "2026-09-11"
        );
      }, { what: "both days marked done" });
      // Eva is checked out meanwhile, but today's run is over: she waits for tomorrow's.
      await ctx.db.update(guests).set({ status: "CheckedOut" }).where(eq(guests.id, ids.eva));
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal((await rowOf(ctx, ids.eva)).anonymisedAt, null);
    });
  }, { now: NOW }));

Deno.test("after the upgrade, a day the combined retention already did still removes old contact messages", () =>
  withTestApp(async (ctx) => {
    // Until contact retention had its own lease it ran inside the guest data retention's: a
    // copy of the old workers may have done today's run of both already.
    await markDailyJobDone(ctx.db, GUEST_DATA_RETENTION, "2026-09-11");
    await ctx.db.insert(contactMessages).values([
      contactMessage("old-mailed", 100, 100),
      contactMessage("recent", 10, 10),
    ]);
    await withRetentionJobs(ctx, RUN, async () => {
      await waitFor(async () => {
        const [mark] = await ctx.db.select().from(scheduleMarks)
          .where(eq(scheduleMarks.name, CONTACT_RETENTION));
        return mark?.lastRunOn === "2026-09-11";
      }, { what: "contact retention's day done" });
      assert.deepEqual(
        (await ctx.db.select({ id: contactMessages.id }).from(contactMessages)).map((m) => m.id),
        ["recent"],
        "a second run the same day removes only what is past the 90 days",
      );
    });
  }, { now: NOW }));
