import { asc, eq } from "drizzle-orm";
import { toSubscriptionPackage } from "@shared/billing/package-offer.ts";
import type { SubscriptionPackage } from "@shared/schemas/subscription-package.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { ServiceContext } from "../../context.ts";
import { subscriptionPackages } from "../../db/schema/billing.ts";
import { AppError } from "../../errors.ts";
import { policyOf } from "../plans/plan-policy.ts";

type PackageRow = typeof subscriptionPackages.$inferSelect;

/** A package as the API answers it: prices in euros computed from its cents. */
export function toPackage(row: PackageRow): SubscriptionPackage {
  return toSubscriptionPackage({ ...row, policy: policyOf(row) });
}

/** The packages on sale, in their order (GET /Subscriptions, public). */
export async function listPackages(
  { db }: Pick<ServiceContext, "db">,
): Promise<SubscriptionPackage[]> {
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

/** One package on sale, for its purchase page (public). */
export async function packageOnSale(
  { db }: Pick<ServiceContext, "db">,
  { id }: { id: string },
): Promise<SubscriptionPackage> {
  return toPackage(await findPackage(db, id, { onSaleOnly: true }));
}
