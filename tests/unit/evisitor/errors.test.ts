import assert from "node:assert/strict";
import { errorFromResponse, type RawResponse } from "@core/evisitor/errors.ts";

const GENERIC =
  "Operation could not be completed because the request sent to the server was not valid or not properly formatted.";
const JSON_TYPE = "application/json; charset=utf-8";

const envelope = (status: number, user: string | null, system: string | null): RawResponse => ({
  status,
  contentType: JSON_TYPE,
  text: JSON.stringify({ UserMessage: user, SystemMessage: system }),
});

function kindOf(response: RawResponse) {
  return errorFromResponse(response, "Htz/Test")?.kind ?? null;
}

Deno.test("a business rule's UserException is 'rejected' with eVisitor's cleaned text", () => {
  const error = errorFromResponse(
    envelope(400, "[[[Turist je već prijavljen u navedenom objektu.]]]", null),
    "Htz/CheckInTourist",
  );
  assert.equal(error?.kind, "rejected");
  assert.equal(error?.message, "Turist je već prijavljen u navedenom objektu.");
  assert.equal(error?.status, 400);
  assert.equal(error?.isTransient, false);
});

Deno.test("a ClientException is 'rejected' with its specific SystemMessage", () => {
  const error = errorFromResponse(
    envelope(
      400,
      GENERIC,
      "Invalid ReadCommand argument: Sort order must be set if paging is used (Top or Skip).",
    ),
    "Htz/ListOfTourists",
  );
  assert.equal(error?.kind, "rejected");
  assert.match(error!.message, /Sort order must be set/);
});

Deno.test("'User is not authenticated.' is recognised as 400 envelope, 401 and a redirect", () => {
  assert.equal(kindOf(envelope(400, GENERIC, "User is not authenticated.")), "unauthenticated");
  assert.equal(kindOf(envelope(401, GENERIC, "User is not authenticated.")), "unauthenticated");
  assert.equal(kindOf({ status: 401, contentType: "", text: "" }), "unauthenticated");
  assert.equal(
    kindOf({ status: 302, contentType: "text/html", text: "<html>login</html>" }),
    "unauthenticated",
  );
});

Deno.test("the lockout message is 'locked-out' and keeps only the wait time", () => {
  const error = errorFromResponse(
    envelope(
      400,
      "Your account is temporarily locked out because of too many failed login attempts. Please try again in 5 minutes or contact your system administrator.",
      null,
    ),
    "Authentication/Login",
  );
  assert.equal(error?.kind, "locked-out");
  assert.match(error!.message, /5 minutes/);
});

Deno.test("the API key envelope is 'api-key' whatever its status", () => {
  for (const status of [200, 400, 401, 403, 429, 500, 503]) {
    assert.equal(
      kindOf(
        envelope(
          status,
          null,
          "Application is not registered or is deactivated or API key has expired.",
        ),
      ),
      "api-key",
    );
  }
});

Deno.test("'not authorized for action' is 'forbidden' and drops the user name", () => {
  const error = errorFromResponse(
    envelope(
      400,
      "You are not authorized for action 'Read' on resource 'Htz.FacilityCategoryLookup', user '12345678901.api'. The required security claim is not set.",
      null,
    ),
    "Htz/FacilityCategoryLookup",
  );
  assert.equal(error?.kind, "forbidden");
  assert.doesNotMatch(error!.message, /12345678901/);
  assert.match(error!.message, /FacilityCategoryLookup/);
});

Deno.test("5xx, 429 and 408 are 'unavailable' and transient", () => {
  const error = errorFromResponse(
    envelope(500, null, "Internal server error occurred (System.Exception)."),
    "Htz/Test",
  );
  assert.equal(error?.kind, "unavailable");
  assert.equal(error?.isTransient, true);
  assert.equal(
    kindOf({ status: 503, contentType: "text/html", text: "<html>down</html>" }),
    "unavailable",
  );
  assert.equal(kindOf({ status: 429, contentType: "", text: "" }), "unavailable");
  assert.equal(kindOf({ status: 408, contentType: "", text: "" }), "unavailable");
});

Deno.test("a server-side failure is 'unavailable' whatever the status carrying it", () => {
  const internal = "Internal server error occurred (System.NullReferenceException). " +
    "See RhetosServer.log for more information.";
  for (const status of [200, 400]) {
    const error = errorFromResponse(envelope(status, null, internal), "Htz/CheckOutTourist");
    assert.equal(error?.kind, "unavailable", `status ${status}`);
    assert.equal(error?.isTransient, true);
  }
  // Under a success status, an envelope with nothing for the user is no refusal of the data.
  assert.equal(kindOf(envelope(200, null, "Something unexpected.")), "unavailable");
  // A refusal always carries its UserMessage, and stays one.
  assert.equal(kindOf(envelope(200, "Turist je već odjavljen.", null)), "rejected");
});

Deno.test("the firewall's HTML page is 'firewall' even with 200, transient, with its support ID", () => {
  const error = errorFromResponse({
    status: 200,
    contentType: "text/html",
    text:
      "<html><body>The requested URL was rejected. Please consult with your administrator.<br><br>Your support ID is: 123456789<br></body></html>",
  }, "Htz/FacilityBrowse");
  assert.equal(error?.kind, "firewall");
  assert.equal(error?.isTransient, true, "retried later");
  assert.equal(error?.supportId, "123456789");
  assert.match(error!.message, /firewall/);
  assert.match(error!.message, /123456789/);
});

Deno.test("a firewall page without a support ID names none", () => {
  const error = errorFromResponse({
    status: 200,
    contentType: "text/html",
    text: "<html><body>The requested URL was rejected. Please consult with your administrator." +
      "<br><br><a href='javascript:history.back();'>[Go Back]</a></body></html>",
  }, "Htz/FacilityBrowse");
  assert.equal(error?.kind, "firewall");
  assert.equal(error?.supportId, undefined);
  assert.doesNotMatch(error!.message, /support ID/);
});

Deno.test("a 200 error envelope is still an error", () => {
  assert.equal(kindOf(envelope(200, "Nešto nije u redu.", null)), "rejected");
});

Deno.test("404 with Rhetos' JSON string is 'not-found'", () => {
  assert.equal(
    kindOf({
      status: 404,
      contentType: JSON_TYPE,
      text: '"There is no resource of this type with a given ID."',
    }),
    "not-found",
  );
});

Deno.test("other non-2xx answers are 'protocol'; 2xx without an envelope is no error", () => {
  assert.equal(kindOf({ status: 418, contentType: "text/plain", text: "teapot" }), "protocol");
  assert.equal(kindOf({ status: 200, contentType: JSON_TYPE, text: '{"Records":[]}' }), null);
  assert.equal(kindOf({ status: 200, contentType: "", text: "" }), null);
  assert.equal(kindOf(envelope(200, null, null)), null);
});
