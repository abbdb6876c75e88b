import assert from "node:assert/strict";
import { MESSAGES, messageText } from "../../../shared/messages.ts";
import { ContactMessage } from "../../../shared/schemas/contact-message.ts";

const valid = {
  firstName: "  Ana ",
  lastName: "Horvat",
  email: " ana@example.com ",
  message: "Hello",
};

Deno.test("a contact message is trimmed and the spam trap defaults to empty", () => {
  assert.deepEqual(ContactMessage.parse(valid), {
    firstName: "Ana",
    lastName: "Horvat",
    email: "ana@example.com",
    message: "Hello",
    honeyPotEmail: "",
  });
});

Deno.test("a bad e-mail gets the spec's message", () => {
  const issues = ContactMessage.safeParse({ ...valid, email: "ana@" }).error?.issues ?? [];
  assert.deepEqual(issues.map((i) => [i.path[0], messageText(i.message)]), [[
    "email",
    MESSAGES.email,
  ]]);
});

Deno.test("each field is required", () => {
  const cases: [keyof typeof valid, string][] = [
    ["firstName", "First name is required"],
    ["lastName", "Last name is required"],
    ["email", "Email is required"],
    ["message", "Message is required"],
  ];
  for (const [field, message] of cases) {
    for (const value of [undefined, "   "]) {
      const issues = ContactMessage.safeParse({ ...valid, [field]: value }).error?.issues ?? [];
      assert.deepEqual(issues.map((i) => [i.path[0], messageText(i.message)]), [[field, message]]);
    }
  }
});
