import { z } from "zod";
import {
  calendarLinksOf,
  isCalendarLink,
  MAX_CALENDAR_LINK_LENGTH,
  MAX_CALENDAR_LINKS,
} from "../calendar-links.ts";
import { isKnownCountry } from "../countries.ts";
import { todayInStayZone } from "../time-zone.ts";
import { type FieldName, message, requiredMessage } from "../messages.ts";

/** Field builders shared by the entity schemas, so a kind of value is validated one way. */

export { requiredMessage };
const tooLong = (max: number) => message("lengthMax", { max });

/** Opaque identifiers: strings, so storage may use UUIDs and events carry the same value. */
export const Id = z.string().min(1).max(64);

/** A path or query parameter the call cannot do without (spec section 5). */
export function requiredParameter(name: string) {
  const error = message("parameterMustBeDefined", { name });
  return z.string({ error }).trim().min(1, { error }).max(256);
}

/** An id a person picks from a list (a property, a unit). */
export const SelectedId = z
  .string({ error: message("selectRequired") })
  .min(1, { error: message("selectRequired") })
  .max(64);

/** A whole number typed into a form, with the spec's number messages. */
export function wholeNumber(min: number, max: number) {
  return z
    .number({
      error: (issue) =>
        issue.input === undefined ? message("numberRequired") : message("numberInvalid"),
    })
    .int({ error: message("numberWhole") })
    .min(min, { error: message("numberMin", { min }) })
    .max(max, { error: message("numberMax", { max }) });
}

/** Trimmed text a person must fill in. */
export function requiredText(field: FieldName, max: number) {
  return z
    .string({ error: requiredMessage(field) })
    .trim()
    .min(1, { error: requiredMessage(field) })
    .max(max, { error: tooLong(max) });
}

/** Trimmed text a person may leave out or empty. */
export function optionalText(max: number) {
  return z.string().trim().max(max, { error: tooLong(max) }).optional();
}

/** A required e-mail address; `field` names it in the "is required" message. */
export function requiredEmail(field: FieldName = "email") {
  return z
    .string({ error: requiredMessage(field) })
    .trim()
    .min(1, { error: requiredMessage(field) })
    .max(254, { error: tooLong(254) })
    .pipe(z.email({ error: message("email") }));
}

/** An optional e-mail address; forms send "" for an empty input, which counts as absent. */
export const OptionalEmail = z
  .union([z.literal(""), z.email({ error: message("email") }).max(254, { error: tooLong(254) })])
  .optional();

/** A telephone number as people type it; eVisitor's example is +385916655333. */
export const OptionalPhone = z
  .string()
  .trim()
  .max(30, { error: tooLong(30) })
  .regex(/^\+?[0-9 ()/-]*$/, { error: message("numberInvalid") })
  .optional();

/** ISO 3166-1 alpha-3, as eVisitor expects; the list of valid codes is checked elsewhere. */
export const CountryCode = z.string().regex(/^[A-Z]{3}$/);

export function requiredCountry(field: FieldName) {
  return z
    .string({ error: requiredMessage(field) })
    .min(1, { error: requiredMessage(field) })
    .refine(isKnownCountry, { error: message("invalidType") });
}

/**
 * External calendar (iCal) feeds: one address, or several separated by line breaks (booking sites
 * hand out https and webcal links). Stored as the host typed them, normalised to one per line.
 */
export const OptionalCalendarLink = z
  .string()
  .max(MAX_CALENDAR_LINKS * (MAX_CALENDAR_LINK_LENGTH + 1))
  .refine((value) => calendarLinksOf(value).every(isCalendarLink), {
    error: message("calendarLinksInvalid"),
  })
  .refine((value) => calendarLinksOf(value).length <= MAX_CALENDAR_LINKS, {
    error: message("calendarLinksTooMany", { max: MAX_CALENDAR_LINKS }),
  })
  .overwrite((value) => calendarLinksOf(value).join("\n"))
  .optional();

/** UTC date-time on the wire, e.g. 2026-11-20T14:00:00Z. */
export const DateTime = z.iso.datetime();

/** Date only (YYYY-MM-DD). */
export const DateOnly = z.iso.date();

/** Hours and minutes (HH:MM), the form eVisitor uses for arrival and departure times. */
export const TimeOfDay = z.iso.time({ precision: -1, error: message("dateInvalid") });

/** A required date no later than today (the UTC date: the API and every browser agree on it). */
export function pastDate(field: FieldName) {
  return z
    .string({ error: requiredMessage(field) })
    .min(1, { error: requiredMessage(field) })
    .pipe(
      z.iso
        .date({ error: message("dateInvalid"), abort: true })
        .refine((value) => value <= todayInStayZone(), {
          error: message("datePast"),
        }),
    );
}

/** Euro amounts. */
export const Money = z.number().nonnegative();

/** A count of things. */
export const Count = z.number().int().nonnegative();
