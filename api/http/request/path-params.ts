import { z } from "@hono/zod-openapi";
import { requiredParameter } from "@shared/schemas/fields.ts";

/** `{id}` of a path, with the spec's message when it is missing. */
export const IdParam = z.object({ id: requiredParameter("id") });
/** `{code}` of a path. */
export const CodeParam = z.object({ code: requiredParameter("code") });
