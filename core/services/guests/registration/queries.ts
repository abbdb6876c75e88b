import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { externalAccounts } from "../../../db/schema/external-accounts.ts";
import { guests } from "../../../db/schema/guests.ts";
import { properties } from "../../../db/schema/properties.ts";
import { reservations } from "../../../db/schema/reservations.ts";

/**
 * The guests of a stay eVisitor has checked in, each with the arrival eVisitor holds (the stay's
 * when none was recorded) and the eVisitor account of their property: what a refresh of the stay
 * compares with eVisitor's tourist list.
 */
export async function checkedInGuestsOfStay(db: DbOrTx, reservationId: string) {
  const rows = await db.select().from(guests)
    .innerJoin(properties, eq(properties.id, guests.propertyId))
    .innerJoin(externalAccounts, eq(externalAccounts.id, properties.externalAccountId))
    .innerJoin(reservations, eq(reservations.id, guests.reservationId))
    .where(and(eq(guests.reservationId, reservationId), eq(guests.status, "CheckedIn")));
  return rows.map((r) => ({
    id: r.guests.id,
    guid: r.guests.guid,
    arrival: r.guests.registeredStayFrom ?? r.reservations.startDate,
    account: r.external_accounts,
  }));
}

/** The guests of the stays `reservationIds`, as the daily comparison with eVisitor reads them. */
export async function guestsOfStays(db: DbOrTx, reservationIds: string[]) {
  if (reservationIds.length === 0) return [];
  return await db.select({
    id: guests.id,
    guid: guests.guid,
    reservationId: guests.reservationId,
    status: guests.status,
    registrationState: guests.registrationState,
  }).from(guests).where(inArray(guests.reservationId, reservationIds));
}
