import type { RegistrationFailure } from "@shared/registration-failures.ts";
import type { EVisitorError } from "../../../evisitor/types.ts";

/** Why a registration failed, for the host: eVisitor's own words when it refused data. */
export function hostFailureOf(error: EVisitorError): RegistrationFailure {
  switch (error.kind) {
    case "rejected":
      return { code: "evisitor-refused", detail: error.message };
    case "invalid-credentials":
    case "unauthenticated":
      return { code: "credentials", detail: null };
    case "locked-out":
      return { code: "locked-out", detail: null };
    case "api-key":
      return { code: "api-key", detail: null };
    case "forbidden":
      return { code: "forbidden", detail: null };
    case "firewall":
      return { code: "firewall", detail: error.supportId ?? null };
    default:
      return { code: "unanswered", detail: null };
  }
}
