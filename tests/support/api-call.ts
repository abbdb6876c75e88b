/** Something the API answered with a status other than 2xx. */
export class ApiError extends Error {
  constructor(readonly status: number, readonly body: unknown, what: string) {
    super(`${what}: ${status} ${JSON.stringify(body)}`);
  }
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  token?: string;
  /** Give up after this long (a request to a process that is being killed can hang). */
  timeoutMs?: number;
}

/**
 * One JSON call to a running product's API at `baseUrl`, as a client over HTTP makes it (the
 * chaos suites, the load and Lighthouse benchmarks). Resolves with the parsed body of a 2xx
 * answer; throws ApiError for any other status, and the fetch's own error when nothing answered.
 */
export async function callApi<T = unknown>(
  baseUrl: string,
  path: string,
  { method = "GET", body, token, timeoutMs }: CallOptions = {},
): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text === "" ? undefined : JSON.parse(text);
  } catch {
    parsed = text;
  }
  if (!res.ok) throw new ApiError(res.status, parsed, `${method} ${path}`);
  return parsed as T;
}
