import { message } from "@shared/messages.ts";
import type { TaxCategoryList } from "@shared/schemas/tax-category.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import type { properties } from "../../db/schema/properties.ts";
import { AppError } from "../../errors.ts";
import { accessReservation } from "../access/property-access.ts";

type PropertyRow = typeof properties.$inferSelect;

/**
 * The stored form of the host's choice for a guest: a code eVisitor offers for the property's
 * facility (as the evisitor worker last read them), or null for the choice by age. Left out
 * (`undefined`), the guest keeps what it has. A code not offered, or offered by a list never
 * read, is refused at the field.
 */
export function chosenTaxCategory(
  property: Pick<PropertyRow, "taxCategories">,
  choice: string | null | undefined,
  field = "taxCategory",
): string | null | undefined {
  if (choice === undefined) return undefined;
  const code = choice?.trim() || null;
  if (code === null) return null;
  if (!property.taxCategories?.some((c) => c.code === code)) {
    throw AppError.invalid({ [field]: [message("taxCategoryNotOffered")] });
  }
  return code;
}

/**
 * GET /Guests/TaxCategories: what the host's guest form offers beside the automatic choice, for a
 * stay of a property the caller owns or handles registrations of.
 */
export async function taxCategoriesForHost(
  ctx: ServiceContext,
  { reservationCode }: { reservationCode: string },
): Promise<TaxCategoryList> {
  const { property } = await accessReservation(
    ctx.db,
    actorIdOf(ctx),
    reservationCode,
    "registration",
  );
  return {
    available: property.taxCategories !== null,
    categories: property.taxCategories ?? [],
  };
}
