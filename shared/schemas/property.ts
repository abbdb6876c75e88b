import { z } from "zod";
import { AccommodationUnit } from "./accommodation-unit.ts";
import { Count, DateOnly, Id, SelectedId, TimeOfDay, wholeNumber } from "./fields.ts";
import { hostContactSettingsShape } from "./host-contact.ts";
import { checkWifiSettings, WifiDetails, wifiSettingsShape } from "./wifi-details.ts";

/** How full a property is over the coming nights (the property cards show it). */
export const PropertyOccupancy = z
  .object({
    /** The first night counted (today in Zagreb). */
    from: DateOnly,
    days: z.number().int().min(1),
    bookedNights: z.number().int().min(0),
    /** Units × days. */
    unitNights: z.number().int().min(0),
    percent: z.number().int().min(0).max(100),
  })
  .meta({ id: "PropertyOccupancy" });
export type PropertyOccupancy = z.infer<typeof PropertyOccupancy>;

/** Property (spec section 3) as the API returns it, with its units. */
export const Property = z
  .object({
    id: Id,
    name: z.string(),
    address: z.string().nullable(),
    defaultCheckInTime: TimeOfDay.nullable(),
    defaultCheckOutTime: TimeOfDay.nullable(),
    maxNumberOfGuests: Count.nullable(),
    defaultNumberOfNights: Count.nullable(),
    automaticCheckOut: z.boolean(),
    automaticCheckIn: z.boolean(),
    wifiDetails: WifiDetails.nullable(),
    /** The host's contact for guests (issue 20), shown on the check-in page; null when not given. */
    guestContactPhone: z.string().nullable().optional(),
    guestContactWhatsApp: z.string().nullable().optional(),
    guestContactEmail: z.string().nullable().optional(),
    accommodationUnits: z.array(AccommodationUnit),
    /** In lists; null for a property without units. */
    occupancy: PropertyOccupancy.nullable().optional(),
    /** In lists: the caller's role, Owner or a member's (issue 22, team access per property). */
    role: z.enum(["Owner", "CoHost", "Reception"]).optional(),
    /** In lists: who owns a property shared with the caller (null for the caller's own). */
    owner: z.object({ email: z.string(), name: z.string().nullable() }).nullable().optional(),
  })
  .meta({ id: "Property" });
export type Property = z.infer<typeof Property>;

/** The property settings dialog (PUT /Properties/Settings/{id}); WiFi comes flat as in the spec. */
export const PropertySettingsUpdate = z
  .object({
    propertyId: SelectedId,
    defaultCheckInTime: TimeOfDay.optional(),
    defaultCheckOutTime: TimeOfDay.optional(),
    maxNumberOfGuests: wholeNumber(1, 1000).optional(),
    defaultNumberOfNights: wholeNumber(1, 365).optional(),
    automaticCheckOut: z.boolean().default(false),
    automaticCheckIn: z.boolean().default(false),
    ...wifiSettingsShape,
    ...hostContactSettingsShape,
  })
  .superRefine(checkWifiSettings)
  .meta({ id: "PropertySettingsUpdate" });
export type PropertySettingsUpdate = z.infer<typeof PropertySettingsUpdate>;
export type PropertySettingsUpdateInput = z.input<typeof PropertySettingsUpdate>;
