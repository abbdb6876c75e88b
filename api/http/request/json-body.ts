import { z } from "@hono/zod-openapi";

/** A required JSON request body described by `schema`, for createRoute. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { body: { required: true, content: { "application/json": { schema } } } };
}

/** A 200 JSON answer described by `schema`. */
export function jsonOk<T extends z.ZodType>(schema: T, description: string) {
  return { 200: { description, content: { "application/json": { schema } } } };
}

/** The answer of calls that only confirm: 200 with `{}`. */
export const DONE = jsonOk(z.object({}).meta({ id: "Empty" }), "Done");
