import { z } from "zod";
import { DateTime, Id, Money } from "./fields.ts";

/** Receipt (spec section 3): a paid purchase; GET /Subscriptions/receipt/{id} gives its PDF. */
export const Receipt = z
  .object({ id: Id, price: Money, created: DateTime })
  .meta({ id: "Receipt" });
export type Receipt = z.infer<typeof Receipt>;
