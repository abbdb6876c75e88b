import { and, eq, isNotNull } from "drizzle-orm";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import { randomToken } from "../../platform/crypto/random-token.ts";
import { accessUnit } from "../access/property-access.ts";

/** The path under /api where a unit's feed is served; the token is the only credential. */
export const EXPORT_PATH = "/Calendars/Export";

export function exportUrlOf(publicUrl: string, token: string): string {
  return `${publicUrl}/api${EXPORT_PATH}/${token}.ics`;
}

/** The unit whose export address the caller manages: calendars are settings (owner, co-hosts). */
async function unitInSettings(ctx: ServiceContext, accommodationUnitCode: string) {
  const { unit } = await accessUnit(
    ctx.db,
    actorIdOf(ctx),
    { code: accommodationUnitCode },
    "settings",
  );
  return unit;
}

function storeExportToken(db: DbOrTx, unitId: string, token: string | null) {
  return db.update(accommodationUnits).set({ calendarExportToken: token })
    .where(eq(accommodationUnits.id, unitId));
}

/** The unit's export address, created on first request (the same one afterwards). */
export async function exportLinkOf(
  ctx: ServiceContext,
  { accommodationUnitCode }: { accommodationUnitCode: string },
): Promise<string> {
  const unit = await unitInSettings(ctx, accommodationUnitCode);
  if (unit.calendarExportToken) return exportUrlOf(ctx.config.publicUrl, unit.calendarExportToken);
  const token = randomToken();
  await storeExportToken(ctx.db, unit.id, token);
  return exportUrlOf(ctx.config.publicUrl, token);
}

/** Revokes the address: platforms holding it get 404 until the host pastes a new one. */
export async function revokeExportLink(
  ctx: ServiceContext,
  { accommodationUnitCode }: { accommodationUnitCode: string },
) {
  const unit = await unitInSettings(ctx, accommodationUnitCode);
  await storeExportToken(ctx.db, unit.id, null);
}

/**
 * Replaces the address with a new one (issue 30, N1): the old one answers 404 from this moment,
 * the new one serves the same feed with the same event UIDs, so a platform given the new address
 * sees the same stays. For a link that leaked or that a former team member may have kept; a unit
 * without a link gets its first.
 */
export async function renewExportLink(
  ctx: ServiceContext,
  { accommodationUnitCode }: { accommodationUnitCode: string },
): Promise<string> {
  const unit = await unitInSettings(ctx, accommodationUnitCode);
  const token = randomToken();
  await storeExportToken(ctx.db, unit.id, token);
  return exportUrlOf(ctx.config.publicUrl, token);
}

/**
 * Gives every unit of the property that has an export address a new one (the old ones answer 404
 * at once); units without one stay without. The caller has checked the right to the property's
 * settings. Answers how many addresses were replaced.
 */
export async function renewPropertyExportLinks(db: DbOrTx, propertyId: string): Promise<number> {
  const units = await db.select({ id: accommodationUnits.id }).from(accommodationUnits)
    .where(and(
      eq(accommodationUnits.propertyId, propertyId),
      isNotNull(accommodationUnits.calendarExportToken),
    ));
  for (const unit of units) await storeExportToken(db, unit.id, randomToken());
  return units.length;
}
