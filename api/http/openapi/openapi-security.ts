/** How routes open only to a signed-in session declare their bearer token in the OpenAPI document. */
export const BEARER = [{ Bearer: [] }];

/** The host routes: a session's access token or a personal API token (either in the same header). */
export const BEARER_OR_API_TOKEN: Record<string, string[]>[] = [{ Bearer: [] }, { ApiToken: [] }];

export const BEARER_SCHEME = {
  type: "http",
  scheme: "bearer",
  bearerFormat: "JWT",
  description: "The access token of a signed-in session (POST /api/Users/login), valid for " +
    "minutes and renewed with the refresh token.",
} as const;

export const API_TOKEN_SCHEME = {
  type: "http",
  scheme: "bearer",
  bearerFormat: "prijavko_…",
  description: "A personal API token (Premium), made in the app under Account settings → API " +
    "tokens and shown once: `Authorization: Bearer prijavko_…`. Scope `read` allows GET and " +
    "HEAD, `write` the other methods. It works only on the routes that list it (properties, " +
    "units, stays, calendars, guests, notifications, statistics), for the owner's data only; " +
    "never on account, session, two-factor, token, billing or admin routes (403). Refused with " +
    "403 while the owner's plan lacks API access, 401 once revoked or expired, 429 beyond its " +
    "rate (120 requests a minute, Retry-After).",
} as const;

/** Answers of every authenticated route, besides its own. */
export const authProblemResponses = {
  401: { description: "No valid bearer token" },
  403: { description: "Signed in, but not allowed" },
} as const;
