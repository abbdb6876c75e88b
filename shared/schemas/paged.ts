import { z } from "zod";

/** Paged results (spec section 3): items, pageNumber, totalPages, totalCount, hasPreviousPage, hasNextPage. */
export function pagedResult<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    pageNumber: z.number().int().min(1),
    totalPages: z.number().int().min(0),
    totalCount: z.number().int().min(0),
    hasPreviousPage: z.boolean(),
    hasNextPage: z.boolean(),
  });
}

/** Builds the page envelope from a page of items and the total count. */
export function toPagedResult<T>(
  items: T[],
  pageNumber: number,
  pageSize: number,
  totalCount: number,
) {
  const totalPages = Math.ceil(totalCount / pageSize);
  return {
    items,
    pageNumber,
    totalPages,
    totalCount,
    hasPreviousPage: pageNumber > 1,
    hasNextPage: pageNumber < totalPages,
  };
}
