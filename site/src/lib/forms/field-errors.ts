import type { z } from "zod";

/**
 * Messages per form field: message tokens of the shared schemas and the API (shared/messages.ts),
 * translated with `translateServerMessage`.
 */
export type FieldErrors<Field extends string> = Partial<Record<Field, string[]>>;

/** Groups the issues of a failed zod parse by their top-level field. */
export function fieldErrorsFromZod<Field extends string>(
  error: z.ZodError,
  fields: readonly Field[],
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of error.issues) {
    const field = fields.find((name) => name === issue.path[0]);
    if (field) (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * Maps a problem's `errors` onto the form's fields. Servers may spell a field differently
 * ("FirstName", "body.firstName"), so names are compared on their last segment, any case.
 */
export function fieldErrorsFromServer<Field extends string>(
  errors: Record<string, string[]>,
  fields: readonly Field[],
): FieldErrors<Field> {
  const mapped: FieldErrors<Field> = {};
  for (const [name, messages] of Object.entries(errors)) {
    const last = name.split(".").pop()?.toLowerCase();
    const field = fields.find((candidate) => candidate.toLowerCase() === last);
    if (field) mapped[field] = [...(mapped[field] ?? []), ...messages];
  }
  return mapped;
}

/** The first field (in form order) that has an error. */
export function firstFieldWithError<Field extends string>(
  errors: FieldErrors<Field>,
  fields: readonly Field[],
): Field | undefined {
  return fields.find((field) => (errors[field]?.length ?? 0) > 0);
}
