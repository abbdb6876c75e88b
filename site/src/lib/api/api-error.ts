import { asProblem, type Problem } from "./problem.ts";

/** How a call failed: the server answered with an error, could not be reached, or was too slow. */
export type ApiErrorKind = "http" | "offline" | "timeout";

/** Generic messages of spec section 8, plus the two failures that never reach the server. */
export const API_ERROR_MESSAGES = {
  unexpected: "An unexpected server error occurred.",
  serverSide: "A server side error occurred.",
  offline: "The server could not be reached. Check your internet connection.",
  timeout: "The server did not answer in time. Please try again.",
} as const;

/** Statuses whose problem body the spec answers with "A server side error occurred." */
const PROBLEM_STATUSES = new Set([400, 401, 403, 404]);

/**
 * Every failed API call throws this: `message` is the generic text for people, `status`,
 * `body` and `headers` carry the response (status 0 when there was none), `problem` the
 * parsed problem details, when the server sent them.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";

  private constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status: number,
    readonly body: unknown,
    readonly headers: Headers,
    readonly problem: Problem | undefined,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }

  static fromResponse(status: number, headers: Headers, body: unknown): ApiError {
    const problem = asProblem(body, headers.get("content-type"));
    const message = problem && PROBLEM_STATUSES.has(status)
      ? API_ERROR_MESSAGES.serverSide
      : API_ERROR_MESSAGES.unexpected;
    return new ApiError(message, "http", status, body, headers, problem);
  }

  static offline(cause: unknown): ApiError {
    return new ApiError(
      API_ERROR_MESSAGES.offline,
      "offline",
      0,
      undefined,
      new Headers(),
      undefined,
      {
        cause,
      },
    );
  }

  static timeout(): ApiError {
    return new ApiError(
      API_ERROR_MESSAGES.timeout,
      "timeout",
      0,
      undefined,
      new Headers(),
      undefined,
    );
  }

  /** The server's error code (e.g. "SpamDetected", "DuplicateEmail"), if any. */
  get code(): string | undefined {
    return this.problem?.code;
  }

  /** Seconds to wait before trying again (`Retry-After`, in seconds or as a date), if sent. */
  get retryAfterSeconds(): number | undefined {
    const value = this.headers.get("retry-after")?.trim();
    if (!value) return undefined;
    if (/^\d+$/.test(value)) return Number(value);
    const date = Date.parse(value);
    return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
  }

  /**
   * Validation messages per field from a 400 problem, each a message token (shared/messages.ts)
   * where the API named its key; empty when there are none.
   */
  get fieldErrors(): Record<string, string[]> {
    return this.problem?.errors ?? {};
  }
}
