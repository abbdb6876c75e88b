import { z } from "@hono/zod-openapi";
import { PAGE_SIZE_MAX, queryWholeNumber } from "@shared/schemas/list-query.ts";
import { MESSAGES } from "@shared/messages.ts";

/**
 * The list query of spec section 7 (PageNumber, PageSize, SortBy, SearchValue), with SortBy
 * limited to the columns a list can sort on.
 */
export function listQuery<S extends string>(sorts: readonly [S, ...S[]], defaultSort: S) {
  return z.object({
    PageNumber: queryWholeNumber(1, 1_000_000),
    PageSize: queryWholeNumber(1, PAGE_SIZE_MAX),
    SortBy: z.enum(sorts, { error: MESSAGES.invalidType }).default(defaultSort as never),
    SearchValue: z.string().trim().max(200).optional(),
  });
}
