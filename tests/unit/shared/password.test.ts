import assert from "node:assert/strict";
import { z } from "zod";
import { formatMessage, MESSAGES, messageText } from "../../../shared/messages.ts";
import {
  Password,
  PASSWORD_MIN_LENGTH,
  PasswordConfirmation,
  passwordConfirmation,
  passwordViolations,
} from "../../../shared/schemas/password.ts";

const messagesOf = (value: unknown) =>
  Password.safeParse(value).error?.issues.map((issue) => messageText(issue.message)) ?? [];

Deno.test("a password meeting every rule passes", () => {
  assert.equal(Password.parse("Secret#123"), "Secret#123");
  assert.deepEqual(passwordViolations("Secret#123"), []);
});

Deno.test("a missing password is required, and only that is said", () => {
  assert.deepEqual(messagesOf(undefined), ["Password is required"]);
  assert.deepEqual(messagesOf(""), ["Password is required"]);
});

Deno.test("a short password gets the minimum-length message with the length", () => {
  assert.equal(PASSWORD_MIN_LENGTH, 8);
  assert.deepEqual(messagesOf("Ab#4567"), [
    formatMessage(MESSAGES.passwordMinLength, { length: 8 }),
  ]);
  assert.deepEqual(messagesOf("Ab#45678"), []);
});

Deno.test("each missing character class gives the complexity message and its server code", () => {
  const cases: [string, string][] = [
    ["SECRET#123", "PasswordRequiresLower"],
    ["secret#123", "PasswordRequiresUpper"],
    ["Secret#abc", "PasswordRequiresDigit"],
    ["Secret1234", "PasswordRequiresNonAlphanumeric"],
  ];
  for (const [password, code] of cases) {
    const issues = Password.safeParse(password).error?.issues ?? [];
    assert.equal(issues.length, 1, password);
    assert.equal(messageText(issues[0].message), MESSAGES.passwordComplexity);
    assert.deepEqual(passwordViolations(password), [code]);
  }
});

Deno.test("several broken rules still give the complexity message once", () => {
  assert.deepEqual(messagesOf("abcdefghij"), [MESSAGES.passwordComplexity]);
  assert.deepEqual(passwordViolations("abc"), [
    "PasswordTooShort",
    "PasswordRequiresUpper",
    "PasswordRequiresDigit",
    "PasswordRequiresNonAlphanumeric",
  ]);
});

const Form = passwordConfirmation(
  z.object({ email: z.string().min(1), password: Password, confirmPassword: PasswordConfirmation }),
);

Deno.test("a confirmation that differs says the passwords do not match, on the confirmation", () => {
  const issues =
    Form.safeParse({ email: "a", password: "Secret#123", confirmPassword: "Secret#124" })
      .error?.issues ?? [];
  assert.deepEqual(issues.map((i) => [i.path.join("."), messageText(i.message)]), [
    ["confirmPassword", MESSAGES.passwordsDoNotMatch],
  ]);
  assert.ok(
    Form.safeParse({ email: "a", password: "Secret#123", confirmPassword: "Secret#123" }).success,
  );
});

Deno.test("the mismatch shows even while another field is invalid", () => {
  const issues = Form.safeParse({ password: "Secret#123", confirmPassword: "x" }).error?.issues ??
    [];
  assert.ok(issues.some((i) => i.path[0] === "email"));
  assert.ok(issues.some((i) => messageText(i.message) === MESSAGES.passwordsDoNotMatch));
});

Deno.test("an empty confirmation asks for it instead of reporting a mismatch", () => {
  const issues = Form.safeParse({ email: "a", password: "Secret#123", confirmPassword: "" }).error
    ?.issues ?? [];
  assert.deepEqual(issues.map((i) => messageText(i.message)), [
    MESSAGES.passwordConfirmationRequired,
  ]);
});
