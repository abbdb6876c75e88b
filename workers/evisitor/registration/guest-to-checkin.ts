/**
 * The mapping of a guest to eVisitor's CheckInTourist lives in the core
 * (api/core/evisitor/check-in/); this name is kept for the tests that import it from here.
 */
export * from "@core/evisitor/check-in/guest-to-check-in.ts";
