/**
 * Login, logout and session checks as Rhetos AspNetFormsAuth does them (evisitor-api.md §2.1,
 * §5.3): Login answers 200 `true` with three cookies or 200 `false`; stock lockout after N
 * failures is a 400 UserException, and while locked even the right password is refused.
 */
import type { SimOptions } from "./options.ts";
import {
  API_KEY_MESSAGE,
  clientError,
  empty,
  envelope,
  json,
  notAuthenticated,
} from "./responses.ts";
import type { SeedHost, SimState } from "./state.ts";

export const SESSION_COOKIES = ["authentication", "affinity", "language"] as const;

function token(bytes = 24): string {
  return [...crypto.getRandomValues(new Uint8Array(bytes))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");
}

/** Reads `a=1; b=2`. Cookies joined with a bare space are what the firewall blocks (see app.ts). */
export function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0) cookies.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return cookies;
}

/** True for `a=1 b=2`: several pairs inside one `;`-separated part. */
export function isSpaceJoined(header: string | null): boolean {
  return (header ?? "").split(";").some((part) => /=\S*\s+[^\s=;]+=/.test(part.trim()));
}

function lockoutMessage(minutes: number): string {
  return "Your account is temporarily locked out because of too many failed login attempts. " +
    `Please try again in ${minutes} minutes or contact your system administrator.`;
}

export function lockoutResponse(minutes: number): Response {
  return envelope(400, lockoutMessage(minutes), null);
}

export function handleLogin(state: SimState, options: SimOptions, bodyText: string): Response {
  state.loginAttempts++;
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return clientError("The request body is not valid JSON.");
  }
  if (typeof body !== "object" || body === null) {
    return clientError("Login parameters are missing.");
  }
  // The binder ignores key case: userName, UserName and USERNAME all work.
  const fields = new Map(Object.entries(body).map(([k, v]) => [k.toLowerCase(), v]));
  const username = typeof fields.get("username") === "string"
    ? fields.get("username") as string
    : "";
  const password = typeof fields.get("password") === "string"
    ? fields.get("password") as string
    : "";

  if (options.apiKey !== undefined && fields.get("apikey") !== options.apiKey) {
    return envelope(options.apiKeyStatus, null, API_KEY_MESSAGE);
  }
  // A host with its own key (test service): the key is checked before the password, as the
  // application is refused whoever logs in with it.
  const keyed = username ? state.host(username) : undefined;
  if (keyed?.apiKey !== undefined && fields.get("apikey") !== keyed.apiKey) {
    state.apiKeyRefusals++;
    return envelope(options.apiKeyStatus, null, API_KEY_MESSAGE);
  }
  if (!username) return envelope(400, "Empty UserName is not allowed.", null);
  if (!password) return envelope(400, "Empty Password is not allowed.", null);

  const now = state.fixedNow ?? options.now();
  const host = state.host(username);
  const key = username.toLowerCase();
  const failures = state.failures.get(key) ?? { count: 0 };
  if (failures.lockedUntil !== undefined && failures.lockedUntil > now) {
    return lockoutResponse(Math.ceil((failures.lockedUntil - now) / 60_000));
  }
  if (!host || host.password !== password) {
    if (host) {
      failures.count = failures.lockedUntil !== undefined ? 1 : failures.count + 1;
      failures.lockedUntil = undefined;
      if (failures.count >= options.lockoutAttempts) {
        failures.lockedUntil = now + options.lockoutSeconds * 1000;
      }
      state.failures.set(key, failures);
    }
    return json(false);
  }
  state.failures.delete(key);
  state.count(host.username, "login");
  const session = token();
  state.sessions.set(session, { username: host.username, lastSeen: now });
  const headers = new Headers();
  headers.append("Set-Cookie", `authentication=${session}; path=/; HttpOnly`);
  headers.append("Set-Cookie", `affinity=${token(16)}; path=/; HttpOnly`);
  headers.append("Set-Cookie", "language=hr; path=/");
  return json(true, 200, headers);
}

export function handleLogout(state: SimState, cookies: Map<string, string>): Response {
  const session = cookies.get("authentication");
  const open = session ? state.sessions.get(session) : undefined;
  if (open) {
    state.count(open.username, "logout");
    state.sessions.delete(session!);
  }
  return empty({ "Set-Cookie": "authentication=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/" });
}

/**
 * The host behind the request's cookies, or the "not authenticated" answer. All three login
 * cookies are required, as the wiki says; an idle session expires (sliding).
 */
export function authenticate(
  state: SimState,
  options: SimOptions,
  cookies: Map<string, string>,
): SeedHost | Response {
  const refuse = notAuthenticated(options.unauthenticatedStatus);
  if (!SESSION_COOKIES.every((name) => cookies.has(name))) return refuse;
  const session = state.sessions.get(cookies.get("authentication")!);
  if (!session) return refuse;
  const now = state.fixedNow ?? options.now();
  if (now - session.lastSeen > options.sessionIdleMinutes * 60_000) {
    state.sessions.delete(cookies.get("authentication")!);
    return refuse;
  }
  session.lastSeen = now;
  return state.host(session.username) ?? refuse;
}
