import type { ZodError } from "zod";
import { ERROR_CODES, type ErrorCode } from "@shared/errors.ts";

export interface AppErrorOptions {
  /** What happened, for people; the code's title when absent. */
  detail?: string;
  /** Field path to messages, for validation failures. */
  errors?: Record<string, string[]>;
  /** Extra response headers (Retry-After, WWW-Authenticate). */
  headers?: Record<string, string>;
  /** Members added to the problem details (e.g. the host's contact on NoStayToday). */
  extensions?: Record<string, unknown>;
}

/** A failure the caller can act on, carrying one of the spec's server codes. */
export class AppError extends Error {
  readonly detail?: string;
  readonly errors?: Record<string, string[]>;
  readonly headers?: Record<string, string>;
  readonly extensions?: Record<string, unknown>;

  constructor(readonly code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.detail ?? ERROR_CODES[code].title);
    this.detail = options.detail;
    this.errors = options.errors;
    this.headers = options.headers;
    this.extensions = options.extensions;
  }

  /** A 400 naming the fields at fault, e.g. `AppError.invalid({ email: [message] })`. */
  static invalid(errors: Record<string, string[]>, code: ErrorCode = "ValidationFailed"): AppError {
    return new AppError(code, { errors, detail: Object.values(errors)[0]?.[0] });
  }
}

/** Field path to messages, as the validation variant of problem details carries them. */
export function issuesToErrors(error: ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".") || "$";
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}
