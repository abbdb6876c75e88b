import type { AdminUserListItem, ImpersonationResult } from "@shared/schemas/admin-user.ts";
import { apiGet, apiPost } from "./client.ts";
import type { Paged } from "./paged.ts";

export type { Paged };

export type { UserSortField } from "@shared/schemas/list-query.ts";
import type { ListQueryInput, UserListQuery, UserSortField } from "@shared/schemas/list-query.ts";

export interface UserListQuery {
  pageNumber: number;
  pageSize: number;
  searchTerm: string;
  sortBy: UserSortField;
  sortDescending: boolean;
}

/** GET /api/Users/list (administrators). */
export function listUsers(query: UserListQuery, signal?: AbortSignal) {
  return apiGet<Paged<AdminUserListItem>>(
    "/api/Users/list",
    {
      PageNumber: query.pageNumber,
      PageSize: query.pageSize,
      SearchTerm: query.searchTerm.trim(),
      SortBy: query.sortBy,
      SortDescending: query.sortDescending,
    } satisfies ListQueryInput<typeof UserListQuery>,
    signal,
  );
}

/** POST /api/Users/impersonate/{userId}: that user's tokens. */
export function impersonateUser(userId: string): Promise<ImpersonationResult> {
  return apiPost<ImpersonationResult>(`/api/Users/impersonate/${encodeURIComponent(userId)}`);
}
