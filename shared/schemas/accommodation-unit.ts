import { z } from "zod";
import { Id, TimeOfDay } from "./fields.ts";
import { PropertyReference } from "./property-reference.ts";
import { WifiDetails } from "./wifi-details.ts";

/** Accommodation unit (spec section 3) as the API returns it. */
export const AccommodationUnit = z
  .object({
    id: Id,
    /** Permanent public code: the unit's QR code links to the check-in page with it. */
    code: z.string(),
    propertyId: Id,
    name: z.string(),
    description: z.string().nullable(),
    capacity: z.number().int().nullable(),
    type: z.string().nullable(),
    category: z.string().nullable(),
    address: z.string().nullable(),
    /**
     * The platform calendars the unit imports, a setting: left out for members without the right
     * to settings (reception; issue 30, N5).
     */
    externalCalendarLink: z.string().nullable().optional(),
    defaultCheckInTime: TimeOfDay.nullable(),
    defaultCheckOutTime: TimeOfDay.nullable(),
    wifiDetails: WifiDetails.nullable(),
    /** Present when the unit is returned on its own; left out inside its property's list. */
    property: PropertyReference.optional(),
  })
  .meta({ id: "AccommodationUnit" });
export type AccommodationUnit = z.infer<typeof AccommodationUnit>;
