import { eq } from "drizzle-orm";
import type { Database } from "@core/db/client.ts";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { externalAccounts } from "@core/db/schema/external-accounts.ts";
import { guests } from "@core/db/schema/guests.ts";
import { properties } from "@core/db/schema/properties.ts";
import { reservations } from "@core/db/schema/reservations.ts";

/** A guest with the stay, unit, property and eVisitor account a registration needs. */
export async function guestContextOf(db: Database, guestId: string) {
  const [found] = await db.select().from(guests)
    .innerJoin(reservations, eq(reservations.id, guests.reservationId))
    .innerJoin(accommodationUnits, eq(accommodationUnits.id, guests.accommodationUnitId))
    .innerJoin(properties, eq(properties.id, guests.propertyId))
    .innerJoin(externalAccounts, eq(externalAccounts.id, properties.externalAccountId))
    .where(eq(guests.id, guestId));
  if (!found) return undefined;
  return {
    guest: found.guests,
    stay: found.reservations,
    unit: found.accommodation_units,
    property: found.properties,
    account: found.external_accounts,
  };
}
