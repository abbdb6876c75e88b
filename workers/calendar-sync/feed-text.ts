/**
 * From the bytes a feed URL returned to unfolded text that is at least shaped like a
 * calendar, or a typed reason why not.
 *
 * Why bytes and not a string: RFC 5545 folds lines at 75 *octets*, and real exporters
 * (Outlook, see the fixture `outlook_host.ics`) cut in the middle of a multi-byte UTF-8
 * character (`Šimi\xC4` CRLF SP `\x87`). Decoding first turns both halves into U+FFFD and the
 * name is lost for good; removing the fold on the bytes and decoding afterwards gives `Šimić`.
 *
 * Why check the structure ourselves: a download cut short still starts like a good calendar,
 * and a partial feed must never be read as "the other stays were cancelled". Counting
 * BEGIN/END says exactly what is missing, which the host sees as the feed's error.
 */
import type { FeedError } from "./feed-types.ts";

/** Real feeds are a few hundred KB at most; beyond this it is a wrong URL or an attack. */
export const MAX_FEED_BYTES = 10 * 1024 * 1024;

const BOM = [0xef, 0xbb, 0xbf];
const CR = 0x0d;
const LF = 0x0a;
const SPACE = 0x20;
const TAB = 0x09;

export interface FeedText {
  ok: true;
  /** Unfolded, BOM-free text with the original line endings. */
  text: string;
  /** Bytes that were not UTF-8 even after unfolding were replaced by U+FFFD. */
  invalidUtf8: boolean;
}

function fail(kind: FeedError["kind"], message: string, line?: number): FeedError {
  return line === undefined ? { ok: false, kind, message } : { ok: false, kind, message, line };
}

function tooLarge(size: string): FeedError {
  return fail(
    "too-large",
    `The feed is ${size}; the limit is ${MAX_FEED_BYTES / 1024 / 1024} MB.`,
  );
}

function stripBom(bytes: Uint8Array): Uint8Array {
  const hasBom = bytes.length >= 3 && BOM.every((b, i) => bytes[i] === b);
  return hasBom ? bytes.subarray(3) : bytes;
}

/** Removes CRLF (or bare LF, Booking.com style) followed by one space or tab. */
export function unfoldBytes(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === CR && bytes[i + 1] === LF && (bytes[i + 2] === SPACE || bytes[i + 2] === TAB)) {
      i += 2;
      continue;
    }
    if (b === LF && (bytes[i + 1] === SPACE || bytes[i + 1] === TAB)) {
      i += 1;
      continue;
    }
    out[n++] = b;
  }
  return out.subarray(0, n);
}

function decode(bytes: Uint8Array): { text: string; invalidUtf8: boolean } {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), invalidUtf8: false };
  } catch {
    // A stray Latin-1 byte in a guest name should not cost the host the whole feed.
    return { text: new TextDecoder("utf-8").decode(bytes), invalidUtf8: true };
  }
}

function describe(line: string): string {
  const shown = line.length > 40 ? `${line.slice(0, 40)}…` : line;
  return JSON.stringify(shown);
}

/** Checks BEGIN/END nesting; the first problem found, or null. */
function checkStructure(lines: string[]): FeedError | null {
  const open: string[] = [];
  let lastLine = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === "") continue;
    lastLine = i + 1;
    const colon = line.indexOf(":");
    const name = (colon < 0 ? line : line.slice(0, colon)).split(";")[0].trim().toUpperCase();
    const value = colon < 0 ? "" : line.slice(colon + 1).trim().toUpperCase();
    if (name === "BEGIN") {
      if (open.length === 0 && value !== "VCALENDAR") {
        return fail(
          "malformed",
          `Line ${i + 1} starts ${value || "a component"} outside the calendar.`,
          i + 1,
        );
      }
      open.push(value);
    } else if (name === "END") {
      const expected = open.pop();
      if (expected === undefined) {
        return fail("malformed", `Line ${i + 1} ends ${value} outside the calendar.`, i + 1);
      }
      if (expected !== value) {
        return fail(
          "malformed",
          `Line ${i + 1} ends ${value} but ${expected} is still open.`,
          i + 1,
        );
      }
    } else if (open.length === 0) {
      return fail("malformed", `Line ${i + 1} is outside the calendar: ${describe(line)}.`, i + 1);
    }
  }
  if (open.length > 0) {
    const innermost = open[open.length - 1];
    const missing = [...open].reverse().map((c) => `END:${c}`).join(" and ");
    return fail(
      "malformed",
      `The file ends inside ${innermost}: ${missing} missing (the download was probably cut short).`,
      lastLine,
    );
  }
  return null;
}

/** Bytes (or an already decoded string) → unfolded calendar text, or why it is not one. */
export function readFeedText(input: Uint8Array | string): FeedText | FeedError {
  // Each UTF-16 unit is at least one byte, so an over-long string is refused before encoding.
  if (typeof input === "string" && input.length > MAX_FEED_BYTES) {
    return tooLarge(`${input.length} characters`);
  }
  const raw = typeof input === "string" ? new TextEncoder().encode(input) : input;
  if (raw.length > MAX_FEED_BYTES) return tooLarge(`${raw.length} bytes`);

  const { text, invalidUtf8 } = decode(unfoldBytes(stripBom(raw)));
  const body = text.trimStart();
  if (body.trim() === "") {
    return fail("empty", "The feed returned no content; an empty calendar still has VCALENDAR.");
  }
  if (body.startsWith("<")) {
    return fail("not-a-calendar", "The address returned a web page (HTML), not a calendar.");
  }
  const lines = text.split(/\r\n|\n|\r/);
  const first = lines.find((l) => l.trim() !== "") ?? "";
  if (first.trim().toUpperCase() !== "BEGIN:VCALENDAR") {
    return fail(
      "not-a-calendar",
      `The address did not return an iCal calendar (it starts with ${describe(first.trim())}).`,
    );
  }
  const broken = checkStructure(lines);
  if (broken) return broken;
  return { ok: true, text, invalidUtf8 };
}
