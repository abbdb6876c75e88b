import type { AccommodationUnit } from "@shared/schemas/accommodation-unit.ts";
import type { WifiDetails } from "@shared/schemas/wifi-details.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { AppError } from "../../errors.ts";
import { findOwnProperty } from "../properties/find-property.ts";
import { toUnit, wifiOf } from "../properties/to-response.ts";
import { findOwnUnit } from "./manage-unit.ts";
import { checkInUrl } from "./unit-qr.ts";

/** One of the caller's units as the API shows it, with the address its QR code opens. */
export async function describeUnit(
  ctx: ServiceContext,
  { code }: { code: string },
): Promise<AccommodationUnit & { checkInUrl: string }> {
  const userId = actorIdOf(ctx);
  const unit = await findOwnUnit(ctx.db, userId, { code });
  const property = await findOwnProperty(ctx.db, userId, unit.propertyId);
  return { ...toUnit(unit, property), checkInUrl: checkInUrl(ctx.config.publicUrl, unit.code) };
}

/** The WiFi a unit's guests join: the unit's own, else its property's; NotFound when neither. */
export async function unitWifi(
  ctx: ServiceContext,
  { code }: { code: string },
): Promise<{ code: string; wifi: WifiDetails }> {
  const userId = actorIdOf(ctx);
  const unit = await findOwnUnit(ctx.db, userId, { code });
  const wifi = wifiOf(unit) ?? wifiOf(await findOwnProperty(ctx.db, userId, unit.propertyId));
  if (!wifi) {
    throw new AppError("NotFound", { detail: "No WiFi is set for this unit or its property." });
  }
  return { code: unit.code, wifi };
}
