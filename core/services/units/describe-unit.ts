import type { AccommodationUnit } from "@shared/schemas/accommodation-unit.ts";
import type { WifiDetails } from "@shared/schemas/wifi-details.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { AppError } from "../../errors.ts";
import { accessUnit } from "../access/property-access.ts";
import { toUnit, unitFor, wifiOf } from "../properties/to-response.ts";
import { checkInUrl } from "./unit-qr.ts";

/**
 * A unit the caller may print the QR sheet of, as the API shows it to the caller's role (no
 * calendar link without the right to settings), with the address it opens.
 */
export async function describeUnit(
  ctx: ServiceContext,
  { code }: { code: string },
): Promise<AccommodationUnit & { checkInUrl: string }> {
  const { unit, property, role } = await accessUnit(ctx.db, actorIdOf(ctx), { code }, "qr");
  return {
    ...unitFor(role, toUnit(unit, property)),
    checkInUrl: checkInUrl(ctx.config.publicUrl, unit.code),
  };
}

/** The WiFi a unit's guests join: the unit's own, else its property's; NotFound when neither. */
export async function unitWifi(
  ctx: ServiceContext,
  { code }: { code: string },
): Promise<{ code: string; wifi: WifiDetails }> {
  const { unit, property } = await accessUnit(ctx.db, actorIdOf(ctx), { code }, "qr");
  const wifi = wifiOf(unit) ?? wifiOf(property);
  if (!wifi) {
    throw new AppError("NotFound", { detail: "No WiFi is set for this unit or its property." });
  }
  return { code: unit.code, wifi };
}
