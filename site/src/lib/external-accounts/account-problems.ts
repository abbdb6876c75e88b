import { ApiError } from "../api/api-error.ts";
import { type FieldErrors, fieldErrorsFromServer } from "../forms/field-errors.ts";
import type { Translate, TranslationKey } from "../../i18n/translate.ts";
import { message, parseMessage } from "@shared/messages.ts";
import { describeApiError } from "../../i18n/server-messages.ts";

export const ACCOUNT_FIELDS = ["username", "password", "email", "apiKey"] as const;
export type AccountField = (typeof ACCOUNT_FIELDS)[number];

/** Why the last sync failed (`lastError`, the eVisitor error kind), said for the host. */
const LAST_ERRORS: Record<string, TranslationKey> = {
  "invalid-credentials": "externalAccounts.error.invalidCredentials",
  "locked-out": "externalAccounts.error.lockedOut",
  "api-key": "externalAccounts.error.apiKey",
  "forbidden": "externalAccounts.error.forbidden",
  "unavailable": "externalAccounts.error.unavailable",
  "protocol": "externalAccounts.error.protocol",
};

export function lastErrorText(t: Translate, lastError: string): string {
  // "firewall:<support ID>": eVisitor's firewall page, with the ID its support asks for.
  const [kind, supportId] = lastError.split(":");
  if (kind === "firewall") {
    return supportId
      ? t("externalAccounts.error.firewallId", { supportId })
      : t("externalAccounts.error.firewall");
  }
  return t(LAST_ERRORS[lastError] ?? "externalAccounts.error.other");
}

/**
 * How a failed create or edit is shown in the dialog: messages under fields and, for what eVisitor
 * said (wrong password, locked account, refused API key, unreachable), an alert that also says
 * nothing was saved.
 */
export function accountProblem(
  t: Translate,
  error: unknown,
): { fieldErrors: FieldErrors<AccountField>; alert?: string } {
  if (!(error instanceof ApiError)) return { fieldErrors: {}, alert: describeApiError(t, error) };
  const fieldErrors = fieldErrorsFromServer(error.fieldErrors, ACCOUNT_FIELDS);
  const detail = parseMessage(error.problem?.detailMessage ?? "");
  switch (error.code) {
    case "ExternalAccountInvalid": {
      const alert = error.fieldErrors?.apiKey?.includes(message("evisitorApiKeyMissing"))
        ? t("externalAccounts.problem.apiKeyMissing")
        : fieldErrors.apiKey
        ? t("externalAccounts.problem.apiKey")
        : !fieldErrors.password && detail?.code === "evisitorLockedOut"
        ? t("externalAccounts.problem.lockedOut")
        : t("externalAccounts.problem.invalidCredentials");
      return { fieldErrors, alert };
    }
    case "ServiceUnavailable": {
      if (detail?.code === "evisitorFirewallWithId") {
        const supportId = String(detail.params?.supportId ?? "");
        return { fieldErrors, alert: t("externalAccounts.problem.firewallId", { supportId }) };
      }
      if (detail?.code === "evisitorFirewall") {
        return { fieldErrors, alert: t("externalAccounts.problem.firewall") };
      }
      return { fieldErrors, alert: t("externalAccounts.problem.unavailable") };
    }
    case "ExternalAccountExists":
      return {
        fieldErrors: {
          ...fieldErrors,
          username: fieldErrors.username ?? [message("evisitorAccountConnected")],
        },
      };
    default: {
      const hasFieldErrors = Object.keys(fieldErrors).length > 0;
      return { fieldErrors, alert: hasFieldErrors ? undefined : describeApiError(t, error) };
    }
  }
}
