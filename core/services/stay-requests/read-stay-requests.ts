import { and, asc, eq } from "drizzle-orm";
import { hostContactOf } from "@shared/schemas/host-contact.ts";
import type { StayRequest, StayRequestStatus } from "@shared/schemas/stay-request.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import { properties } from "../../db/schema/properties.ts";
import { stayRequests } from "../../db/schema/stay-requests.ts";
import { AppError } from "../../errors.ts";
import { hashToken } from "../../platform/crypto/random-token.ts";
import { propertyScopeWhere } from "../access/property-access.ts";
import { pendingAt } from "./holds.ts";
import { stateOf } from "./answer-stay-request.ts";

/**
 * GET /StayRequests/Status: the requesting device's read, by the token only it holds (never the
 * door code, which others may know). An unknown token is InvalidToken.
 */
export async function stayRequestStatus(
  ctx: ServiceContext,
  { token }: { token: string | undefined },
): Promise<StayRequestStatus> {
  if (!token || token.length > 100) throw new AppError("InvalidToken");
  const [found] = await ctx.db.select().from(stayRequests)
    .innerJoin(properties, eq(properties.id, stayRequests.propertyId))
    .where(eq(stayRequests.tokenHash, await hashToken(token)));
  if (!found) throw new AppError("InvalidToken");
  const row = found.stay_requests;
  return {
    state: stateOf(row, ctx.now),
    startDate: row.startDate,
    endDate: row.endDate,
    guestCount: row.guestCount,
    expiresAt: row.expiresAt.toISOString(),
    hostContact: hostContactOf(found.properties),
  };
}

/**
 * GET /StayRequests: the requests waiting now in the properties where the caller may enter stays
 * (the owner's, a co-host's or reception's), oldest first.
 */
export async function listStayRequests(ctx: ServiceContext): Promise<StayRequest[]> {
  const userId = actorIdOf(ctx);
  const rows = await ctx.db.select().from(stayRequests)
    .innerJoin(accommodationUnits, eq(accommodationUnits.id, stayRequests.accommodationUnitId))
    .innerJoin(properties, eq(properties.id, stayRequests.propertyId))
    .where(and(
      pendingAt(ctx.now),
      propertyScopeWhere(userId, "stays", {
        owner: properties.userId,
        property: stayRequests.propertyId,
      }),
    ))
    .orderBy(asc(stayRequests.createdAt));
  return rows.map(({ stay_requests: row, accommodation_units: unit, properties: property }) => ({
    id: row.id,
    state: stateOf(row, ctx.now),
    accommodationUnit: { id: unit.id, name: unit.name },
    property: { id: property.id, name: property.name },
    startDate: row.startDate,
    endDate: row.endDate,
    guestCount: row.guestCount,
    name: row.name,
    phone: row.phone,
    created: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    reservationCode: null,
  }));
}
