import { OpenAPIHono } from "@hono/zod-openapi";
import { ProblemDetails, ValidationProblemDetails } from "@shared/problem.ts";
import type { AppEnv } from "../types.ts";
import { validationHook } from "../problem.ts";

const problemContent = (schema: typeof ProblemDetails) => ({
  "application/problem+json": { schema },
});

/** Error answers every route can give, spread into each route's `responses`. */
export const problemResponses = {
  400: {
    description: "Invalid input; `errors` maps each field to its messages",
    content: { "application/problem+json": { schema: ValidationProblemDetails } },
  },
  413: { description: "Request body too large", content: problemContent(ProblemDetails) },
  415: { description: "Body is not JSON", content: problemContent(ProblemDetails) },
  500: { description: "Unexpected server error", content: problemContent(ProblemDetails) },
} as const;

/** A router whose validation failures answer with problem details. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}
