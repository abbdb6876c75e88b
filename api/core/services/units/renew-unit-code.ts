import { eq } from "drizzle-orm";
import type { AccommodationUnit } from "@shared/schemas/accommodation-unit.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import { findOwnProperty } from "../properties/find-property.ts";
import { toUnit } from "../properties/to-response.ts";
import { findOwnUnit } from "./manage-unit.ts";
import { newUnitCode } from "./unit-code.ts";

/**
 * POST /AccommodationUnits/{id}/renewCode (issue 20): the unit gets a new door code, so every QR
 * sheet printed before opens nothing any more (the old code is unknown, 404); the unit's stays,
 * guests, calendars and settings stay as they were.
 */
export async function renewUnitCode(
  ctx: ServiceContext,
  { id }: { id: string },
): Promise<AccommodationUnit> {
  const userId = actorIdOf(ctx);
  await findOwnUnit(ctx.db, userId, { id });
  await ctx.db.update(accommodationUnits)
    .set({ code: newUnitCode(), updatedAt: ctx.now })
    .where(eq(accommodationUnits.id, id));
  const unit = await findOwnUnit(ctx.db, userId, { id });
  return toUnit(unit, await findOwnProperty(ctx.db, userId, unit.propertyId));
}
