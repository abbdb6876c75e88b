import { z } from "zod";
import {
  OptionalCalendarLink,
  optionalText,
  requiredText,
  SelectedId,
  TimeOfDay,
  wholeNumber,
} from "./fields.ts";
import { checkWifiSettings, wifiSettingsShape } from "./wifi-details.ts";

/**
 * Property setup request (spec section 3): what the unit dialog sends to create or edit an
 * accommodation unit (POST /AccommodationUnits, PUT /AccommodationUnits/{id}). The dialog asks
 * for property, name, calendar link and WiFi; the rest is optional.
 */
export const PropertySetupRequest = z
  .object({
    propertyId: SelectedId,
    name: requiredText("name", 100),
    capacity: wholeNumber(1, 100).optional(),
    /** eVisitor facility type and category, as the tourist system names them. */
    type: optionalText(100),
    category: optionalText(100),
    externalCalendarLink: OptionalCalendarLink,
    defaultCheckInTime: TimeOfDay.optional(),
    defaultCheckOutTime: TimeOfDay.optional(),
    ...wifiSettingsShape,
  })
  .superRefine(checkWifiSettings)
  .meta({ id: "PropertySetupRequest" });
export type PropertySetupRequest = z.infer<typeof PropertySetupRequest>;
export type PropertySetupRequestInput = z.input<typeof PropertySetupRequest>;
