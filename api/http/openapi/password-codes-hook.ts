import type { ZodError } from "zod";
import type { ErrorCode } from "@shared/errors.ts";
import { AppError, issuesToErrors } from "@core/errors.ts";

/**
 * Validation hook for calls that set a password or an e-mail: besides the field messages, the
 * problem's `code` names the first rule broken with the spec's server codes (PasswordTooShort,
 * PasswordRequiresDigit, ..., InvalidEmail), as clients of the original API expect. It throws,
 * so the app's single error handler writes the answer.
 */
export function passwordCodesHook(
  result: { success: true } | { success: false; error: ZodError },
): undefined {
  if (result.success) return undefined;
  const codes: ErrorCode[] = [];
  for (const issue of result.error.issues) {
    const fromRule = (issue as { params?: { codes?: ErrorCode[] } }).params?.codes ?? [];
    codes.push(...fromRule);
    if (issue.path[0] === "email" || issue.path[0] === "newEmail") codes.push("InvalidEmail");
  }
  throw AppError.invalid(issuesToErrors(result.error), codes[0] ?? "ValidationFailed");
}
