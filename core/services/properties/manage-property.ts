import { eq } from "drizzle-orm";
import type { PropertySettingsUpdate } from "@shared/schemas/property.ts";
import type { Property } from "@shared/schemas/property.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { removeUnits } from "../units/remove-units.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import { properties } from "../../db/schema/properties.ts";
import { AppError } from "../../errors.ts";
import { accessProperty } from "../access/property-access.ts";
import { toProperty } from "./to-response.ts";

/** Saves a property's settings (times, defaults, automation, WiFi): the owner or a co-host. */
export async function updatePropertySettings(
  ctx: ServiceContext,
  { id, settings }: { id: string; settings: PropertySettingsUpdate },
): Promise<Property> {
  const userId = actorIdOf(ctx);
  if (settings.propertyId !== id) {
    throw AppError.invalid({ propertyId: ["The property in the body must match the address."] });
  }
  await accessProperty(ctx.db, userId, id, "settings");
  await ctx.db.update(properties).set({
    defaultCheckInTime: settings.defaultCheckInTime ?? null,
    defaultCheckOutTime: settings.defaultCheckOutTime ?? null,
    maxNumberOfGuests: settings.maxNumberOfGuests ?? null,
    defaultNumberOfNights: settings.defaultNumberOfNights ?? null,
    automaticCheckIn: settings.automaticCheckIn,
    automaticCheckOut: settings.automaticCheckOut,
    wifiName: settings.wifiName || null,
    wifiPassword: settings.wifiName ? settings.wifiPassword || null : null,
    wifiEncryptionType: settings.wifiName ? settings.wifiEncryptionType : 0,
    guestContactPhone: settings.guestContactPhone || null,
    guestContactWhatsApp: settings.guestContactWhatsApp || null,
    guestContactEmail: settings.guestContactEmail || null,
    updatedAt: ctx.now,
  }).where(eq(properties.id, id));
  const { property: row } = await accessProperty(ctx.db, userId, id, "settings");
  const units = await ctx.db.select().from(accommodationUnits)
    .where(eq(accommodationUnits.propertyId, id));
  return toProperty(row, units);
}

/**
 * Removes a property and its units from the product (the owner only). It stays in eVisitor; a
 * later sync of the account brings it back.
 */
export async function deleteProperty(ctx: ServiceContext, { id }: { id: string }): Promise<void> {
  const { db } = ctx;
  await accessProperty(db, actorIdOf(ctx), id, "owner");
  await db.transaction(async (tx) => {
    await removeUnits(tx, eq(accommodationUnits.propertyId, id));
    await tx.delete(properties).where(eq(properties.id, id));
  });
}
