import { and, eq } from "drizzle-orm";
import type { Guest } from "@shared/schemas/guest.ts";
import type { DbOrTx } from "../../db/client.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import { guests } from "../../db/schema/guests.ts";
import { properties } from "../../db/schema/properties.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { AppError } from "../../errors.ts";
import { type PropertyRight, propertyRoleOf, roleMay } from "../access/property-access.ts";
import { stayTimesOf } from "../reservations/stay-dates.ts";
import { nextDeadlineOf } from "./guest-deadline.ts";
import { documentNumberOf, toGuest } from "./guest-response.ts";

/**
 * A guest of a property the caller may exercise `right` on (the owner, or a member whose role has
 * it: services/access/property-access.ts), with their stay, unit and property, by the guest's id
 * or by the registration guid (the spec's ExternalId); anyone else's is answered like an unknown
 * one, and a role without the right is refused (Forbidden).
 */
export async function findOwnGuest(
  db: DbOrTx,
  userId: string,
  by: { id: string } | { externalId: string; propertyId?: string },
  right: PropertyRight = "documents",
) {
  const [found] = await db.select().from(guests)
    .innerJoin(reservations, eq(reservations.id, guests.reservationId))
    .innerJoin(accommodationUnits, eq(accommodationUnits.id, guests.accommodationUnitId))
    .innerJoin(properties, eq(properties.id, guests.propertyId))
    .where(and(
      "id" in by ? eq(guests.id, by.id) : eq(guests.guid, by.externalId.toLowerCase()),
      "propertyId" in by && by.propertyId ? eq(guests.propertyId, by.propertyId) : undefined,
    ));
  const access = found && found.guests.userId !== userId
    ? await propertyRoleOf(db, userId, found.guests.propertyId)
    : undefined;
  if (!found || (found.guests.userId !== userId && !access)) {
    throw new AppError("NotFound", { detail: "The guest was not found." });
  }
  if (access && !roleMay(access.role, right)) {
    throw new AppError("Forbidden", { detail: "Your role on this property does not allow this." });
  }
  return found;
}

/**
 * GET /Guests/details: everything the host holds about one guest, document included (the owner and
 * co-hosts; `right` is "registration" only for the answer to the check-in form just sent).
 */
export async function describeGuest(
  ctx: ServiceContext,
  by: { externalId: string; propertyId?: string },
  right: PropertyRight = "documents",
): Promise<Guest> {
  const found = await findOwnGuest(ctx.db, actorIdOf(ctx), by, right);
  const times = stayTimesOf(found.accommodation_units, found.properties);
  return toGuest(
    found.guests,
    await documentNumberOf(found.guests, ctx.secretBox),
    nextDeadlineOf(found.guests, found.reservations, times),
  );
}
