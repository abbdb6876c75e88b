import { z } from "zod";
import { Id } from "./fields.ts";

/** A property named from another entity (a unit, an external account) without its whole tree. */
export const PropertyReference = z
  .object({ id: Id, name: z.string(), address: z.string().nullable() })
  .meta({ id: "PropertyReference" });
export type PropertyReference = z.infer<typeof PropertyReference>;
