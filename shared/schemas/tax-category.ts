import { z } from "zod";

/**
 * A tourist-tax category eVisitor offers for a property's facility (TTPaymentCategoryLookup2):
 * its `Code` (sent as TTPaymentCategory) and its name as eVisitor gives it, e.g. "11" "Studenti".
 */
export const TaxCategory = z.object({
  code: z.string(),
  name: z.string(),
}).meta({ id: "TaxCategory" });
export type TaxCategory = z.infer<typeof TaxCategory>;

/**
 * The host's choice for one guest: a category's code, or null (or "") for the automatic choice by
 * age. Left out, a guest being fixed keeps the choice it has.
 */
export const TaxCategoryChoice = z.string().trim().max(8).nullable().optional();

export const TaxCategoryQuery = z.object({
  ReservationCode: z.string().trim().min(1).max(64),
});

/**
 * The categories a guest of one stay may be registered in, as the evisitor worker last read them
 * for the stay's facility; `available` is false until it has (the choice is then automatic).
 */
export const TaxCategoryList = z.object({
  available: z.boolean(),
  categories: z.array(TaxCategory),
}).meta({ id: "TaxCategoryList" });
export type TaxCategoryList = z.infer<typeof TaxCategoryList>;
