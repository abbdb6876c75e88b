import type { Reservation } from "@shared/schemas/reservation.ts";
import type { Translate } from "../../i18n/translate.ts";

/** The sources the calendar colours apart; everything else imported is "other". */
export const STAY_SOURCES = ["manual", "airbnb", "booking", "vrbo", "other"] as const;
export type StaySource = (typeof STAY_SOURCES)[number];

/** What the API calls a stay entered by hand (its `type`). */
const MANUAL_TYPE = "Manual";

const BY_TYPE: Record<string, StaySource> = {
  airbnb: "airbnb",
  "booking.com": "booking",
  vrbo: "vrbo",
};

export function stayTypeOf(stay: Reservation): StaySource {
  if (!stay.imported || stay.type === MANUAL_TYPE) return "manual";
  return BY_TYPE[(stay.type ?? "").toLowerCase()] ?? "other";
}

/** Where a stay came from, in words: entered here, or the platform that sent it. */
export function sourceLabelOf(t: Translate, stay: Reservation): string {
  if (stayTypeOf(stay) === "manual") return t("calendars.source.manual");
  return stay.type && stay.type !== "Calendar" ? stay.type : t("calendars.source.calendar");
}

/** The legend's name of each colour. */
export function sourceNameOf(t: Translate, source: StaySource): string {
  switch (source) {
    case "manual":
      return t("calendars.source.manual");
    case "airbnb":
      return "Airbnb";
    case "booking":
      return "Booking.com";
    case "vrbo":
      return "Vrbo";
    case "other":
      return t("calendars.source.other");
  }
}

export const isBlock = (stay: Reservation) => stay.kind === "Block";
