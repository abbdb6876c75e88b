import assert from "node:assert/strict";
import { formatMessage, messageKeyOf, MESSAGES } from "../../../shared/messages.ts";

Deno.test("formatMessage fills placeholders and leaves unknown ones", () => {
  assert.equal(formatMessage(MESSAGES.fieldRequired, { field: "Email" }), "Email is required");
  assert.equal(formatMessage(MESSAGES.numberMin, {}), "The value must be at least {min}");
});

Deno.test("messageKeyOf recovers the key and parameters of every formatted message", () => {
  assert.deepEqual(messageKeyOf("First name is required"), {
    key: "fieldRequired",
    params: { field: "First name" },
  });
  assert.deepEqual(messageKeyOf("Must be at most 5000 characters"), {
    key: "lengthMax",
    params: { max: "5000" },
  });
  assert.deepEqual(messageKeyOf("The parameter 'userId' must be defined."), {
    key: "parameterMustBeDefined",
    params: { name: "userId" },
  });
  assert.equal(messageKeyOf("Something the spec never says"), undefined);
});

Deno.test("messageKeyOf knows the spec's exact texts", () => {
  assert.equal(messageKeyOf("Please enter a valid email address")?.key, "email");
  assert.equal(messageKeyOf("Passwords do not match")?.key, "passwordsDoNotMatch");
  assert.equal(messageKeyOf("Spam detected.")?.key, "spamDetected");
  assert.equal(messageKeyOf("This field is required")?.key, "required");
});
