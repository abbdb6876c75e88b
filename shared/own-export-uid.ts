/**
 * Prijavko's own iCal export gives every event a UID ending in this suffix. When a host
 * imports a platform feed that re-exports our calendar (or, by mistake, our own export URL),
 * those events are ours coming back; importing them would double every direct booking.
 */
export const OWN_EXPORT_UID_SUFFIX = "@prijavko.hr";

export function isOwnExportedUid(uid: string): boolean {
  return uid.trim().toLowerCase().endsWith(OWN_EXPORT_UID_SUFFIX);
}
