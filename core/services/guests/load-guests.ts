import { asc, inArray, sql } from "drizzle-orm";
import type { Guest } from "@shared/schemas/guest.ts";
import type { DbOrTx } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared-query.ts";
import { guests } from "../../db/schema/guests.ts";
import type { SecretBox } from "../../platform/crypto/secret-box.ts";
import { documentNumberOf, type GuestRow, toGuest } from "./guest-response.ts";

/**
 * Guests registered with eVisitor (checked in, or already out) count for the stay's status; a
 * cancelled registration does not.
 */
export function registeredCount(rows: GuestRow[]): number {
  return rows.filter((g) => g.status === "CheckedIn" || g.status === "CheckedOut").length;
}

/**
 * The guest rows of each reservation, in the order they were entered. A party checked in by one
 * request shares its `createdAt`, so the insertion order (rowid) keeps the form's order.
 */
export async function guestRowsOf(
  db: DbOrTx,
  reservationIds: string[],
): Promise<Map<string, GuestRow[]>> {
  const byReservation = new Map<string, GuestRow[]>(reservationIds.map((id) => [id, []]));
  if (reservationIds.length === 0) return byReservation;
  const rows = await guestsOfReservations(db).all({ ids: JSON.stringify(reservationIds) });
  for (const row of rows) byReservation.get(row.reservationId)?.push(row);
  return byReservation;
}

// The ids as one JSON array, so one prepared statement serves any number of them.
const guestsOfReservations = preparedQuery((db) =>
  db.select().from(guests)
    .where(inArray(
      guests.reservationId,
      sql`(select value from json_each(${sql.placeholder("ids")}))`,
    ))
    .orderBy(asc(guests.createdAt), asc(sql`${guests}.rowid`))
    .prepare()
);

/** Guests for the host's own views, with their document numbers opened. */
export async function openGuests(
  rows: GuestRow[],
  secretBox: SecretBox,
  deadlineOf: (row: GuestRow) => string | null,
): Promise<Guest[]> {
  return await Promise.all(
    rows.map(async (row) => toGuest(row, await documentNumberOf(row, secretBox), deadlineOf(row))),
  );
}
