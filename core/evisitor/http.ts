/**
 * One HTTP exchange with eVisitor: JSON in, body read as text, the session cookies kept and sent
 * back on every call. eVisitor needs all login cookies (`authentication`, `affinity`,
 * `language`) joined with "; " — joined with a bare space, its firewall answers an HTML block page
 * (evisitor-api.md §5.1). Deno's fetch has no cookie jar, so this is a small one.
 *
 * TLS: the service offers finite-field DHE with a 1024-bit group, which OpenSSL 3 refuses
 * (DH_KEY_TOO_SMALL). Deno's fetch uses rustls, not OpenSSL. rustls' default crypto providers
 * implement no finite-field DHE suites at all (only ECDHE; rustls ≥ 0.23 lets custom providers
 * add RFC 7919 FFDHE groups, the defaults deliberately do not), so the weak group is never
 * negotiated and no security-level setting is involved. What is NOT known: whether the server
 * also offers an ECDHE suite rustls implements (TLS 1.2 with AES-GCM or ChaCha20; rustls has no
 * CBC suites). The `HIGH:!DH` workaround reported by one (weakly evidenced) client suggests it
 * offers ECDHE. If it did not, the handshake fails with "HandshakeFailure", reported here as
 * "unavailable", and Deno's fetch has no cipher setting to change that. Unverified against the
 * live service, which cannot be reached from the development machines.
 */
import { errorFromResponse, type RawResponse } from "./errors.ts";
import { type EVisitorEndpoint, EVisitorError } from "./types.ts";

export type Fetch = typeof fetch;

/**
 * The connections POSTs go over: a new one each time, never one kept from an earlier call.
 * Deno's fetch silently sends a request again when a kept-alive connection it reused turns out
 * closed, even when the server had read it (tests/unit/evisitor/http-resend.test.ts): for an
 * action (CheckOutTourist, a cancel) that would be a second call nobody asked for, whose answer
 * replaces the first's. On a fresh connection a drop is an error ("unavailable"), a lost answer
 * the workers settle by reading eVisitor's state. Reads still reuse connections.
 */
let unpooled: Deno.HttpClient | undefined;
function unpooledClient(): Deno.HttpClient {
  return unpooled ??= Deno.createHttpClient({ poolMaxIdlePerHost: 0 });
}

/** What one call looked like, for logs: no URL query, body or cookie values. */
export interface EVisitorCallInfo {
  resource: string;
  method: string;
  status?: number;
  durationMs: number;
  error?: EVisitorError["kind"];
}

export interface RequestInit {
  /** Resource name for messages and logs, e.g. "Htz/FacilityBrowse". */
  resource: string;
  query?: Record<string, string | undefined>;
  json?: unknown;
}

export class EVisitorHttp {
  readonly #cookies = new Map<string, string>();

  constructor(
    readonly endpoint: EVisitorEndpoint,
    private readonly fetchFn: Fetch = fetch,
    private readonly onCall?: (info: EVisitorCallInfo) => void,
  ) {}

  has(cookie: string): boolean {
    return this.#cookies.has(cookie);
  }

  clearCookies(): void {
    this.#cookies.clear();
  }

  cookieHeader(): string | undefined {
    if (this.#cookies.size === 0) return undefined;
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** Keeps `name=value` of each Set-Cookie; attributes (Path, HttpOnly, Expires) are dropped. */
  #store(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age\s*=\s*0\s*$/i.test(a)) ||
        attributes.some((a) => {
          const m = a.match(/^\s*expires\s*=(.*)$/i);
          return m !== null && Date.parse(m[1]) < Date.now();
        });
      if (expired || value === "") this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  url(path: string, query?: Record<string, string | undefined>): string {
    const base = this.endpoint.baseUrl.replace(/\/+$/, "");
    const params = Object.entries(query ?? {})
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      // %20 rather than "+" for spaces (sort=Name desc): unambiguous to any server.
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
    return base + path + (params.length ? `?${params.join("&")}` : "");
  }

  /** Sends a request and returns the raw answer; network trouble and timeouts → "unavailable". */
  async send(method: "GET" | "POST", path: string, init: RequestInit): Promise<RawResponse> {
    const started = Date.now();
    const headers = new Headers({ Accept: "application/json" });
    const cookie = this.cookieHeader();
    if (cookie) headers.set("Cookie", cookie);
    if (init.json !== undefined) headers.set("Content-Type", "application/json; charset=utf-8");
    const report = (status?: number, error?: EVisitorError) =>
      this.onCall?.({
        resource: init.resource,
        method,
        status,
        durationMs: Date.now() - started,
        error: error?.kind,
      });
    try {
      const response = await this.fetchFn(this.url(path, init.query), {
        method,
        headers,
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
        // A forms-auth redirect to a login page means "not authenticated", not content.
        redirect: "manual",
        client: method === "POST" ? unpooledClient() : undefined,
        signal: AbortSignal.timeout(this.endpoint.timeoutMs),
      });
      const text = await response.text();
      this.#store(response.headers.getSetCookie());
      const raw = {
        status: response.status,
        contentType: response.headers.get("content-type") ?? "",
        text,
      };
      report(raw.status, errorFromResponse(raw, init.resource) ?? undefined);
      return raw;
    } catch (cause) {
      const timedOut = cause instanceof DOMException &&
        (cause.name === "TimeoutError" || cause.name === "AbortError");
      const error = new EVisitorError(
        "unavailable",
        timedOut
          ? `eVisitor did not answer within ${this.endpoint.timeoutMs} ms (${init.resource})`
          : `eVisitor could not be reached (${init.resource}): network or TLS failure`,
      );
      // The cause keeps the technical detail for whoever logs it; it holds no request body.
      error.cause = cause;
      report(undefined, error);
      throw error;
    }
  }
}
