import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ZodError } from "zod";
import { ERROR_CODES, problemTypeOf } from "@shared/errors.ts";
import { AppError, issuesToErrors } from "@core/errors.ts";
import type { ValidationProblemDetails } from "@shared/problem.ts";
import { describeError, log } from "@core/platform/logger.ts";

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
  if (error.detailCode) body.detailCode = error.detailCode;
  if (error.errors) body.errors = error.errors;
  if (error.errorCodes) body.errorCodes = error.errorCodes;
  return c.newResponse(JSON.stringify({ ...error.extensions, ...body }), status as 400, {
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
