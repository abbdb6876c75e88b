import type { PropertyMemberRole } from "./schemas/property-member.ts";

/**
 * Who may do what with a property (issue 22), the one table the API's access module
 * (core/services/access/property-access.ts) enforces and the app reads to show only the
 * actions a role has. The owner may do everything; a co-host everything but removing the property
 * (billing and the eVisitor credentials are the owner's account's); reception the stays, the
 * guests' check-in state and registration and the QR sheet, with no documents and no settings.
 */
export const PROPERTY_RIGHTS = [
  /** See the property, its units and its stays. */
  "view",
  /** Enter, change, move and cancel stays. */
  "stays",
  /** The guests' check-in state and their registration with eVisitor. */
  "registration",
  /** The QR sheet and the units' check-in codes. */
  "qr",
  /** The guests' identity documents and personal data beyond the check-in state. */
  "documents",
  /** The property's and its units' settings, calendars, units added or removed. */
  "settings",
  /** Invite, change and remove members. */
  "members",
  /** Remove the property; the eVisitor credentials and billing are the owner's account's. */
  "owner",
] as const;
export type PropertyRight = (typeof PROPERTY_RIGHTS)[number];

export type PropertyAccessRole = "Owner" | PropertyMemberRole;

const RIGHTS: Record<PropertyAccessRole, ReadonlySet<PropertyRight>> = {
  Owner: new Set(PROPERTY_RIGHTS),
  CoHost: new Set(PROPERTY_RIGHTS.filter((right) => right !== "owner")),
  Reception: new Set<PropertyRight>(["view", "stays", "registration", "qr"]),
};

/** Whether a role carries a right. */
export function roleMay(role: PropertyAccessRole, right: PropertyRight): boolean {
  return RIGHTS[role].has(right);
}
