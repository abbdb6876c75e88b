import { asc, eq } from "drizzle-orm";
import { eurosOf, periodPrice } from "@shared/billing/money.ts";
import type { SubscriptionPackage } from "@shared/schemas/subscription-package.ts";
import type { DbOrTx } from "../../db/client.ts";
import { subscriptionPackages } from "../../db/schema/billing.ts";
import { AppError } from "../../lib/problem.ts";
import { policyOf } from "../plans/plan-policy.ts";

type PackageRow = typeof subscriptionPackages.$inferSelect;

/** A package as the API answers it: prices in euros computed from its cents. */
export function toPackage(row: PackageRow): SubscriptionPackage {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    basePrice: eurosOf(row.basePriceCents),
    availablePeriods: [...row.periods].sort((a, b) => a.months - b.months).map((period) => {
      const price = periodPrice(row.basePriceCents, period.months, period.discountPercent);
      return {
        length: price.months,
        price: eurosOf(price.monthlyCents),
        totalPrice: eurosOf(price.totalCents),
        discountPercent: price.discountPercent,
        totalDiscount: eurosOf(price.discountCents),
      };
    }),
    policy: policyOf(row),
  };
}

/** The packages on sale, in their order (GET /Subscriptions, public). */
export async function listPackages(db: DbOrTx): Promise<SubscriptionPackage[]> {
  const rows = await db.select().from(subscriptionPackages)
    .where(eq(subscriptionPackages.isActive, true))
    .orderBy(asc(subscriptionPackages.sortOrder), asc(subscriptionPackages.id));
  return rows.map(toPackage);
}

/** One package by id; `onSaleOnly` refuses one withdrawn from sale as if it did not exist. */
export async function findPackage(
  db: DbOrTx,
  id: string,
  { onSaleOnly = false }: { onSaleOnly?: boolean } = {},
): Promise<PackageRow> {
  const [row] = await db.select().from(subscriptionPackages).where(eq(subscriptionPackages.id, id));
  if (!row || (onSaleOnly && !row.isActive)) {
    throw new AppError("NotFound", {
      detail: "The subscription package was not found.",
      errors: { packageId: ["The subscription package was not found."] },
    });
  }
  return row;
}
