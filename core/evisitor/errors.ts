/**
 * Turns eVisitor's answers into EVisitorError kinds (evisitor-api.md §5.1). Rhetos reports
 * failures as `{"UserMessage", "SystemMessage"}` with 400/500, "not authenticated" as 400 or 401,
 * a missing record as 404 with a JSON string, and the firewall answers with an HTML page that is
 * probably a 200. Messages built here name the resource, never credentials or guest data.
 */
import { cleanMessage } from "./messages.ts";
import { EVisitorError } from "./types.ts";

/** A finished HTTP exchange, body already read. */
export interface RawResponse {
  status: number;
  contentType: string;
  text: string;
}

export interface Envelope {
  userMessage: string | null;
  systemMessage: string | null;
}

export const NOT_AUTHENTICATED = "User is not authenticated.";
/** Rhetos' UserMessage for every ClientException; the useful text is then in SystemMessage. */
const GENERIC_CLIENT_MESSAGE = /request sent to the server was not valid/i;
const LOCKED_OUT = /locked out|zaklju[čc]an/i;
const API_KEY = /API key/i;
const NOT_AUTHORIZED = /not authorized for action/i;

/** The Rhetos error envelope, if `body` is one carrying a message. */
export function readEnvelope(body: unknown): Envelope | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  const record = body as Record<string, unknown>;
  if (!("UserMessage" in record) && !("SystemMessage" in record)) return null;
  const text = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v : null);
  const envelope = {
    userMessage: text(record.UserMessage),
    systemMessage: text(record.SystemMessage),
  };
  return envelope.userMessage || envelope.systemMessage ? envelope : null;
}

export function looksLikeHtml(response: RawResponse): boolean {
  return /html/i.test(response.contentType) || /^\s*</.test(response.text);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Rhetos' SystemMessage for any exception that is neither a UserException nor a ClientException. */
const INTERNAL_ERROR = /^Internal server error occurred\b/i;

/**
 * Whether eVisitor failed on its side rather than refused the call, whatever the status says:
 * a 5xx, Rhetos' "Internal server error occurred (…)" (seen with 200 behind some proxies), or an
 * envelope with no text for the user under a success status. A refusal of the data is a
 * UserException and always carries its UserMessage (evisitor-api.md §5.1). Worth retrying.
 */
function isServerFailure(envelope: Envelope, status: number): boolean {
  if (status >= 500) return true;
  if (envelope.systemMessage && INTERNAL_ERROR.test(cleanMessage(envelope.systemMessage))) {
    return true;
  }
  return status < 400 && envelope.userMessage === null;
}

/** "Please try again in 5 minutes" / "zaključan na 5 minuta" → 5. */
export function lockoutMinutes(message: string): number | undefined {
  const m = message.match(/(\d+)\s*(?:minute|minut)/i);
  return m ? Number(m[1]) : undefined;
}

export function errorFromEnvelope(
  envelope: Envelope,
  status: number,
  resource: string,
): EVisitorError {
  const user = envelope.userMessage ? cleanMessage(envelope.userMessage) : null;
  const system = envelope.systemMessage ? cleanMessage(envelope.systemMessage) : null;
  const all = `${user ?? ""}\n${system ?? ""}`;

  if (all.includes(NOT_AUTHENTICATED)) {
    return new EVisitorError(
      "unauthenticated",
      `eVisitor: not authenticated (${resource})`,
      status,
    );
  }
  if (API_KEY.test(all)) {
    return new EVisitorError(
      "api-key",
      "eVisitor refused the API key (application not registered, deactivated or key expired)",
      status,
    );
  }
  if (LOCKED_OUT.test(all)) {
    const minutes = lockoutMinutes(all);
    return new EVisitorError(
      "locked-out",
      "eVisitor has temporarily locked the account after too many failed logins" +
        (minutes ? `; try again in ${minutes} minutes` : ""),
      status,
    );
  }
  if (NOT_AUTHORIZED.test(all)) {
    // The message names the user; keep only the action and resource.
    const text = (user && NOT_AUTHORIZED.test(user) ? user : system ?? "")
      .replace(/,?\s*user\s+'[^']*'/i, "");
    return new EVisitorError("forbidden", `eVisitor: ${text}`, status);
  }
  if (isServerFailure(envelope, status)) {
    return new EVisitorError("unavailable", `eVisitor failed internally (${resource})`, status);
  }
  // A UserException carries the text for the host; a ClientException only the generic one,
  // with the specific reason (bad filter, paging without sort, ...) in SystemMessage.
  const message = user && !GENERIC_CLIENT_MESSAGE.test(user)
    ? user
    : system ?? user ?? `eVisitor rejected the request (${resource})`;
  return new EVisitorError("rejected", message, status);
}

/**
 * The error an answer stands for, or null when the status is 2xx and the body is not an error
 * envelope (the caller still checks the shape it expects).
 */
export function errorFromResponse(response: RawResponse, resource: string): EVisitorError | null {
  const { status } = response;
  if (status >= 500 || status === 408 || status === 429) {
    const envelope = readEnvelope(parseJson(response.text));
    if (envelope && status < 500) return errorFromEnvelope(envelope, status, resource);
    // A refused API key is final whatever status carries it (its status is undocumented,
    // evisitor-api.md §6.6): retrying it as an outage would repeat a refused login.
    if (envelope && API_KEY.test(`${envelope.userMessage}\n${envelope.systemMessage}`)) {
      return errorFromEnvelope(envelope, status, resource);
    }
    return new EVisitorError("unavailable", `eVisitor answered ${status} (${resource})`, status);
  }
  if (looksLikeHtml(response)) {
    const supportId = response.text.match(/support ID is:?\s*([0-9A-Za-z-]+)/i)?.[1];
    if (/requested URL was rejected/i.test(response.text)) {
      return new EVisitorError(
        "firewall",
        `eVisitor's firewall refused the request (${resource}` +
          (supportId ? `, support ID ${supportId})` : ")"),
        status,
        supportId,
      );
    }
    if (status === 401 || (status >= 300 && status < 400)) {
      return new EVisitorError(
        "unauthenticated",
        `eVisitor: not authenticated (${resource})`,
        status,
      );
    }
    return new EVisitorError(
      "protocol",
      `eVisitor answered HTML instead of JSON (${resource})`,
      status,
    );
  }
  const body = parseJson(response.text);
  const envelope = readEnvelope(body);
  if (envelope) return errorFromEnvelope(envelope, status, resource);
  // Forms authentication answers 401, or redirects to a login page, without an envelope.
  if (status === 401 || (status >= 300 && status < 400)) {
    return new EVisitorError(
      "unauthenticated",
      `eVisitor: not authenticated (${resource})`,
      status,
    );
  }
  if (status === 404) {
    return new EVisitorError("not-found", `eVisitor has no such record (${resource})`, status);
  }
  if (status === 403) {
    return new EVisitorError("forbidden", `eVisitor refused access (${resource})`, status);
  }
  if (status < 200 || status >= 300) {
    return new EVisitorError("protocol", `eVisitor answered ${status} (${resource})`, status);
  }
  return null;
}

export function protocolError(resource: string, what: string, status?: number): EVisitorError {
  return new EVisitorError("protocol", `eVisitor answered ${what} (${resource})`, status);
}
