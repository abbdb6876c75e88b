import { z } from "zod";

/**
 * GET /Legal/operator: who runs the service, as the legal pages name them (the company of the
 * payee settings and support's address, all from configuration).
 */
export const LegalOperator = z
  .object({
    name: z.string(),
    street: z.string(),
    city: z.string(),
    oib: z.string().nullable(),
    email: z.string(),
  })
  .meta({ id: "LegalOperator" });
export type LegalOperator = z.infer<typeof LegalOperator>;
