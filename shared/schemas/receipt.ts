import { z } from "zod";
import { DateTime, Id, Money } from "./fields.ts";

/**
 * Receipt (spec section 3): a paid purchase; GET /Subscriptions/receipt/{id} gives its PDF.
 * `price` in euros. Beyond the spec: its sequential `number` (e.g. 2026-00001) and what was paid.
 */
export const Receipt = z
  .object({
    id: Id,
    price: Money,
    created: DateTime,
    number: z.string(),
    purchaseRequestId: Id,
    packageName: z.string(),
    /** Months. */
    subscriptionLength: z.number().int().positive(),
  })
  .meta({ id: "Receipt" });
export type Receipt = z.infer<typeof Receipt>;
