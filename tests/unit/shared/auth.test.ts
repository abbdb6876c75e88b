import assert from "node:assert/strict";
import { MESSAGES, messageText } from "../../../shared/messages.ts";
import { AccountUpdate } from "../../../shared/schemas/account.ts";
import { ImpersonationResult } from "../../../shared/schemas/admin-user.ts";
import {
  ConfirmEmailQuery,
  Credentials,
  LoginRequest,
  RegisterForm,
  ResetPasswordForm,
  TokenResponse,
} from "../../../shared/schemas/auth.ts";

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [i.path.join("."), messageText(i.message)]) ?? [];

Deno.test("registration enforces the e-mail and password rules", () => {
  assert.deepEqual(
    Credentials.parse({
      email: " ana@example.com",
      password: "Secret#123",
      acceptLegalDocuments: true,
    }),
    { email: "ana@example.com", password: "Secret#123", acceptLegalDocuments: true },
  );
  assert.deepEqual(messagesOf(Credentials.safeParse({ email: "ana", password: "secret" })), [
    ["email", MESSAGES.email],
    ["password", "Password must be at least 8 characters"],
    ["password", MESSAGES.passwordComplexity],
    ["acceptLegalDocuments", MESSAGES.legalAcceptanceRequired],
  ]);
});

Deno.test("the register form also checks the confirmation", () => {
  const form = {
    email: "ana@example.com",
    password: "Secret#123",
    confirmPassword: "Secret#12",
    acceptLegalDocuments: true,
  };
  assert.deepEqual(messagesOf(RegisterForm.safeParse(form)), [
    ["confirmPassword", MESSAGES.passwordsDoNotMatch],
  ]);
  assert.deepEqual(
    messagesOf(ResetPasswordForm.safeParse({ newPassword: "Secret#123", confirmPassword: "x" })),
    [["confirmPassword", MESSAGES.passwordsDoNotMatch]],
  );
});

Deno.test("signing in checks presence only, so old passwords still work", () => {
  assert.ok(LoginRequest.safeParse({ email: "ana@example.com", password: "old" }).success);
  assert.deepEqual(messagesOf(LoginRequest.safeParse({ email: "ana@example.com" })), [
    ["password", "Password is required"],
  ]);
});

Deno.test("a new password or e-mail needs the current password", () => {
  assert.deepEqual(messagesOf(AccountUpdate.safeParse({ newPassword: "Secret#123" })), [
    ["oldPassword", "Current password is required"],
  ]);
  assert.ok(AccountUpdate.safeParse({ newPassword: "Secret#123", oldPassword: "old" }).success);
  // Issue 17: a copied access token alone must not move the sign-in address.
  assert.deepEqual(messagesOf(AccountUpdate.safeParse({ newEmail: "new@example.com" })), [
    ["oldPassword", "Current password is required"],
  ]);
  assert.ok(AccountUpdate.safeParse({ newEmail: "new@example.com", oldPassword: "old" }).success);
});

Deno.test("e-mail confirmation names a missing parameter", () => {
  assert.deepEqual(messagesOf(ConfirmEmailQuery.safeParse({ userId: "u1" })), [
    ["code", "The parameter 'code' must be defined."],
  ]);
});

Deno.test("an impersonation answer is a token response plus who and when", () => {
  const tokens = { tokenType: "Bearer", accessToken: "a", expiresIn: 3600, refreshToken: "r" };
  assert.deepEqual(TokenResponse.parse(tokens), tokens);
  const result = {
    ...tokens,
    impersonatedUserId: "u2",
    impersonatedByUserId: "u1",
    impersonationStartTime: "2026-11-20T10:00:00Z",
  };
  assert.deepEqual(ImpersonationResult.parse(result), result);
  assert.equal(ImpersonationResult.safeParse(tokens).success, false);
});
