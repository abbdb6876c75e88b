import type { ZodError } from "zod";
import { ERROR_CODES, type ErrorCode } from "@shared/errors.ts";
import { englishOf, type MessageCode, parseMessage } from "@shared/messages.ts";

export interface AppErrorOptions {
  /** What happened, for people (a message token or text); the code's title when absent. */
  detail?: string;
  /** Field path to messages (message tokens, or text such as eVisitor's), for validation failures. */
  errors?: Record<string, string[]>;
  /** Extra response headers (Retry-After, WWW-Authenticate). */
  headers?: Record<string, string>;
  /** Members added to the problem details (e.g. the host's contact on NoStayToday). */
  extensions?: Record<string, unknown>;
}

/** A failure the caller can act on, carrying one of the spec's server codes. */
export class AppError extends Error {
  /** The detail in English, as the answer's `detail`. */
  readonly detail?: string;
  /** The detail's message key and parameters, when it is one of shared/messages.ts. */
  readonly detailCode?: MessageCode;
  /** Field path to messages in English, as the answer's `errors`. */
  readonly errors?: Record<string, string[]>;
  /** Beside `errors`, message for message: its key and parameters, null for other text. */
  readonly errorCodes?: Record<string, (MessageCode | null)[]>;
  readonly headers?: Record<string, string>;
  readonly extensions?: Record<string, unknown>;

  constructor(readonly code: ErrorCode, options: AppErrorOptions = {}) {
    const detail = options.detail === undefined ? undefined : described(options.detail);
    super(detail?.text ?? ERROR_CODES[code].title);
    this.detail = detail?.text;
    this.detailCode = detail?.code ?? undefined;
    if (options.errors) {
      const { errors, errorCodes } = describeFieldMessages(options.errors);
      this.errors = errors;
      this.errorCodes = errorCodes;
    }
    this.headers = options.headers;
    this.extensions = options.extensions;
  }

  /** A 400 naming the fields at fault, e.g. `AppError.invalid({ email: [message] })`. */
  static invalid(errors: Record<string, string[]>, code: ErrorCode = "ValidationFailed"): AppError {
    return new AppError(code, { errors, detail: Object.values(errors)[0]?.[0] });
  }
}

/**
 * Field path to message tokens as an answer carries them: `errors` in English and beside it
 * `errorCodes`, each message's key and parameters (null for other text).
 */
export function describeFieldMessages(tokens: Record<string, string[]>): {
  errors: Record<string, string[]>;
  errorCodes: Record<string, (MessageCode | null)[]>;
} {
  const fields = Object.entries(tokens).map(([field, list]) =>
    [field, list.map(described)] as const
  );
  return {
    errors: Object.fromEntries(fields.map(([f, list]) => [f, list.map((m) => m.text)])),
    errorCodes: Object.fromEntries(fields.map(([f, list]) => [f, list.map((m) => m.code)])),
  };
}

/** A message token as its English and its code; other text as it is, without a code. */
function described(token: string): { text: string; code: MessageCode | null } {
  const code = parseMessage(token) ?? null;
  return { text: code ? englishOf(code) : token, code };
}

/** Field path to message tokens, as `AppError` takes them for the validation problem details. */
export function issuesToErrors(error: ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".") || "$";
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}
