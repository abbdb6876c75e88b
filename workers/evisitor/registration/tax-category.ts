/**
 * The tourist-tax category lives with the mapping in the core
 * (api/core/evisitor/check-in/tax-category.ts); this name is kept for the tests that import it.
 */
export * from "@core/evisitor/check-in/tax-category.ts";
