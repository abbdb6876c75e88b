import { and, eq, inArray, isNull, lte } from "drizzle-orm";
import { NOTIFICATION_TEMPLATES } from "@shared/notification-templates.ts";
import type { Database } from "@core/db/client.ts";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { guests } from "@core/db/schema/guests.ts";
import { properties } from "@core/db/schema/properties.ts";
import { reservations } from "@core/db/schema/reservations.ts";
import { nextDeadlineOf } from "@core/services/guests/guest-deadline.ts";
import { createNotification } from "@core/services/notifications/create-notification.ts";
import { stayTimesOf, today as todayOf } from "@core/services/reservations/stay-dates.ts";

/** A host is warned this long before a registration or check-out deadline passes. */
export const DEADLINE_WARNING_MS = 6 * 60 * 60 * 1000;

/**
 * The deadline clock: a host is told (once per guest and deadline) when a guest's registration
 * (24 h after arrival) or check-out (24 h after departure) is due within six hours or overdue.
 * Guests the product will handle itself in time (queued, or automatic check-out) are skipped.
 */
export async function warnOfDeadlines(db: Database, now: Date): Promise<number> {
  const today = todayOf(now);
  const rows = await db.select().from(guests)
    .innerJoin(reservations, eq(reservations.id, guests.reservationId))
    .innerJoin(accommodationUnits, eq(accommodationUnits.id, guests.accommodationUnitId))
    .innerJoin(properties, eq(properties.id, guests.propertyId))
    .where(and(
      inArray(guests.status, ["PreCheckIn", "CheckedIn"]),
      isNull(reservations.canceledAt),
      lte(reservations.startDate, today),
    ));
  let warned = 0;
  for (const row of rows) {
    const guest = row.guests;
    if (guest.registrationState === "queued") continue;
    // A check-out on its way needs no warning; one that failed does (the host must send it).
    const checkingOut = guest.checkOutRequestedAt && !guest.registrationFailure;
    if (guest.status === "CheckedIn" && (checkingOut || row.reservations.endDate > today)) {
      continue;
    }
    const deadline = nextDeadlineOf(
      guest,
      row.reservations,
      stayTimesOf(row.accommodation_units, row.properties),
    );
    if (!deadline || Date.parse(deadline) - now.getTime() > DEADLINE_WARNING_MS) continue;
    const template = guest.status === "PreCheckIn"
      ? NOTIFICATION_TEMPLATES.guestRegistrationDue
      : NOTIFICATION_TEMPLATES.guestCheckOutDue;
    const created = await createNotification(db, guest.userId, template, {
      dedupeKey: `${template.template}:${guest.id}`,
      placeholders: {
        accommodationUnit: row.accommodation_units.name,
        reservationList: `${guest.name} ${guest.surname}`,
        code: row.reservations.code,
        end: deadline,
      },
      now,
    });
    if (created) warned++;
  }
  return warned;
}
