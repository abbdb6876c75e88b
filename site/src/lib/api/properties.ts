import type { Property, PropertySettingsUpdateInput } from "@shared/schemas/property.ts";
import { apiDelete, apiGet, apiPut } from "./client.ts";
import type { Paged } from "./paged.ts";

export type { PropertySortField } from "@shared/schemas/list-query.ts";
import type {
  ListQueryInput,
  PropertyListQuery,
  PropertyScopeField,
  PropertySortField,
} from "@shared/schemas/list-query.ts";

export interface PropertyListQuery {
  pageNumber: number;
  pageSize: number;
  sortBy: PropertySortField;
  searchValue: string;
  /** Own and shared (the default), only the caller's own, or only those shared with them. */
  scope?: PropertyScopeField;
}

/**
 * GET /api/Properties: the host's properties and those shared with them, each with its
 * accommodation units and the caller's role.
 */
export function listProperties(query: PropertyListQuery, signal?: AbortSignal) {
  return apiGet<Paged<Property>>(
    "/api/Properties",
    {
      PageNumber: query.pageNumber,
      PageSize: query.pageSize,
      SortBy: query.sortBy,
      SearchValue: query.searchValue.trim(),
      Scope: query.scope ?? "All",
    } satisfies ListQueryInput<typeof PropertyListQuery>,
    signal,
  );
}

/** PUT /api/Properties/Settings/{id}: replaces every setting (send the unchanged ones too). */
export function updatePropertySettings(
  id: string,
  settings: PropertySettingsUpdateInput,
): Promise<Property> {
  return apiPut<Property>(`/api/Properties/Settings/${encodeURIComponent(id)}`, settings);
}

/** DELETE /api/Properties/{id}: removes it and its units here (it stays in eVisitor). */
export function deleteProperty(id: string): Promise<void> {
  return apiDelete<void>(`/api/Properties/${encodeURIComponent(id)}`);
}
