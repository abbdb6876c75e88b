import type { Credentials, LoginRequest, TokenResponse } from "@shared/schemas/auth.ts";
import { apiRequest } from "./client.ts";

/**
 * The sign-in calls of /api/Users (spec section 7). They are anonymous: no bearer header, and a
 * 401 from them (wrong password, two-factor needed) is an answer, not an expired session.
 */
const anonymous = { auth: false } as const;

export function register(credentials: Credentials): Promise<unknown> {
  return apiRequest("/api/Users/register", { ...anonymous, method: "POST", body: credentials });
}

export function login(request: LoginRequest): Promise<TokenResponse> {
  return apiRequest<TokenResponse>("/api/Users/login", {
    ...anonymous,
    method: "POST",
    body: request,
  });
}

export function confirmEmail(
  query: { userId: string; code: string; changedEmail?: string },
): Promise<unknown> {
  return apiRequest("/api/Users/confirmEmail", { ...anonymous, query });
}

/** The link e-mailed to the old address: undoes an e-mail change and ends every session. */
export function revertEmailChange(request: { userId: string; code: string }): Promise<unknown> {
  return apiRequest("/api/Users/revertEmailChange", {
    ...anonymous,
    method: "POST",
    body: request,
  });
}

export function resendConfirmationEmail(email: string): Promise<unknown> {
  return apiRequest("/api/Users/resendConfirmationEmail", {
    ...anonymous,
    method: "POST",
    body: { email },
  });
}

export function forgotPassword(email: string): Promise<unknown> {
  return apiRequest("/api/Users/forgotPassword", { ...anonymous, method: "POST", body: { email } });
}

export function resetPassword(request: { resetCode: string; newPassword: string }) {
  return apiRequest("/api/Users/resetPassword", { ...anonymous, method: "POST", body: request });
}

/**
 * Revokes the stored session on the server (call it before forgetting the tokens: it sends the
 * current bearer header). A short wait; failures are ignored.
 */
export async function logout(refreshToken: string): Promise<void> {
  try {
    await apiRequest("/api/Users/logout", {
      method: "POST",
      body: { refreshToken },
      timeoutMs: 5_000,
    });
  } catch {
    // Signing out locally must not depend on the server; the token expires on its own anyway.
  }
}

/** The link e-mailed with a deletion request: keeps the account (single use, no sign-in). */
export function cancelDeletionByLink(request: { userId: string; code: string }): Promise<unknown> {
  return apiRequest("/api/Users/cancelDeletion", {
    ...anonymous,
    method: "POST",
    body: request,
  });
}
