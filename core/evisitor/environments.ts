/**
 * The two real eVisitor roots (evisitor-api.md §1). The test service holds a snapshot of
 * production, needs its own credentials and an API key from HTZ support. Locally the product
 * talks to the simulator in dev/evisitor-sim instead (http://127.0.0.1:8100 by default).
 */
export const EVISITOR_ENVIRONMENTS = {
  production: "https://www.evisitor.hr/eVisitorRhetos_API",
  test: "https://www.evisitor.hr/testApi",
} as const;

export type EVisitorEnvironment = keyof typeof EVISITOR_ENVIRONMENTS;
