import { z } from "zod";
import { LanguageKeySchema } from "../enums.ts";

/** A language entry (spec section 1). The spec capitalises these field names; they are kept. */
export const Language = z
  .object({
    Name: z.string().min(1),
    Key: LanguageKeySchema,
    /** The flag shown in the language menu. */
    Icon: z.string(),
    /** French, Italian, German, Spanish and Russian are offered on the check-in page only. */
    CheckinPageOnly: z.boolean(),
  })
  .meta({ id: "Language" });
export type Language = z.infer<typeof Language>;
