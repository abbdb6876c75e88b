import type { PropertyMember } from "@shared/schemas/property-member.ts";
import type { propertyMembers } from "../../db/schema/property-members.ts";

type Row = typeof propertyMembers.$inferSelect;

/**
 * A member row as the API answers it; an invitation past its expiry reads Expired. `suspended`:
 * the member is beyond the owner's plan's team size (access/property-access.ts, beyondPlanSql).
 */
export function toPropertyMember(row: Row, now: Date, suspended = false): PropertyMember {
  const status = row.acceptedAt
    ? "Active"
    : row.expiresAt.getTime() > now.getTime()
    ? "Pending"
    : "Expired";
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status,
    invitedAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    suspended,
  };
}
