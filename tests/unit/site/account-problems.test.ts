import assert from "node:assert/strict";
import { ApiError } from "../../../site/src/lib/api/api-error.ts";
import { translator } from "../../../site/src/i18n/translate.ts";
import {
  accountProblem,
  lastErrorText,
} from "../../../site/src/lib/external-accounts/account-problems.ts";

const problem = (detail: string) =>
  ApiError.fromResponse(503, new Headers({ "content-type": "application/problem+json" }), {
    type: "about:blank",
    title: "ServiceUnavailable",
    status: 503,
    code: "ServiceUnavailable",
    detail,
  });

Deno.test("an account's firewall refusal names the support ID only when the page had one", () => {
  for (const lang of ["hr", "en"] as const) {
    const t = translator(lang);
    assert.match(lastErrorText(t, "firewall:1234567890"), /: 1234567890\)/, lang);
    assert.doesNotMatch(lastErrorText(t, "firewall"), /\(|:\s*\)/, lang);
    const withId = accountProblem(
      t,
      problem(
        "eVisitor's firewall refused the request (support ID 1234567890). Nothing was saved; " +
          "please try again later.",
      ),
    );
    assert.match(withId.alert ?? "", /: 1234567890\)/, lang);
    const without = accountProblem(
      t,
      problem(
        "eVisitor's firewall refused the request. Nothing was saved; please try again later.",
      ),
    );
    assert.ok(without.alert, lang);
    assert.doesNotMatch(without.alert, /\(|:\s*\)/, lang);
  }
  assert.equal(
    lastErrorText(translator("en"), "firewall"),
    "eVisitor's firewall refused the request; we will try again later.",
  );
});
