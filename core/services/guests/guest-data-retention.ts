import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { addDays } from "@shared/local-date.ts";
import type { Database } from "../../db/client.ts";
import { guests } from "../../db/schema/guests.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { userNotifications } from "../../db/schema/user-notifications.ts";
import { today as todayOf } from "../reservations/stay-dates.ts";

/** The schedule mark of the daily run (schedule_marks.name). */
export const GUEST_DATA_RETENTION = "guest-data-retention";

/** GUEST_DATA_RETENTION_DAYS' default (shared/retention.ts, which the privacy centre shows). */
export { DEFAULT_GUEST_DATA_RETENTION_DAYS } from "@shared/retention.ts";

/** Guests anonymised per transaction: short transactions, so the API never waits long. */
export const RETENTION_BATCH = 200;

/**
 * What an anonymised guest keeps: nothing that names or identifies the person. The columns are
 * NOT NULL where the form requires them, so those become empty strings; the document number's
 * sealed value goes too (readers check `anonymisedAt` before opening it) and `documentKey`, which
 * must stay unique per stay, becomes "anonymised:<id>".
 *
 * Kept: the row itself (so GET /Statistics counts the same), status and registration state, the
 * stay it belongs to and its dates, gender, citizenship, countries of birth and residence, the
 * document type, the eVisitor registration id (`guid`, eVisitor's own key for the record it holds
 * by law) and the timestamps.
 */
const ANONYMOUS = {
  name: "",
  middleName: null,
  surname: "",
  dateOfBirth: "",
  cityOfBirth: null,
  cityOfResidence: "",
  residenceAddress: null,
  documentNumberSealed: "",
  documentKey: sql`'anonymised:' || ${guests.id}`,
  email: null,
  telephone: null,
  borderCrossing: null,
  passageDate: null,
  registrationFailure: null,
  registrationError: null,
} as const;

/**
 * Guests whose personal data is no longer needed: the stay's check-out date is `retentionDays` or
 * more days ago (Zagreb dates) and eVisitor has nothing left to do with them, i.e.
 * - the guest is checked out of eVisitor (status CheckedOut) or the registration was cancelled
 *   there (status Cancelled), or
 * - the stay was cancelled and the guest was never registered (waiting, or failed because of the
 *   cancellation).
 * Guests still waiting for registration or check-out, or whose registration failed, keep their
 * data: the host still needs it to register them or check them out (or deletes the stay).
 */
function expiredGuests(cutoff: string) {
  return and(
    isNull(guests.anonymisedAt),
    lte(reservations.endDate, cutoff),
    or(
      eq(guests.status, "CheckedOut"),
      // A cancelled registration: eVisitor no longer holds the guest as staying.
      eq(guests.status, "Cancelled"),
      and(
        isNotNull(reservations.canceledAt),
        eq(guests.status, "PreCheckIn"),
        inArray(guests.registrationState, ["waiting", "failed"]),
      ),
    ),
  );
}

/**
 * The daily retention job (GUEST_DATA_RETENTION_DAYS): anonymises the guests whose stay ended
 * `retentionDays` ago or earlier and whom eVisitor no longer needs, in batches of
 * RETENTION_BATCH, and removes their names from the host's notifications (those notifications are
 * deleted, so the app's cached copies go at the next sync). Idempotent: an anonymised guest is
 * never selected again, so a second run, or a run cut short and redone, changes nothing more.
 * Returns counts only, for the log.
 */
export async function removeExpiredGuestData(
  db: Database,
  now: Date,
  { retentionDays, batchSize = RETENTION_BATCH }: { retentionDays: number; batchSize?: number },
): Promise<{ guests: number; notifications: number }> {
  const cutoff = addDays(todayOf(now), -retentionDays);
  // Overwritten content is zeroed from now on for this connection, so the old values do not
  // linger in the free space of an embedded database file (a libSQL server keeps its own rules).
  await db.run(sql`PRAGMA secure_delete = ON`).catch(() => {});
  let guestCount = 0;
  let notificationCount = 0;
  for (;;) {
    const batch = await db.select({ id: guests.id, userId: guests.userId }).from(guests)
      .innerJoin(reservations, eq(reservations.id, guests.reservationId))
      .where(expiredGuests(cutoff))
      .limit(batchSize);
    if (batch.length === 0) break;
    const done = await db.transaction(async (tx) => {
      // Only those still holding data: another copy of the workers may have been quicker.
      const changed = await tx.update(guests)
        .set({ ...ANONYMOUS, anonymisedAt: now, updatedAt: now })
        .where(and(inArray(guests.id, batch.map((g) => g.id)), isNull(guests.anonymisedAt)))
        .returning({ id: guests.id, userId: guests.userId });
      if (changed.length === 0) return 0;
      // The guest workers name guests in `reservationList` (a guest at the door or a link by
      // `initials`), under a dedupe key holding the guest's id: "guest-checked-in:<id>",
      // "GuestRegistrationDue:<id>", "guest-registration-failed:<id>:<time>", "guest-added:<id>",
      // ... One statement for the whole batch.
      const ids = JSON.stringify(changed.map((g) => g.id));
      const scrubbed = await tx.update(userNotifications)
        .set({
          placeholders:
            sql`json_replace(${userNotifications.placeholders}, '$.reservationList', '', '$.initials', '')`,
          deletedAt: sql`coalesce(${userNotifications.deletedAt}, ${now.getTime()})`,
          lastModifiedAt: now,
        })
        .where(and(
          inArray(userNotifications.userId, [...new Set(changed.map((g) => g.userId))]),
          sql`exists (select 1 from json_each(${ids}) as guest
            where ${userNotifications.dedupeKey} like '%:' || guest.value
              or ${userNotifications.dedupeKey} like '%:' || guest.value || ':%')`,
        ))
        .returning({ id: userNotifications.id });
      notificationCount += scrubbed.length;
      return changed.length;
    });
    guestCount += done;
    // A short batch was the last. One that changed nothing was taken by another copy of the
    // workers meanwhile: stop rather than risk going round, the next run carries on.
    if (batch.length < batchSize || done === 0) break;
  }
  if (guestCount > 0) {
    // Moves the changed pages from the write-ahead log into the file and empties the log, where
    // earlier versions of the pages would otherwise stay until it is reused. Best effort: a
    // reader in another process can hold it back, and the next automatic checkpoint follows.
    await db.run(sql`PRAGMA wal_checkpoint(TRUNCATE)`).catch(() => {});
  }
  return { guests: guestCount, notifications: notificationCount };
}
