import { z } from "zod";

/** RFC 9457 problem details, as every error of the API is answered. */
export const ProblemDetails = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    code: z.string().optional(),
    requestId: z.string().optional(),
  })
  .meta({ id: "ProblemDetails" });
export type ProblemDetails = z.infer<typeof ProblemDetails>;

/** The validation variant adds `errors`: field name to its list of messages. */
export const ValidationProblemDetails = ProblemDetails.extend({
  errors: z.record(z.string(), z.array(z.string())),
}).meta({ id: "ValidationProblemDetails" });
export type ValidationProblemDetails = z.infer<typeof ValidationProblemDetails>;
