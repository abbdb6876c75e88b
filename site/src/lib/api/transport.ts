import { ApiError } from "./api-error.ts";

/** Spec section 9: every call gives up after 15 s. */
export const API_TIMEOUT_MS = 15_000;

type QueryValue = string | number | boolean | undefined | null;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

export interface TransportOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON; a FormData as multipart (file uploads). */
  body?: unknown;
  /** Appended to the URL; arrays repeat the parameter, empty values are left out. */
  query?: Query;
  headers?: Record<string, string>;
  /** Lets the caller cancel; a cancelled call rejects with the signal's reason, not an ApiError. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** "blob" reads a successful answer as binary (images); errors are still read as problems. */
  responseType?: "json" | "blob";
}

/**
 * One HTTP exchange with the API, JSON in and out (or a Blob out, with `responseType: "blob"`).
 * Resolves with the parsed body (undefined for an empty one); rejects with an ApiError for any non-2xx answer, a timeout, or when the server cannot
 * be reached. Credentials and the refresh-and-retry are the client's business (client.ts).
 */
export async function send<T>(path: string, options: TransportOptions = {}): Promise<T> {
  const {
    method = "GET",
    body,
    query,
    headers,
    signal,
    timeoutMs = API_TIMEOUT_MS,
    responseType = "json",
  } = options;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  try {
    const response = await fetch(urlOf(path, query), {
      method,
      headers: {
        Accept: responseType === "blob" ? "*/*" : "application/json, application/problem+json",
        ...(body === undefined || body instanceof FormData
          ? {}
          : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: body instanceof FormData ? body : body !== undefined
        ? JSON.stringify(body)
        // A DELETE without a body goes out without Content-Length, which the server reads as a
        // body of unknown type (415); an explicit empty one says "Content-Length: 0".
        : method === "GET"
        ? undefined
        : "",
      signal: signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal,
      credentials: "same-origin",
    });
    if (response.ok && responseType === "blob") return await response.blob() as T;
    const payload = await readPayload(response);
    if (!response.ok) throw ApiError.fromResponse(response.status, response.headers, payload);
    return payload as T;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (signal?.aborted) throw error;
    if (timeout.signal.aborted) throw ApiError.timeout();
    throw ApiError.offline(error);
  } finally {
    clearTimeout(timer);
  }
}

function urlOf(path: string, query: Query | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of values) {
      if (item !== undefined && item !== null && item !== "") params.append(name, String(item));
    }
  }
  const search = params.toString();
  return search ? `${path}${path.includes("?") ? "&" : "?"}${search}` : path;
}

/** JSON when the server says so, text otherwise; undefined for an empty body (e.g. 204). */
async function readPayload(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return undefined;
  const type = response.headers.get("content-type") ?? "";
  if (!/[/+]json\b/i.test(type)) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
