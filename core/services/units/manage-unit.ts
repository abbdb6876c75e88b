import { and, eq, ne } from "drizzle-orm";
import type { AccommodationUnit } from "@shared/schemas/accommodation-unit.ts";
import type { PropertySetupRequest } from "@shared/schemas/property-setup-request.ts";
import type { DbOrTx } from "../../db/client.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { AppError } from "../../errors.ts";
import { accessProperty, accessUnit } from "../access/property-access.ts";
import { toUnit } from "../properties/to-response.ts";
import { matchFeedsToLinks } from "../calendars/unit-feeds.ts";
import { newUnitCode } from "./unit-code.ts";
import { removeUnits } from "./remove-units.ts";
import { assertCanAddUnit } from "../plans/plan-limits.ts";

const notFound = () =>
  new AppError("NotFound", { detail: "The accommodation unit was not found." });

function fieldsOf(request: PropertySetupRequest) {
  return {
    propertyId: request.propertyId,
    name: request.name,
    capacity: request.capacity ?? null,
    type: request.type || null,
    category: request.category || null,
    externalCalendarLink: request.externalCalendarLink || null,
    defaultCheckInTime: request.defaultCheckInTime ?? null,
    defaultCheckOutTime: request.defaultCheckOutTime ?? null,
    wifiName: request.wifiName || null,
    wifiPassword: request.wifiName ? request.wifiPassword || null : null,
    wifiEncryptionType: request.wifiName ? request.wifiEncryptionType : 0,
  };
}

/**
 * The caller's own unit by id or by code; anyone else's is answered like an unknown one. (Routes
 * go through accessUnit, which also admits members; this is for the owner's own lists.)
 */
export async function findOwnUnit(
  db: DbOrTx,
  userId: string,
  by: { id: string } | { code: string },
) {
  const [row] = await db.select().from(accommodationUnits).where(and(
    "id" in by ? eq(accommodationUnits.id, by.id) : eq(accommodationUnits.code, by.code),
    eq(accommodationUnits.userId, userId),
  ));
  if (!row) throw notFound();
  return row;
}

/**
 * Adds a unit the host defines (not from eVisitor) to a property (its owner or a co-host), with
 * the owner's plan in force and within its units per property: counted and inserted in one
 * immediate (write-locked) transaction, so parallel requests cannot each see room for one more.
 * The unit is the owner's, whoever adds it.
 */
export async function createUnit(
  ctx: ServiceContext,
  request: PropertySetupRequest,
): Promise<AccommodationUnit> {
  const { property } = await accessProperty(
    ctx.db,
    actorIdOf(ctx),
    request.propertyId,
    "settings",
  );
  const userId = property.userId;
  const id = crypto.randomUUID();
  const fields = fieldsOf(request);
  await ctx.db.transaction(async (tx) => {
    await assertCanAddUnit(tx, userId, property.id, ctx.now);
    await tx.insert(accommodationUnits).values({
      id,
      code: newUnitCode(),
      userId,
      ...fields,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
    await matchFeedsToLinks(tx, { id, userId, ...fields }, ctx.now);
  }, { behavior: "immediate" });
  return toUnit(await findOwnUnit(ctx.db, userId, { id }), property);
}

/**
 * Changes a unit; it may move to another property of the same owner the caller may change too,
 * which then must have room for it under the plan (a move adds a unit there). Its code never
 * changes.
 */
export async function updateUnit(
  ctx: ServiceContext,
  { id, ...request }: PropertySetupRequest & { id: string },
): Promise<AccommodationUnit> {
  const actorId = actorIdOf(ctx);
  const { unit } = await accessUnit(ctx.db, actorId, { id }, "settings");
  const { property } = await accessProperty(ctx.db, actorId, request.propertyId, "settings");
  // Never across owners: a co-host of two hosts' properties cannot hand one's unit to the other.
  if (property.userId !== unit.userId) {
    throw new AppError("NotFound", { detail: "The property was not found." });
  }
  const userId = unit.userId;
  const fields = fieldsOf(request);
  await ctx.db.transaction(async (tx) => {
    if (unit.propertyId !== property.id) {
      await assertCanAddUnit(tx, userId, property.id, ctx.now);
    }
    await tx.update(accommodationUnits).set({ ...fields, updatedAt: ctx.now })
      .where(eq(accommodationUnits.id, id));
    // A unit moved to another property takes its stays along.
    await tx.update(reservations).set({ propertyId: fields.propertyId })
      .where(and(
        eq(reservations.accommodationUnitId, id),
        ne(reservations.propertyId, fields.propertyId),
      ));
    await matchFeedsToLinks(tx, { id, userId, ...fields }, ctx.now);
  }, { behavior: "immediate" });
  return toUnit(await findOwnUnit(ctx.db, userId, { id }), property);
}

/** Deletes a unit with its reservations and calendar feeds (the owner or a co-host). */
export async function deleteUnit(ctx: ServiceContext, { code }: { code: string }): Promise<void> {
  const { db } = ctx;
  const { unit } = await accessUnit(db, actorIdOf(ctx), { code }, "settings");
  await db.transaction((tx) => removeUnits(tx, eq(accommodationUnits.id, unit.id)));
}
