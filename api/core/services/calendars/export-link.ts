import { eq } from "drizzle-orm";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import { randomToken } from "../../platform/crypto/random-token.ts";
import { accessUnit } from "../access/property-access.ts";

/** The path under /api where a unit's feed is served; the token is the only credential. */
export const EXPORT_PATH = "/Calendars/Export";

export function exportUrlOf(publicUrl: string, token: string): string {
  return `${publicUrl}/api${EXPORT_PATH}/${token}.ics`;
}

/**
 * The unit's export address, created on first request (the same one afterwards): calendars are
 * settings, so the owner's and co-hosts'.
 */
export async function exportLinkOf(
  ctx: ServiceContext,
  { accommodationUnitCode }: { accommodationUnitCode: string },
): Promise<string> {
  const { db, config: { publicUrl } } = ctx;
  const { unit } = await accessUnit(
    db,
    actorIdOf(ctx),
    { code: accommodationUnitCode },
    "settings",
  );
  if (unit.calendarExportToken) return exportUrlOf(publicUrl, unit.calendarExportToken);
  const token = randomToken();
  await db.update(accommodationUnits).set({ calendarExportToken: token })
    .where(eq(accommodationUnits.id, unit.id));
  return exportUrlOf(publicUrl, token);
}

/** Revokes the address: platforms holding it get 404 until the host pastes a new one. */
export async function revokeExportLink(
  ctx: ServiceContext,
  { accommodationUnitCode }: { accommodationUnitCode: string },
) {
  const { db } = ctx;
  const { unit } = await accessUnit(
    db,
    actorIdOf(ctx),
    { code: accommodationUnitCode },
    "settings",
  );
  await db.update(accommodationUnits).set({ calendarExportToken: null })
    .where(eq(accommodationUnits.id, unit.id));
}
