import { z } from "zod";
import { message } from "../messages.ts";
import { requiredEmail, requiredMessage, requiredParameter } from "./fields.ts";
import { QueryBoolean } from "./list-query.ts";
import { Password, PasswordConfirmation, passwordConfirmation } from "./password.ts";
import { tokenShape } from "./token.ts";

/** Registration, sign-in, tokens and password reset. Account management is in account.ts. */

/** Signing in checks only presence: the rules apply when a password is chosen, not when used. */
const ExistingPassword = z
  .string({ error: requiredMessage("password") })
  .min(1, { error: requiredMessage("password") });

/**
 * The host's acceptance of the terms of use, the privacy policy and the data-processing agreement
 * (shared/legal/documents.ts), in the versions in force: one explicit checkbox naming all three.
 */
export const LegalAcceptance = z.literal(true, { error: message("legalAcceptanceRequired") });

/**
 * POST /Users/register: the spec's e-mail and password, and `acceptLegalDocuments`, without which
 * no account is made (the acceptance is recorded with the account).
 */
export const Credentials = z
  .object({ email: requiredEmail(), password: Password, acceptLegalDocuments: LegalAcceptance })
  .meta({ id: "Credentials" });
export type Credentials = z.infer<typeof Credentials>;

/** The register page: credentials, the repeated password and the acceptance checkbox. */
export const RegisterForm = passwordConfirmation(
  z.object({
    email: requiredEmail(),
    password: Password,
    confirmPassword: PasswordConfirmation,
    acceptLegalDocuments: LegalAcceptance,
  }),
);
export type RegisterForm = z.infer<typeof RegisterForm>;

export const LoginRequest = z
  .object({
    email: requiredEmail(),
    password: ExistingPassword,
    twoFactorCode: z.string().trim().max(16).optional(),
    twoFactorRecoveryCode: z.string().trim().max(64).optional(),
  })
  .meta({ id: "LoginRequest" });
export type LoginRequest = z.infer<typeof LoginRequest>;

/** Query of POST /Users/login: cookies instead of a token in the body. */
export const LoginQuery = z
  .object({ useCookies: QueryBoolean.optional(), useSessionCookies: QueryBoolean.optional() })
  .meta({ id: "LoginQuery" });
export type LoginQuery = z.infer<typeof LoginQuery>;

export const TokenResponse = z.object(tokenShape).meta({ id: "TokenResponse" });
export type TokenResponse = z.infer<typeof TokenResponse>;

export const RefreshRequest = z
  .object({ refreshToken: z.string().min(1) })
  .meta({ id: "RefreshRequest" });
export type RefreshRequest = z.infer<typeof RefreshRequest>;

/** POST /Users/forgotPassword and /Users/resendConfirmationEmail. */
export const EmailRequest = z.object({ email: requiredEmail() }).meta({ id: "EmailRequest" });
export type EmailRequest = z.infer<typeof EmailRequest>;

/** GET /Users/confirmEmail: the link in the confirmation e-mail. */
export const ConfirmEmailQuery = z
  .object({
    userId: requiredParameter("userId"),
    code: requiredParameter("code"),
    changedEmail: z.string().optional(),
  })
  .meta({ id: "ConfirmEmailQuery" });
export type ConfirmEmailQuery = z.infer<typeof ConfirmEmailQuery>;

/**
 * The reset link carries only the code, which identifies the user; `email`, when sent, must
 * belong to that user.
 */
export const ResetPasswordRequest = z
  .object({
    email: requiredEmail().optional(),
    resetCode: z.string({ error: message("required") }).trim().min(1, {
      error: message("required"),
    }),
    newPassword: Password,
  })
  .meta({ id: "ResetPasswordRequest" });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/** The reset page: new password and its confirmation (the code comes from the link). */
export const ResetPasswordForm = passwordConfirmation(
  z.object({ newPassword: Password, confirmPassword: PasswordConfirmation }),
  "newPassword",
);
export type ResetPasswordForm = z.infer<typeof ResetPasswordForm>;
