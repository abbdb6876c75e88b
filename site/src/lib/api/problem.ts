import { isMessageKey, message, type MessageCode } from "@shared/messages.ts";
import type { ValidationProblemDetails } from "@shared/problem.ts";

/**
 * RFC 9457 problem details as the API sends them (`application/problem+json`): type,
 * title, status, detail, instance, the server `code` (spec section 8) and, for
 * validation failures, `errors` (field name → messages). Messages the API names by their key
 * (`detailCode`, `errorCodes`) are kept as message tokens (shared/messages.ts), for the site to
 * translate: `detailMessage`, and `errors` itself.
 */
export type Problem =
  & Partial<Omit<ValidationProblemDetails, "errors" | "errorCodes" | "detailCode">>
  & {
    errors?: Record<string, string[]>;
    /** The detail as a message token when the API named its key, else its text. */
    detailMessage?: string;
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
    detailMessage: tokenOf(candidate.detailCode) ?? stringOrUndefined(candidate.detail),
    instance: stringOrUndefined(candidate.instance),
    code: stringOrUndefined(candidate.code),
    requestId: stringOrUndefined(candidate.requestId),
    errors: fieldErrorsOf(candidate.errors, candidate.errorCodes),
  };
}

/** A `{ code, params }` the API sent beside a message, as a token; undefined if not one. */
function tokenOf(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { code, params } = value as Partial<MessageCode>;
  if (!isMessageKey(code)) return undefined;
  const known = typeof params === "object" && params !== null
    ? Object.fromEntries(
      Object.entries(params).filter(([, v]) => typeof v === "string" || typeof v === "number"),
    )
    : undefined;
  return message(code, known);
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/**
 * Keeps only well-formed `field → [messages]` entries (a lone string counts as one message); a
 * message whose key `codes` gives beside it (at the same place) becomes that message's token.
 */
export function fieldErrorsOf(
  value: unknown,
  codes: unknown,
): Record<string, string[]> | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const codesOf = typeof codes === "object" && codes !== null
    ? codes as Record<string, unknown>
    : {};
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(value)) {
    const fieldCodes = Object.hasOwn(codesOf, field) && Array.isArray(codesOf[field])
      ? codesOf[field] as unknown[]
      : [];
    const list = (Array.isArray(messages) ? messages : [messages]).flatMap(
      (text: unknown, index) =>
        typeof text === "string" ? [tokenOf(fieldCodes[index]) ?? text] : [],
    );
    if (list.length > 0) errors[field] = list;
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}
