import { and, eq, inArray } from "drizzle-orm";
import type { ServiceContext } from "../../context.ts";
import { evisitorCodeLists } from "../../db/schema/evisitor-code-lists.ts";
import { externalAccounts } from "../../db/schema/external-accounts.ts";
import { properties } from "../../db/schema/properties.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { AppError } from "../../errors.ts";

/**
 * The border crossings a guest from outside the EU chooses from on the check-in page: eVisitor's
 * list for the service the stay's property is registered with (kept by the evisitor worker).
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
    ));
  if (!found) throw new AppError("NotFound", { detail: "The reservation was not found." });
  const [list] = await db.select().from(evisitorCodeLists).where(and(
    eq(evisitorCodeLists.environment, found.environment),
    eq(evisitorCodeLists.list, "borderCrossings"),
  ));
  return list?.rows ?? [];
}
