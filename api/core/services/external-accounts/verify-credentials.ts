import {
  type EVisitorCredentials,
  type EVisitorEndpoint,
  EVisitorError,
  type OpenEVisitorSession,
} from "../../evisitor/types.ts";
import { log } from "../../platform/logger.ts";
import { AppError } from "../../errors.ts";
import { API_KEY_MISSING, API_KEY_REFUSED } from "@shared/schemas/external-account.ts";

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
        detail: "eVisitor did not accept this username and password. Nothing was saved.",
        errors: { password: ["eVisitor did not accept this username and password."] },
      });
    case "locked-out":
      return new AppError("ExternalAccountInvalid", {
        detail: "eVisitor has temporarily locked this account after failed logins. " +
          "Wait a few minutes, check the password, then try again.",
      });
    // Without a key, "leave it empty" cannot help: the account is one of the test service's.
    case "api-key":
      return new AppError(
        "ExternalAccountInvalid",
        keyGiven
          ? {
            detail: "eVisitor's test service refused the API key. Check it, or leave it empty " +
              "for the production service.",
            errors: { apiKey: [API_KEY_REFUSED] },
          }
          : {
            detail: "eVisitor's test service needs an API key for this account. Enter the key " +
              "HTZ/eVisitor support issued for it. Nothing was saved.",
            errors: { apiKey: [API_KEY_MISSING] },
          },
      );
    case "firewall":
      return new AppError("ServiceUnavailable", {
        detail: "eVisitor's firewall refused the request" +
          (error.supportId ? ` (support ID ${error.supportId})` : "") +
          ". Nothing was saved; please try again later.",
      });
    default:
      return new AppError("ServiceUnavailable", {
        detail: "eVisitor could not be reached to check the account. Nothing was saved; " +
          "please try again in a few minutes.",
      });
  }
}
