import { and, eq, inArray } from "drizzle-orm";
import type { ServiceContext } from "../../context.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import { evisitorCodeLists } from "../../db/schema/evisitor-code-lists.ts";
import { externalAccounts } from "../../db/schema/external-accounts.ts";
import { properties } from "../../db/schema/properties.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { AppError } from "../../errors.ts";

/**
 * The border crossings a guest from outside the EU chooses from on the check-in page: eVisitor's
 * list for the service the stay's property is registered with (kept by the evisitor worker). The
 * code is a stay's, or a unit's door code (a door read does not hand out the stay's code).
 */
export async function borderCrossingsFor(
  { db }: ServiceContext,
  { code: reservationCode }: { code: string },
) {
  const [found] = await db.select({ environment: externalAccounts.environment })
    .from(reservations)
    .innerJoin(properties, eq(properties.id, reservations.propertyId))
    .innerJoin(externalAccounts, eq(externalAccounts.id, properties.externalAccountId))
    .where(and(
      eq(reservations.code, reservationCode),
      inArray(reservations.kind, ["booking", "unknown"]),
    ))
    .union(
      db.select({ environment: externalAccounts.environment })
        .from(accommodationUnits)
        .innerJoin(properties, eq(properties.id, accommodationUnits.propertyId))
        .innerJoin(externalAccounts, eq(externalAccounts.id, properties.externalAccountId))
        .where(eq(accommodationUnits.code, reservationCode)),
    );
  if (!found) throw new AppError("UnknownCode");
  const [list] = await db.select().from(evisitorCodeLists).where(and(
    eq(evisitorCodeLists.environment, found.environment),
    eq(evisitorCodeLists.list, "borderCrossings"),
  ));
  return list?.rows ?? [];
}
