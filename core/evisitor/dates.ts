/**
 * eVisitor speaks two date dialects: the tourist actions take `YYYYMMDD` and `hh:mm` strings,
 * while browses answer (and filters take) .NET JSON dates, `/Date(<epoch ms>+0100)/`, whose
 * offset is Croatia's at that instant. The product keeps `YYYY-MM-DD` dates in Europe/Zagreb.
 */
import { dateParts, STAY_TIME_ZONE } from "@shared/local-date.ts";
import type { EVisitorLocalDateTime } from "./types.ts";

const TIME = /^(\d{1,2}):(\d{2})$/;
const DOTNET_DATE = /^\/Date\((-?\d+)(?:([+-])(\d{2})(\d{2}))?\)\/$/;

const offsetFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: STAY_TIME_ZONE,
  timeZoneName: "longOffset",
});

/** Minutes Croatia is ahead of UTC at an instant (60 in winter, 120 in summer). */
export function zagrebOffsetMinutes(epochMs: number): number {
  const name = offsetFormat.formatToParts(epochMs).find((p) => p.type === "timeZoneName")?.value;
  const match = name?.match(/GMT([+-])(\d{2}):(\d{2})/);
  if (!match) return 0; // "GMT" alone means UTC
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

export function isEVisitorDate(date: string): boolean {
  return dateParts(date) !== null;
}

/** `2025-07-01` → `20250701`, the form CheckInTourist and CheckOutTourist take. */
export function toCompactDate(date: string): string {
  if (!dateParts(date)) throw new TypeError("expected a date as YYYY-MM-DD");
  return date.replaceAll("-", "");
}

/** `9:42` or `09:42` → `09:42`. */
export function toEVisitorTime(time: string): string {
  const m = time.match(TIME);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) {
    throw new TypeError("expected a time as hh:mm");
  }
  return `${pad(Number(m[1]))}:${m[2]}`;
}

/** The UTC instant of a Croatian wall-clock time (DST-aware). */
export function zagrebInstant(date: string, time = "00:00"): number {
  const parts = dateParts(date);
  if (!parts) throw new TypeError("expected a date as YYYY-MM-DD");
  const [h, mi] = toEVisitorTime(time).split(":").map(Number);
  const wall = Date.UTC(parts[0], parts[1] - 1, parts[2], h, mi);
  // Two passes settle the offset even next to a DST switch.
  let instant = wall - zagrebOffsetMinutes(wall) * 60_000;
  instant = wall - zagrebOffsetMinutes(instant) * 60_000;
  return instant;
}

/** A .NET JSON date for filter values: local midnight of `date` unless a time is given. */
export function toDotNetDate(date: string, time = "00:00"): string {
  const instant = zagrebInstant(date, time);
  const offset = zagrebOffsetMinutes(instant);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `/Date(${instant}${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)})/`;
}

/**
 * Reads `/Date(ms±hhmm)/` (slashes may arrive JSON-escaped; JSON.parse already undid that) as
 * Croatian local date and time. Without an offset the instant is shown in Croatian time.
 */
export function parseDotNetDate(value: unknown): EVisitorLocalDateTime | null {
  if (typeof value !== "string") return null;
  const m = value.match(DOTNET_DATE);
  if (!m) return null;
  const epochMs = Number(m[1]);
  const offset = m[2]
    ? (m[2] === "-" ? -1 : 1) * (Number(m[3]) * 60 + Number(m[4]))
    : zagrebOffsetMinutes(epochMs);
  const local = new Date(epochMs + offset * 60_000);
  return {
    date: `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${
      pad(local.getUTCDate())
    }`,
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
  };
}

/** `date` plus `days` calendar days. */
export { addDays } from "@shared/local-date.ts";
