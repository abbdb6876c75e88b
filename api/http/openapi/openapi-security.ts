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

/** The personal API token scheme, with the rate this API enforces per token. */
export function apiTokenScheme(perMinute: number) {
  return {
    type: "http",
    scheme: "bearer",
    bearerFormat: "prijavko_…",
    description: "A personal API token (Premium), made in the app under Account settings → API " +
      "tokens and shown once: `Authorization: Bearer prijavko_…`. Scope `read` allows GET and " +
      "HEAD, `write` the other methods. It works only on the routes that list it (properties, " +
      "units, stays, calendars, guests, notifications, statistics), for the owner's data only; " +
      "never on account, session, two-factor, token, billing or admin routes (403). Refused " +
      "with 403 while the owner's plan lacks API access, 401 once revoked or expired, 429 " +
      `beyond its rate (${perMinute} requests a minute, Retry-After).`,
  } as const;
}

/** The API reference's introduction to personal tokens, with this site's address in the example. */
export function apiTokenGuide(publicUrl: string, perMinute: number): string {
  return "## Using the API with a personal token\n\n" +
    "On Premium, make a token in the app (Account settings → API tokens): give it a name, " +
    "the scopes `read` (GET, HEAD) and/or `write` (everything else) and, if you like, an " +
    "expiry. It is shown once; keep it secret. Send it as a bearer token:\n\n" +
    '```sh\ncurl -H "Authorization: Bearer prijavko_…" \\\n' +
    `  "${publicUrl}/api/Properties?PageNumber=1&PageSize=20"\n\n` +
    'curl -X POST -H "Authorization: Bearer prijavko_…" -H "Content-Type: application/json" \\\n' +
    `  -d '{"accommodationUnitId":"…","startDateUTC":"2026-12-20T14:00:00Z",` +
    `"endDateUTC":"2026-12-27T10:00:00Z"}' \\\n` +
    `  "${publicUrl}/api/Reservations"\n\`\`\`\n\n` +
    "Routes marked **ApiToken** accept it, for your own data only; account, session, " +
    "two-factor, token, billing and admin routes never do (403). Each token may make " +
    `${perMinute} requests a minute (429 with Retry-After beyond). A revoked or expired token ` +
    "gets 401; a plan without API access gets 403 on every request.";
}

/** Answers of every authenticated route, besides its own. */
export const authProblemResponses = {
  401: { description: "No valid bearer token" },
  403: { description: "Signed in, but not allowed" },
} as const;
