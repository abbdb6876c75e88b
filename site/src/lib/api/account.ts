import type {
  AccountInfo,
  AccountUpdate,
  TwoFactorRequest,
  TwoFactorState,
} from "@shared/schemas/account.ts";
import type { AccountEvent } from "@shared/schemas/account-history.ts";
import type { Profile, ProfileUpdate } from "@shared/schemas/profile.ts";
import type { UserSettings } from "@shared/schemas/user-settings.ts";
import type { AccountDeletionState, PrivacyOverview } from "@shared/schemas/account-deletion.ts";
import { apiGet, apiPost, apiPut } from "./client.ts";
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

/** The caller's profile (receipts, payment slip, greeting). */
export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiGet<Profile>("/api/Users/manage/profile", undefined, signal);
}

export function saveProfile(profile: ProfileUpdate): Promise<Profile> {
  return apiPut<Profile>("/api/Users/manage/profile", profile);
}

/** Language, theme, notification channels and default times, kept on the server. */
export function getUserSettings(signal?: AbortSignal): Promise<UserSettings> {
  return apiGet<UserSettings>("/api/Users/manage/settings", undefined, signal);
}

export function saveUserSettings(settings: UserSettings): Promise<UserSettings> {
  return apiPut<UserSettings>("/api/Users/manage/settings", settings);
}

/** The retention periods in force and whether a deletion is pending. */
export function getPrivacyOverview(signal?: AbortSignal): Promise<PrivacyOverview> {
  return apiGet<PrivacyOverview>("/api/Users/manage/privacy", undefined, signal);
}

/** Asks for the account to be erased after the grace period (the password proves it is you). */
export function requestAccountDeletion(password: string): Promise<AccountDeletionState> {
  return apiPost<AccountDeletionState>("/api/Users/manage/delete", { password });
}

export function cancelAccountDeletion(): Promise<AccountDeletionState> {
  return apiPost<AccountDeletionState>("/api/Users/manage/delete/cancel", {});
}
