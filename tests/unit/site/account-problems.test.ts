import assert from "node:assert/strict";
import { AppError } from "@core/errors.ts";
import { message } from "@shared/messages.ts";
import { ApiError } from "../../../site/src/lib/api/api-error.ts";
import { translator } from "../../../site/src/i18n/translate.ts";
import {
  accountProblem,
  lastErrorText,
} from "../../../site/src/lib/external-accounts/account-problems.ts";

/** The API's answer when its check of the account failed: the detail in English and by key. */
const problem = (detail: string) => {
  const error = new AppError("ServiceUnavailable", { detail });
  return ApiError.fromResponse(503, new Headers({ "content-type": "application/problem+json" }), {
    type: "about:blank",
    title: "ServiceUnavailable",
    status: 503,
    code: "ServiceUnavailable",
    detail: error.detail,
    detailCode: error.detailCode,
  });
};

Deno.test("an account's firewall refusal names the support ID only when the page had one", () => {
  for (const lang of ["hr", "en"] as const) {
    const t = translator(lang);
    assert.match(lastErrorText(t, "firewall:1234567890"), /: 1234567890\)/, lang);
    assert.doesNotMatch(lastErrorText(t, "firewall"), /\(|:\s*\)/, lang);
    const withId = accountProblem(
      t,
      problem(message("evisitorFirewallWithId", { supportId: "1234567890" })),
    );
    assert.match(withId.alert ?? "", /: 1234567890\)/, lang);
    const without = accountProblem(
      t,
      problem(message("evisitorFirewall")),
    );
    assert.ok(without.alert, lang);
    assert.doesNotMatch(without.alert, /\(|:\s*\)/, lang);
  }
  assert.equal(
    lastErrorText(translator("en"), "firewall"),
    "eVisitor's firewall refused the request; we will try again later.",
  );
});
