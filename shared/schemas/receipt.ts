import { z } from "zod";
import { DateTime, Id, Money } from "./fields.ts";

/**
 * Receipt (spec section 3): a paid purchase; GET /Subscriptions/receipt/{id} gives its PDF.
 * `price` in euros. Beyond the spec: its sequential `number` (e.g. 2026-00001), what was paid
 * and the period it covers.
 */
export const Receipt = z
  .object({
    id: Id,
    price: Money,
    created: DateTime,
    number: z.string(),
    /** Null only for a receipt kept after its host's account was erased. */
    purchaseRequestId: Id.nullable(),
    packageName: z.string(),
    /** Months. */
    subscriptionLength: z.number().int().positive(),
    /**
     * The period the payment covers: its paid months, from when they begin (now, the end of the
     * same package, or the end of the converted time left of another one) to the new end.
     */
    periodStart: DateTime,
    periodEnd: DateTime,
  })
  .meta({ id: "Receipt" });
export type Receipt = z.infer<typeof Receipt>;
