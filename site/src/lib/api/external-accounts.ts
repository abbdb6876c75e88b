import type {
  ExternalAccount,
  ExternalAccountRequestInput,
} from "@shared/schemas/external-account.ts";
import { apiDelete, apiGet, apiPost, apiPut } from "./client.ts";
import type { Paged } from "./paged.ts";

/** What the account list sorts by (the API's SortBy values). */
export type ExternalAccountSortField = AccountSortField;
import type {
  AccountListQuery,
  AccountSortField,
  ListQueryInput,
} from "@shared/schemas/list-query.ts";

export interface ExternalAccountListQuery {
  pageNumber: number;
  pageSize: number;
  sortBy: ExternalAccountSortField;
  searchValue: string;
}

/** What the create and edit dialogs send: the eVisitor login, checked by the API before saving. */
export type ExternalAccountInput = Omit<ExternalAccountRequestInput, "type">;

const path = (id: string) => `/api/ExternalAccounts/${encodeURIComponent(id)}`;

/** GET /api/ExternalAccounts (spec section 7; the query names are the spec's). */
export function listExternalAccounts(query: ExternalAccountListQuery, signal?: AbortSignal) {
  return apiGet<Paged<ExternalAccount>>(
    "/api/ExternalAccounts",
    {
      PageNumber: query.pageNumber,
      PageSize: query.pageSize,
      SortBy: query.sortBy,
      SearchValue: query.searchValue.trim(),
    } satisfies ListQueryInput<typeof AccountListQuery>,
    signal,
  );
}

/** POST /api/ExternalAccounts: connects the account (status Created); provisioning follows. */
export function createExternalAccount(input: ExternalAccountInput): Promise<ExternalAccount> {
  return apiPost<ExternalAccount>("/api/ExternalAccounts", input);
}

/** PUT /api/ExternalAccounts/{id}: new credentials; its properties and units are deleted. */
export function updateExternalAccount(
  id: string,
  input: ExternalAccountInput,
): Promise<ExternalAccount> {
  return apiPut<ExternalAccount>(path(id), input);
}

/** DELETE /api/ExternalAccounts/{id}: disconnects it with its properties and units. */
export function deleteExternalAccount(id: string): Promise<void> {
  return apiDelete<void>(path(id));
}

/** GET /api/ExternalAccounts/Provision/{id}: starts a sync (the answer shows Provisioning). */
export function provisionExternalAccount(id: string): Promise<ExternalAccount> {
  return apiGet<ExternalAccount>(`/api/ExternalAccounts/Provision/${encodeURIComponent(id)}`);
}

/**
 * POST /api/ExternalAccounts/{id}/credentials: a new password and/or API key, checked with
 * eVisitor first; properties, units, QR codes and stays are kept.
 */
export function changeExternalAccountCredentials(
  id: string,
  input: { password?: string; apiKey?: string },
): Promise<ExternalAccount> {
  return apiPost<ExternalAccount>(`${path(id)}/credentials`, input);
}
