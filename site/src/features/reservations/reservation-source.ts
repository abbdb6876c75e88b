import type { Reservation } from "@shared/schemas/reservation.ts";
import type { Translate } from "../../i18n/translate.ts";

/** What the API calls a stay entered by hand (its `type`). */
const MANUAL_TYPE = "Manual";

/** Where a stay came from, for the host: entered by hand, or the platform that sent it. */
export function sourceOf(t: Translate, reservation: Reservation): string {
  if (!reservation.imported) return t("reservations.source.manual");
  return reservation.type && reservation.type !== MANUAL_TYPE
    ? reservation.type
    : t("reservations.source.calendar");
}

/** A stay the host entered by hand: theirs to move and delete here. */
export function isManual(reservation: Reservation): boolean {
  return !reservation.imported;
}
