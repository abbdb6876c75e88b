import type { ValidationProblemDetails } from "@shared/problem.ts";

/**
 * RFC 9457 problem details as the API sends them (`application/problem+json`): type,
 * title, status, detail, instance, the server `code` (spec section 8) and, for
 * validation failures, `errors` (field name → messages).
 */
export type Problem = Partial<Omit<ValidationProblemDetails, "errors">> & {
  errors?: Record<string, string[]>;
};

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

/** Reads a response body as a problem, or undefined when it is not one. */
export function asProblem(body: unknown, contentType: string | null): Problem | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const candidate = body as Record<string, unknown>;
  const declared = contentType?.toLowerCase().startsWith(PROBLEM_CONTENT_TYPE) ?? false;
  const looksLikeOne = typeof candidate.title === "string" && typeof candidate.status === "number";
  if (!declared && !looksLikeOne) return undefined;
  return {
    type: stringOrUndefined(candidate.type),
    title: stringOrUndefined(candidate.title),
    status: typeof candidate.status === "number" ? candidate.status : undefined,
    detail: stringOrUndefined(candidate.detail),
    instance: stringOrUndefined(candidate.instance),
    code: stringOrUndefined(candidate.code),
    requestId: stringOrUndefined(candidate.requestId),
    errors: fieldErrorsOf(candidate.errors),
  };
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** Keeps only well-formed `field → [messages]` entries (a lone string counts as one message). */
function fieldErrorsOf(value: unknown): Record<string, string[]> | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(value)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter(
      (message): message is string => typeof message === "string",
    );
    if (list.length > 0) errors[field] = list;
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}
