import {
  type EVisitorCredentials,
  type EVisitorEndpoint,
  EVisitorError,
  type OpenEVisitorSession,
} from "../../evisitor/types.ts";
import { log } from "../../platform/logger.ts";
import { AppError } from "../../errors.ts";
import { message } from "@shared/messages.ts";

/**
 * Logs in to eVisitor once with the credentials a host typed, so wrong ones are never saved.
 * This is the one external call made inside a request, on purpose: the host is waiting for a yes
 * or no, and a single login (no retries, so the host's account is never locked by us) is bounded
 * by the endpoint's timeout.
 */
export async function verifyCredentials(
  evisitor: { endpoint: EVisitorEndpoint; openSession: OpenEVisitorSession },
  credentials: EVisitorCredentials,
): Promise<void> {
  try {
    // Typed by the host just now: tried even if eVisitor refused them before, unless that was
    // only minutes ago (login-guard.ts).
    const session = await evisitor.openSession(evisitor.endpoint, credentials, {
      typedByHost: true,
    });
    await session.logout();
  } catch (error) {
    if (!(error instanceof EVisitorError)) throw error;
    log.warn("evisitor credentials check failed", { kind: error.kind, status: error.status });
    throw credentialProblem(error, Boolean(credentials.apiKey?.trim()));
  }
}

function credentialProblem(error: EVisitorError, keyGiven: boolean): AppError {
  switch (error.kind) {
    case "invalid-credentials":
      return new AppError("ExternalAccountInvalid", {
        detail: message("evisitorCredentialsRejectedNothingSaved"),
        errors: { password: [message("evisitorCredentialsRejected")] },
      });
    case "locked-out":
      return new AppError("ExternalAccountInvalid", {
        detail: message("evisitorLockedOut"),
      });
    // Without a key, "leave it empty" cannot help: the account is one of the test service's.
    case "api-key":
      return new AppError(
        "ExternalAccountInvalid",
        keyGiven
          ? {
            detail: message("evisitorApiKeyRejectedDetail"),
            errors: { apiKey: [message("evisitorApiKeyRejected")] },
          }
          : {
            detail: message("evisitorApiKeyMissingDetail"),
            errors: { apiKey: [message("evisitorApiKeyMissing")] },
          },
      );
    case "firewall":
      return new AppError("ServiceUnavailable", {
        detail: error.supportId
          ? message("evisitorFirewallWithId", { supportId: error.supportId })
          : message("evisitorFirewall"),
      });
    default:
      return new AppError("ServiceUnavailable", {
        detail: message("evisitorUnreachable"),
      });
  }
}
