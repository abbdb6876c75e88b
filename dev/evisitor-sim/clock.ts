/**
 * Croatian calendar arithmetic for the simulator. Deliberately separate from the client's
 * dates.ts: the simulator is the client's test oracle, so a shared bug must not cancel out.
 */
const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Zagreb",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** Croatian wall-clock date (YYYY-MM-DD) and time (hh:mm) of an instant. */
export function localOf(ms: number): { date: string; time: string } {
  const p = Object.fromEntries(parts.formatToParts(ms).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

function offsetMinutes(ms: number): number {
  const { date, time } = localOf(ms);
  const [y, mo, d] = date.split("-").map(Number);
  const [h, mi] = time.split(":").map(Number);
  return Math.round((Date.UTC(y, mo - 1, d, h, mi) - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

/** The instant of a Croatian wall-clock time. */
export function instantOf(date: string, time = "00:00"): number {
  const [y, mo, d] = date.split("-").map(Number);
  const [h, mi] = time.split(":").map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  let ms = wall - offsetMinutes(wall) * 60_000;
  ms = wall - offsetMinutes(ms) * 60_000;
  return ms;
}

/** `/Date(ms+0100)/` as WCF writes it (the JSON layer escapes the slashes). */
export function dotNetDate(ms: number): string {
  const off = offsetMinutes(ms);
  const abs = Math.abs(off);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `/Date(${ms}${off < 0 ? "-" : "+"}${hh}${mm})/`;
}

export function parseDotNetDate(value: string): number | null {
  const m = value.match(/^\/Date\((-?\d+)(?:[+-]\d{4})?\)\/$/);
  return m ? Number(m[1]) : null;
}

/** `20250701` → `2025-07-01`, or null if it is not a real date in that exact form. */
export function fromCompactDate(value: unknown): string | null {
  if (typeof value !== "string" || !/^\d{8}$/.test(value)) return null;
  const iso = `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso;
}

/** `hh:mm`, 24-hour, exactly two digits each. */
export function isTime(value: unknown): value is string {
  return typeof value === "string" && /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Completed years between a birth date and a day. */
export function ageOn(birth: string, day: string): number {
  const [by, bm, bd] = birth.split("-").map(Number);
  const [y, m, d] = day.split("-").map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}
