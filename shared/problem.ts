import { z } from "zod";

/**
 * A message by its key (shared/messages.ts) and parameters, beside its English in an answer, so a
 * client translates the key and never reads the English back.
 */
export const MessageCodeSchema = z
  .object({
    code: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  })
  .meta({ id: "MessageCode" });

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
    /** The key and parameters of `detail`, when it is one of the product's messages. */
    detailCode: MessageCodeSchema.optional(),
  })
  .meta({ id: "ProblemDetails" });
export type ProblemDetails = z.infer<typeof ProblemDetails>;

/**
 * The validation variant adds `errors`: field name to its list of messages, and beside it
 * `errorCodes`: the same lists, each message's key and parameters (null for a text without one,
 * such as eVisitor's own words).
 */
export const ValidationProblemDetails = ProblemDetails.extend({
  errors: z.record(z.string(), z.array(z.string())),
  errorCodes: z.record(z.string(), z.array(MessageCodeSchema.nullable())).optional(),
}).meta({ id: "ValidationProblemDetails" });
export type ValidationProblemDetails = z.infer<typeof ValidationProblemDetails>;
