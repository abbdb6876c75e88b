/** How authenticated routes declare the bearer token in the OpenAPI document. */
export const BEARER = [{ Bearer: [] }];

export const BEARER_SCHEME = { type: "http", scheme: "bearer", bearerFormat: "JWT" } as const;

/** Answers of every authenticated route, besides its own. */
export const authProblemResponses = {
  401: { description: "No valid bearer token" },
  403: { description: "Signed in, but not allowed" },
} as const;
