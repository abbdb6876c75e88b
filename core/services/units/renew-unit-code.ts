import { eq } from "drizzle-orm";
import type { AccommodationUnit } from "@shared/schemas/accommodation-unit.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import { accessUnit } from "../access/property-access.ts";
import { toUnit } from "../properties/to-response.ts";
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
  const { property } = await accessUnit(ctx.db, actorIdOf(ctx), { id }, "settings");
  const [unit] = await ctx.db.update(accommodationUnits)
    .set({ code: newUnitCode(), updatedAt: ctx.now })
    .where(eq(accommodationUnits.id, id))
    .returning();
  return toUnit(unit, property);
}
