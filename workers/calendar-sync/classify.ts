/**
 * Which platform a feed comes from and what each event is, following
 * `../shared/reference/booking-platforms.md` §2.4:
 * - Airbnb: `Reserved` is a booking; anything else (`Airbnb (Not available)`, older
 *   `Not available`: host blocks, availability window, preparation time) is a block.
 * - Vrbo: `Reserved - NAME` (localised) is a booking, `Blocked` (localised) a block.
 * - Booking.com writes `CLOSED - Not available` for bookings and closures alike, so its
 *   events (and those of a host's own Google/Outlook calendar or a channel manager) are
 *   `null`: unknown, treated as occupied.
 * The platform is told by UID domains first and SUMMARY wording next; PRODID is only a hint,
 * because exporters change it between versions.
 */
import type { EventDetails, EventKind, FeedStyle } from "./feed-types.ts";

export interface StyleHints {
  prodid: string | null;
  events: { uid: string; summary: string }[];
}

const UID_STYLES: [RegExp, FeedStyle][] = [
  [/@airbnb\.[a-z.]+$/i, "airbnb"],
  [/@booking\.com$/i, "booking.com"],
  [/@(vrbo|homeaway)\.[a-z.]+$/i, "vrbo"],
  [/@google\.com$/i, "google"],
  // Outlook/Exchange global object ids all start with this class id.
  [/^040000008200E00074C5B7101A82E008/i, "outlook"],
];

const PRODID_STYLES: [RegExp, FeedStyle][] = [
  [/airbnb/i, "airbnb"],
  [/booking\.com/i, "booking.com"],
  [/homeaway|vrbo|abritel|fewo-direkt/i, "vrbo"],
  [/google/i, "google"],
  [/microsoft|outlook|exchange/i, "outlook"],
  [/channel\s*manager|\bPMS\b/i, "channel-manager"],
];

const AIRBNB_BOOKING = /^reserved$/i;
const AIRBNB_WORDING = /^(reserved|airbnb \(not available\)|not available)$/i;
const BOOKING_COM_WORDING = /^closed\s*[-–]\s*not available$/i;
const VRBO_RESERVED = "reserved|réservée|reservee|reserviert|gebucht|reservado|reservada|" +
  "prenotato|gereserveerd|zarezerwowane";
const VRBO_BOOKING = new RegExp(`^(?:${VRBO_RESERVED})(?:\\s*[-–]\\s*(.*))?$`, "iu");
const VRBO_BLOCK =
  /^(blocked|indisponible|nicht verfügbar|blockiert|bloqueado|no disponible|non disponibile|bloccato|geblokkeerd|niet beschikbaar)$/iu;

function majority(votes: Map<FeedStyle, number>): FeedStyle | null {
  let best: FeedStyle | null = null;
  let bestCount = 0;
  for (const [style, count] of votes) {
    if (count > bestCount) [best, bestCount] = [style, count];
  }
  return best;
}

function styleFromWording(summaries: string[]): FeedStyle | null {
  if (summaries.length === 0) return null;
  if (summaries.every((s) => BOOKING_COM_WORDING.test(s))) return "booking.com";
  if (summaries.every((s) => AIRBNB_WORDING.test(s))) return "airbnb";
  // "Reserved" alone is Airbnb's word; Vrbo's bookings carry a name.
  if (summaries.every((s) => VRBO_BLOCK.test(s) || Boolean(VRBO_BOOKING.exec(s)?.[1]))) {
    return "vrbo";
  }
  return null;
}

/** The platform (or calendar app) that exported a feed. */
export function detectStyle(hints: StyleHints): FeedStyle {
  const votes = new Map<FeedStyle, number>();
  for (const { uid } of hints.events) {
    const match = UID_STYLES.find(([pattern]) => pattern.test(uid.trim()));
    if (match) votes.set(match[1], (votes.get(match[1]) ?? 0) + 1);
  }
  const byUid = majority(votes);
  if (byUid) return byUid;

  const byWording = styleFromWording(hints.events.map((e) => e.summary.trim()));
  if (byWording) return byWording;

  const prodid = hints.prodid ?? "";
  return PRODID_STYLES.find(([pattern]) => pattern.test(prodid))?.[1] ?? "unknown";
}

/** Airbnb's DESCRIPTION: `Reservation URL: …/details/HM…\nPhone Number (Last 4 Digits): 1234`. */
function airbnbDetails(description: string): EventDetails | undefined {
  const code = /reservations\/details\/([A-Z0-9]+)/i.exec(description)?.[1] ??
    /[?&]code=([A-Z0-9]+)/i.exec(description)?.[1] ??
    /\b(HM[A-Z0-9]{8})\b/.exec(description)?.[1];
  const phone = /Phone Number \(Last 4 Digits\):\s*(\d{4})\b/i.exec(description)?.[1];
  const details: EventDetails = {};
  if (code) details.reservationCode = code;
  if (phone) details.phoneLast4 = phone;
  return Object.keys(details).length > 0 ? details : undefined;
}

export interface Classification {
  kind: EventKind;
  details?: EventDetails;
}

/** What one event is, given its feed's style. */
export function classifyEvent(
  style: FeedStyle,
  summary: string,
  description: string,
): Classification {
  const text = summary.trim();
  switch (style) {
    case "airbnb": {
      if (!AIRBNB_BOOKING.test(text)) return { kind: "block" };
      const details = airbnbDetails(description);
      return details ? { kind: "booking", details } : { kind: "booking" };
    }
    case "vrbo": {
      const booking = VRBO_BOOKING.exec(text);
      if (booking) {
        const guestName = booking[1]?.trim();
        return guestName ? { kind: "booking", details: { guestName } } : { kind: "booking" };
      }
      return { kind: VRBO_BLOCK.test(text) ? "block" : null };
    }
    default:
      return { kind: null };
  }
}
