import type {
  AccountInfo,
  AccountUpdate,
  TwoFactorRequest,
  TwoFactorState,
} from "@shared/schemas/account.ts";
import type { AccountEvent } from "@shared/schemas/account-history.ts";
import { apiGet, apiPost } from "./client.ts";
import type { Paged } from "./paged.ts";

/** The signed-in user's own account (spec section 7, /api/Users/manage). */
export function getAccountInfo(signal?: AbortSignal): Promise<AccountInfo> {
  return apiGet<AccountInfo>("/api/Users/manage/info", undefined, signal);
}

/** A new e-mail takes effect once confirmed through the link; the answer still has the old one. */
export function updateAccount(update: AccountUpdate): Promise<AccountInfo> {
  return apiPost<AccountInfo>("/api/Users/manage/info", update);
}

/** `{}` reads the state (and creates a shared key when there is none). */
export function manageTwoFactor(request: Partial<TwoFactorRequest> = {}): Promise<TwoFactorState> {
  return apiPost<TwoFactorState>("/api/Users/manage/2fa", request);
}

/** One page of the caller's account history, newest first. */
export function listAccountHistory(
  query: { pageNumber: number; pageSize: number },
  signal?: AbortSignal,
): Promise<Paged<AccountEvent>> {
  return apiGet<Paged<AccountEvent>>(
    "/api/Users/manage/history",
    { PageNumber: query.pageNumber, PageSize: query.pageSize },
    signal,
  );
}
