import { EVISITOR_ENVIRONMENTS } from "./environments.ts";
import type { EVisitorEndpoint } from "./types.ts";

/** EVISITOR_URL ("production", "test" or a simulator URL) as an endpoint. */
export function resolveEVisitorEndpoint(setting: string, timeoutMs: number): EVisitorEndpoint {
  const named = EVISITOR_ENVIRONMENTS[setting as keyof typeof EVISITOR_ENVIRONMENTS];
  return { baseUrl: (named ?? setting).replace(/\/+$/, ""), timeoutMs };
}
