import type { WifiEncryptionType } from "@shared/enums.ts";
import type { AccommodationUnit } from "@shared/schemas/accommodation-unit.ts";
import type { Property } from "@shared/schemas/property.ts";
import type { WifiDetails } from "@shared/schemas/wifi-details.ts";
import { type PropertyAccessRole, roleMay } from "@shared/property-rights.ts";
import type { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import type { properties } from "../../db/schema/properties.ts";

type PropertyRow = typeof properties.$inferSelect;
type UnitRow = typeof accommodationUnits.$inferSelect;

/** WiFi as the API shows it, or null when no network name is set. */
export function wifiOf(row: {
  wifiName: string | null;
  wifiPassword: string | null;
  wifiEncryptionType: number;
}): WifiDetails | null {
  if (!row.wifiName) return null;
  return {
    ssid: row.wifiName,
    password: row.wifiPassword ?? "",
    encryptionType: row.wifiEncryptionType as WifiEncryptionType,
  };
}

export function toUnit(row: UnitRow, property?: PropertyRow): AccommodationUnit {
  return {
    id: row.id,
    code: row.code,
    propertyId: row.propertyId,
    name: row.name,
    description: row.description,
    capacity: row.capacity,
    type: row.type,
    category: row.category,
    address: property?.address ?? null,
    externalCalendarLink: row.externalCalendarLink,
    defaultCheckInTime: row.defaultCheckInTime,
    defaultCheckOutTime: row.defaultCheckOutTime,
    wifiDetails: wifiOf(row),
    ...(property
      ? { property: { id: property.id, name: property.name, address: property.address } }
      : {}),
  };
}

/** A unit as `role` may see it: the calendar link is a setting (reception has none). */
export function unitFor<U extends AccommodationUnit>(role: PropertyAccessRole, unit: U): U {
  if (roleMay(role, "settings")) return unit;
  const { externalCalendarLink: _setting, ...rest } = unit;
  return rest as U;
}

/** A property as `role` may see it: its units without what is a setting for the role. */
export function propertyFor(role: PropertyAccessRole, property: Property): Property {
  return roleMay(role, "settings")
    ? property
    : { ...property, accommodationUnits: property.accommodationUnits.map((u) => unitFor(role, u)) };
}

export function toProperty(row: PropertyRow, units: UnitRow[]): Property {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    defaultCheckInTime: row.defaultCheckInTime,
    defaultCheckOutTime: row.defaultCheckOutTime,
    maxNumberOfGuests: row.maxNumberOfGuests,
    defaultNumberOfNights: row.defaultNumberOfNights,
    automaticCheckOut: row.automaticCheckOut,
    automaticCheckIn: row.automaticCheckIn,
    wifiDetails: wifiOf(row),
    guestContactPhone: row.guestContactPhone,
    guestContactWhatsApp: row.guestContactWhatsApp,
    guestContactEmail: row.guestContactEmail,
    accommodationUnits: units.map((unit) => ({ ...toUnit(unit), address: row.address })),
  };
}
