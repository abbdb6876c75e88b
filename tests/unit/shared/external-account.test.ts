import assert from "node:assert/strict";
import { ExternalAccountStatus, ExternalAccountType } from "../../../shared/enums.ts";
import { MESSAGES, messageText } from "../../../shared/messages.ts";
import {
  ExternalAccount,
  ExternalAccountRequest,
} from "../../../shared/schemas/external-account.ts";

Deno.test("a new account is an eVisitor account unless said otherwise", () => {
  const request = ExternalAccountRequest.parse({ username: "12345678901", password: "pw" });
  assert.equal(request.type, ExternalAccountType.EVisitor);
  assert.equal(
    ExternalAccountRequest.safeParse({ username: "u", password: "p", type: -1 }).success,
    false,
  );
});

Deno.test("username and password are required; the e-mail, if given, must be valid", () => {
  const issues = ExternalAccountRequest.safeParse({ email: "x" }).error?.issues ?? [];
  assert.deepEqual(issues.map((i) => [i.path[0], messageText(i.message)]), [
    ["username", "Username is required"],
    ["password", "Password is required"],
    ["email", MESSAGES.email],
  ]);
});

Deno.test("the account answer never carries the credentials", () => {
  const account = ExternalAccount.parse({
    id: "a1",
    username: "12345678901",
    email: null,
    type: ExternalAccountType.EVisitor,
    status: ExternalAccountStatus.Synchronized,
    lastError: null,
    lastSyncedAt: "2026-11-20T10:00:00.000Z",
    properties: [{ id: "p1", name: "Villa", address: null }],
    password: "secret",
    apiKey: "key",
  });
  assert.equal("password" in account, false);
  assert.equal("apiKey" in account, false);
  assert.equal(account.status, 2);
});
