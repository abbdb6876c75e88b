/**
 * The answer shapes of Rhetos/eVisitor (evisitor-api.md §5.1): the `{UserMessage, SystemMessage}`
 * envelope with 400 for UserException and ClientException, 500 for anything else, a bare JSON
 * string for a missing record, and the firewall's HTML page.
 */
export const GENERIC_CLIENT_MESSAGE =
  "Operation could not be completed because the request sent to the server was not valid or not properly formatted.";
export const NOT_AUTHENTICATED = "User is not authenticated.";
export const API_KEY_MESSAGE =
  "Application is not registered or is deactivated or API key has expired.";

/** Thrown by handlers to answer with a ready response. */
export class Answer extends Error {
  constructor(readonly response: Response) {
    super(`answer ${response.status}`);
  }
}

/** JSON as WCF writes it: `/Date(...)/` values come out as `"\/Date(...)\/"`. */
export function json(body: unknown, status = 200, headers?: HeadersInit): Response {
  const text = JSON.stringify(body).replace(/"\/Date\((-?\d+[+-]?\d*)\)\/"/g, '"\\/Date($1)\\/"');
  const h = new Headers(headers);
  h.set("Content-Type", "application/json; charset=utf-8");
  return new Response(text, { status, headers: h });
}

export function envelope(status: number, user: string | null, system: string | null): Response {
  return json({ UserMessage: user, SystemMessage: system }, status);
}

/** A business rule refused the data; `[[[…]]]` wraps it as eVisitor's unresolved i18n does. */
export function userError(message: string, params: string[] = [], wrap = false): Response {
  const text = wrap || params.length ? `[[[${[message, ...params].join("|||")}]]]` : message;
  return envelope(400, text, null);
}

/** A malformed request: generic UserMessage, the reason in SystemMessage. */
export function clientError(reason: string): Response {
  return envelope(400, GENERIC_CLIENT_MESSAGE, reason);
}

/** An unexpected server-side exception; `status` other than 500 only as a fault asks for it. */
export function serverError(status = 500): Response {
  return envelope(
    status,
    null,
    "Internal server error occurred (System.Exception). See RhetosServer.log for more information.",
  );
}

/**
 * `answer`'s status and headers, then the connection dropped before its body: the client sees the
 * start of an answer it cannot read.
 */
export function droppedAnswer(answer: Response): Response {
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.error(new Error("evisitor-sim: connection dropped"));
    },
  });
  const headers = new Headers(answer.headers);
  headers.delete("content-length");
  return new Response(body, { status: answer.status, headers });
}

export function notAuthenticated(status: 400 | 401): Response {
  return envelope(status, GENERIC_CLIENT_MESSAGE, NOT_AUTHENTICATED);
}

export function notFoundRecord(): Response {
  return json("There is no resource of this type with a given ID.", 404);
}

export function empty(headers?: HeadersInit): Response {
  return new Response(null, { status: 200, headers });
}

/** The F5 block page; its status is most likely 200. An empty `supportId` leaves the ID out. */
export function wafPage(
  supportId = Array.from({ length: 19 }, () => Math.floor(Math.random() * 10)).join(""),
): Response {
  return new Response(
    "<html><head><title>Request Rejected</title></head><body>The requested URL was rejected. " +
      "Please consult with your administrator.<br><br>" +
      (supportId ? `Your support ID is: ${supportId}<br><br>` : "") +
      "<a href='javascript:history.back();'>[Go Back]</a></body></html>",
    { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } },
  );
}

export function html(status: number, title: string): Response {
  return new Response(`<html><head><title>${title}</title></head><body>${title}</body></html>`, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}
