import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import { randomToken } from "../../platform/crypto/random-token.ts";
import { findOwnUnit } from "../units/manage-unit.ts";

/** The path under /api where a unit's feed is served; the token is the only credential. */
export const EXPORT_PATH = "/Calendars/Export";

export function exportUrlOf(publicUrl: string, token: string): string {
  return `${publicUrl}/api${EXPORT_PATH}/${token}.ics`;
}

/** The unit's export address, created on first request (the same one afterwards). */
export async function exportLinkOf(
  db: Database,
  userId: string,
  unitCode: string,
  publicUrl: string,
): Promise<string> {
  const unit = await findOwnUnit(db, userId, { code: unitCode });
  if (unit.calendarExportToken) return exportUrlOf(publicUrl, unit.calendarExportToken);
  const token = randomToken();
  await db.update(accommodationUnits).set({ calendarExportToken: token })
    .where(eq(accommodationUnits.id, unit.id));
  return exportUrlOf(publicUrl, token);
}

/** Revokes the address: platforms holding it get 404 until the host pastes a new one. */
export async function revokeExportLink(db: Database, userId: string, unitCode: string) {
  const unit = await findOwnUnit(db, userId, { code: unitCode });
  await db.update(accommodationUnits).set({ calendarExportToken: null })
    .where(eq(accommodationUnits.id, unit.id));
}
