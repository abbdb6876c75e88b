import { useState } from "react";
import type { z } from "zod";
import { ApiError } from "../../lib/api/api-error.ts";
import {
  type FieldErrors,
  fieldErrorsFromServer,
  fieldErrorsFromZod,
  firstFieldWithError,
} from "../../lib/forms/field-errors.ts";

/** The outcome of a zod `safeParse`, as far as field errors care. */
type ParseResult = { success: true } | { success: false; error: z.ZodError };

/**
 * A form's per-field errors. The `show…` functions replace them and return the first field (in
 * form order) with an error, for the form to focus; `errorOf` gives a field's first message
 * through `translate`.
 */
export function useFieldErrors<Field extends string>(
  fields: readonly Field[],
  translate: (message: string, field: Field) => string,
) {
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  function showErrors(found: FieldErrors<Field>): Field | undefined {
    setErrors(found);
    return firstFieldWithError(found, fields);
  }

  /** The field errors an API failure carries (none for any other failure). */
  function serverErrorsOf(error: unknown): FieldErrors<Field> {
    return error instanceof ApiError ? fieldErrorsFromServer(error.fieldErrors, fields) : {};
  }

  /** Once a field shows an error, re-check it (with `parse`) while the person corrects it. */
  function recheck(field: Field, parse: () => ParseResult) {
    if (!errors[field]) return;
    const parsed = parse();
    const remaining = parsed.success ? undefined : fieldErrorsFromZod(parsed.error, fields)[field];
    setErrors((previous) => ({ ...previous, [field]: remaining }));
  }

  function errorOf(field: Field): string | undefined {
    const message = errors[field]?.[0];
    return message ? translate(message, field) : undefined;
  }

  return {
    errors,
    errorOf,
    showErrors,
    showClientErrors: (error: z.ZodError) => showErrors(fieldErrorsFromZod(error, fields)),
    showServerErrors: (error: unknown) => showErrors(serverErrorsOf(error)),
    serverErrorsOf,
    clearErrors: () => setErrors({}),
    recheck,
  };
}
