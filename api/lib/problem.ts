import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ZodError } from "zod";
import { ERROR_CODES, type ErrorCode, problemTypeOf } from "@shared/errors.ts";
import type { ValidationProblemDetails } from "@shared/problem.ts";
import { describeError, log } from "./logger.ts";

export interface AppErrorOptions {
  /** What happened, for people; the code's title when absent. */
  detail?: string;
  /** Field path to messages, for validation failures. */
  errors?: Record<string, string[]>;
  /** Extra response headers (Retry-After, WWW-Authenticate). */
  headers?: Record<string, string>;
}

/** A failure the caller can act on, carrying one of the spec's server codes. */
export class AppError extends Error {
  readonly detail?: string;
  readonly errors?: Record<string, string[]>;
  readonly headers?: Record<string, string>;

  constructor(readonly code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.detail ?? ERROR_CODES[code].title);
    this.detail = options.detail;
    this.errors = options.errors;
    this.headers = options.headers;
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

export function problemResponse(c: Context, error: AppError): Response {
  const { status, title } = ERROR_CODES[error.code];
  const body: Partial<ValidationProblemDetails> = {
    type: problemTypeOf(error.code),
    title,
    status,
    detail: error.detail ?? title,
    instance: c.req.path,
    code: error.code,
    requestId: c.get("requestId" as never) as string | undefined,
  };
  if (error.errors) body.errors = error.errors;
  return c.newResponse(JSON.stringify(body), status as 400, {
    ...error.headers,
    "Content-Type": "application/problem+json",
  });
}

/** Maps an HTTPException raised by Hono's own middleware to our codes. */
function fromHttpException(error: HTTPException): AppError {
  if (error.status === 400 && /json/i.test(error.message)) return new AppError("MalformedJson");
  if (error.status === 413) return new AppError("PayloadTooLarge");
  if (error.status === 401) return new AppError("Unauthorized");
  if (error.status === 403) return new AppError("Forbidden");
  if (error.status === 404) return new AppError("NotFound");
  if (error.status === 415) return new AppError("UnsupportedMediaType");
  if (error.status === 429) return new AppError("TooManyRequests");
  if (error.status < 500) return new AppError("BadRequest");
  return new AppError("GenericError");
}

/** The single error handler: known errors become problem details, anything else a masked 500. */
export function onError(error: Error, c: Context): Response {
  if (error instanceof AppError) return problemResponse(c, error);
  if (error instanceof HTTPException) return problemResponse(c, fromHttpException(error));
  log.error("unhandled error", {
    route: c.req.routePath,
    requestId: c.get("requestId" as never),
    ...describeError(error),
  });
  return problemResponse(c, new AppError("GenericError"));
}

/** Used as the OpenAPI validation hook: a failed parse answers 400 with the field map. */
export function validationHook(
  result: { success: true } | { success: false; error: ZodError },
  c: Context,
): Response | undefined {
  if (result.success) return undefined;
  return problemResponse(
    c,
    new AppError("ValidationFailed", { errors: issuesToErrors(result.error) }),
  );
}
