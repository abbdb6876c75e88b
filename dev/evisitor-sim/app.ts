/**
 * The simulator as a fetch handler: `createSimApp(state, options)` serves the eVisitor protocol
 * (any path prefix, so http://127.0.0.1:8100 and http://127.0.0.1:8100/testApi both work) and
 * the /__sim/ control API. main.ts runs it as a process; tests run it in-process.
 */
import {
  authenticate,
  handleLogin,
  handleLogout,
  isSpaceJoined,
  lockoutResponse,
  parseCookies,
} from "./auth.ts";
import { read } from "./browse.ts";
import { handleControl } from "./control.ts";
import { type Fault, FaultQueue } from "./faults.ts";
import { type SimOptions, simOptions } from "./options.ts";
import { FORBIDDEN_FOR_HOSTS, RESOURCES } from "./resources.ts";
import {
  Answer,
  droppedAnswer,
  envelope,
  html,
  json,
  notAuthenticated,
  notFoundRecord,
  serverError,
  wafPage,
} from "./responses.ts";
import type { SimState } from "./state.ts";
import { ACTIONS, runAction } from "./tourist-actions.ts";

export interface SimApp {
  fetch(req: Request): Promise<Response>;
  /** Releases answers held back by "timeout" faults, so a server can shut down. */
  close(): void;
  state: SimState;
  faults: FaultQueue;
  options: SimOptions;
}

const AUTH = "/Resources/AspNetFormsAuth/Authentication/";
const REST = "/Rest/Htz/";
/** The username a Login body names (any key case), for the request log. */
function usernameIn(bodyText: string): string | undefined {
  try {
    const body = JSON.parse(bodyText);
    if (typeof body !== "object" || body === null) return undefined;
    const entry = Object.entries(body).find(([key]) => key.toLowerCase() === "username");
    return typeof entry?.[1] === "string" ? entry[1] : undefined;
  } catch {
    return undefined;
  }
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createSimApp(state: SimState, overrides: Partial<SimOptions> = {}): SimApp {
  const options = simOptions(overrides);
  const faults = new FaultQueue();
  const closing = new AbortController();
  const now = () => state.fixedNow ?? options.now();

  function hold(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (closing.signal.aborted) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        closing.signal.removeEventListener("abort", done);
        resolve();
      }
      closing.signal.addEventListener("abort", done);
    });
  }

  /**
   * Answers the protocol part of the path (`Login`, `Rest/Htz/...`); `caller.username` is set to
   * the host the call was made as, once known.
   */
  function serve(
    req: Request,
    path: string,
    query: URLSearchParams,
    bodyText: string,
    caller: { username?: string },
  ): Response {
    const cookieHeader = req.headers.get("cookie");
    const cookies = parseCookies(cookieHeader);
    const authAt = path.indexOf(AUTH);
    if (authAt >= 0) {
      const action = path.slice(authAt + AUTH.length);
      if (req.method !== "POST") return html(405, "Method Not Allowed");
      if (action === "Login") {
        caller.username = usernameIn(bodyText);
        return handleLogin(state, options, bodyText);
      }
      if (action === "Logout") {
        caller.username = state.sessions.get(cookies.get("authentication") ?? "")?.username;
        return handleLogout(state, cookies);
      }
      return html(404, "Endpoint not found.");
    }
    const rest = path.slice(path.indexOf(REST) + REST.length);
    const [name, ...tail] = rest.split("/");
    const suffix = tail.join("/");
    if (tail.length === 0) {
      // Without the trailing slash Rhetos shows service metadata, not data.
      return html(200, `Rhetos REST service metadata: Htz.${name}`);
    }
    const known = name in RESOURCES || name in ACTIONS || FORBIDDEN_FOR_HOSTS.includes(name);
    if (!known) return html(404, "Endpoint not found.");

    const host = authenticate(state, options, cookies);
    if (host instanceof Response) return host;
    caller.username = host.username;
    state.count(host.username, req.method === "POST" ? { action: name } : { read: name });

    if (name in ACTIONS) {
      if (req.method !== "POST" || suffix !== "") return html(405, "Method Not Allowed");
      return runAction(name, { state, host, options, now: now() }, bodyText);
    }
    if (FORBIDDEN_FOR_HOSTS.includes(name)) {
      return envelope(
        400,
        `You are not authorized for action 'Read' on resource 'Htz.${name}', user '${host.username}'. The required security claim is not set.`,
        null,
      );
    }
    if (req.method !== "GET") return html(405, "Method Not Allowed");
    const resource = RESOURCES[name];
    const rows = resource.rows({ state, host, now: now() });
    if (suffix === "" || suffix === "RecordsAndTotalCount" || suffix === "TotalCount") {
      const result = read(name, resource.columns, rows, query);
      if (suffix === "") return json({ Records: result.records });
      if (suffix === "TotalCount") return json({ TotalCount: result.totalCount });
      return json({ Records: result.records, TotalCount: result.totalCount });
    }
    if (GUID.test(suffix)) {
      const row = rows.find((r) => String(r.ID).toLowerCase() === suffix.toLowerCase());
      return row ? json(row) : notFoundRecord();
    }
    return html(404, "Endpoint not found.");
  }

  async function applyFault(fault: Fault): Promise<Response | undefined> {
    switch (fault.mode) {
      case "http500":
        return serverError();
      case "envelope200":
        // A server-side exception whose envelope comes with 200 (a proxy, or a newer Rhetos).
        return serverError(200);
      case "lost":
      case "drop":
        // Carried out first, the answer then lost (see handle).
        return undefined;
      case "waf":
        return wafPage(fault.supportId);
      case "lockout":
        return lockoutResponse(Math.ceil(options.lockoutSeconds / 60));
      case "unauthenticated":
        return notAuthenticated(options.unauthenticatedStatus);
      case "timeout":
        // Like a lost answer: the caller gives up, but the call is still carried out.
        await hold(fault.delayMs ?? options.timeoutDelayMs);
        return undefined;
      case "expire-on-call":
        // Every session ends just as this call arrives: it finds its own gone.
        state.sessions.clear();
        return undefined;
    }
  }

  async function handle(req: Request, caller: { username?: string }): Promise<Response> {
    const url = new URL(req.url);
    const path = url.pathname;
    if (path.startsWith("/__sim/")) {
      return await handleControl(req, path, { state, faults, now });
    }
    const isAuth = path.includes(AUTH);
    if (!isAuth && !path.includes(REST)) return html(404, "Not Found");
    // The body is read before any delay: a client that gave up may close the stream.
    const bodyText = req.method === "GET" ? "" : await req.text();
    if (options.latencyMs > 0) await hold(options.latencyMs);

    // The firewall rejects cookies joined with a bare space, before the application sees them.
    if (isSpaceJoined(req.headers.get("cookie"))) return wafPage();
    const fault = faults.take({
      path,
      isLogin: path.endsWith(`${AUTH}Login`),
      needsSession: !isAuth,
    });
    if (fault) {
      const answer = await applyFault(fault);
      if (answer) return answer;
    }
    let answer: Response;
    try {
      answer = serve(req, path, url.searchParams, bodyText, caller);
    } catch (error) {
      if (error instanceof Answer) answer = error.response;
      else {
        console.error("evisitor-sim: unexpected error", error);
        answer = serverError();
      }
    }
    if (fault?.mode === "lost") {
      // Applied; the answer waits past the client's patience, as if lost on the way.
      await hold(fault.delayMs ?? options.timeoutDelayMs);
    }
    if (fault?.mode === "drop") return droppedAnswer(answer);
    return answer;
  }

  return {
    async fetch(req) {
      const caller: { username?: string } = {};
      const response = await handle(req, caller);
      const path = new URL(req.url).pathname;
      if (!path.startsWith("/__sim/")) {
        state.logRequest({
          at: new Date(now()).toISOString(),
          method: req.method,
          path,
          status: response.status,
          username: caller.username,
        });
        if (options.log) console.log(`evisitor-sim ${req.method} ${path} ${response.status}`);
      }
      return response;
    },
    close: () => closing.abort(),
    state,
    faults,
    options,
  };
}
