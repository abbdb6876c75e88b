import { z } from "zod";
import { DateTime } from "./fields.ts";

/** Tourist record (spec section 3): a registration as the tourist system lists it (guest book). */
export const TouristRecord = z
  .object({
    /** The registration's GUID at the tourist system; the guest's `guid`. */
    externalId: z.string(),
    surnameAndName: z.string(),
    dateTimeOfArrival: DateTime,
    dateTimeOfDeparture: DateTime,
    checkedOutTourist: z.boolean(),
  })
  .meta({ id: "TouristRecord" });
export type TouristRecord = z.infer<typeof TouristRecord>;
