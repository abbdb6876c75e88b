import type {
  ApiToken,
  CreateApiTokenRequest,
  CreatedApiToken,
} from "@shared/schemas/api-token.ts";
import { apiDelete, apiGet, apiPost } from "./client.ts";

const TOKENS = "/api/Users/manage/apiTokens";

/** GET /api/Users/manage/apiTokens: the caller's tokens (never the tokens themselves). */
export function listApiTokens(signal?: AbortSignal): Promise<ApiToken[]> {
  return apiGet<ApiToken[]>(TOKENS, undefined, signal);
}

/** POST /api/Users/manage/apiTokens: a new token, whose `token` is shown this once. */
export function createApiToken(request: CreateApiTokenRequest): Promise<CreatedApiToken> {
  return apiPost<CreatedApiToken>(TOKENS, request);
}

/** DELETE /api/Users/manage/apiTokens/{id}: refused from the next request on. */
export function revokeApiToken(id: string): Promise<void> {
  return apiDelete<void>(`${TOKENS}/${encodeURIComponent(id)}`);
}
