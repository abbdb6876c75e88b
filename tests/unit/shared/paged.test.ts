import assert from "node:assert/strict";
import { z } from "zod";
import { pagedResult, toPagedResult } from "../../../shared/schemas/paged.ts";

const PagedNames = pagedResult(z.object({ name: z.string() }));

Deno.test("a page envelope has the spec's fields and passes its schema", () => {
  const page = toPagedResult([{ name: "a" }, { name: "b" }], 2, 2, 5);
  assert.deepEqual(page, {
    items: [{ name: "a" }, { name: "b" }],
    pageNumber: 2,
    totalPages: 3,
    totalCount: 5,
    hasPreviousPage: true,
    hasNextPage: true,
  });
  assert.deepEqual(PagedNames.parse(page), page);
});

Deno.test("the first and last pages have no previous and no next", () => {
  const first = toPagedResult([], 1, 10, 10);
  assert.equal(first.hasPreviousPage, false);
  assert.equal(first.hasNextPage, false);
  assert.equal(first.totalPages, 1);
  assert.equal(toPagedResult([], 1, 10, 0).totalPages, 0);
});

Deno.test("the schema rejects items of the wrong shape and a page 0", () => {
  const page = toPagedResult([{ name: "a" }], 1, 10, 1);
  assert.equal(PagedNames.safeParse({ ...page, items: [{ name: 1 }] }).success, false);
  assert.equal(PagedNames.safeParse({ ...page, pageNumber: 0 }).success, false);
});
