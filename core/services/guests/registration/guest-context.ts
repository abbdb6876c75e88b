import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { accommodationUnits } from "../../../db/schema/accommodation-units.ts";
import { externalAccounts } from "../../../db/schema/external-accounts.ts";
import { guests } from "../../../db/schema/guests.ts";
import { properties } from "../../../db/schema/properties.ts";
import { reservations } from "../../../db/schema/reservations.ts";

/** A guest with the stay, unit, property and eVisitor account a registration needs. */
export async function guestContextOf(db: DbOrTx, guestId: string) {
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

export type RegistrationContext = NonNullable<Awaited<ReturnType<typeof guestContextOf>>>;
