/**
 * Issue 33, item 2: the site translates a message by its key, never by its English. The API's
 * answer (made here by its own error handler) carries the English and, beside it, each message's
 * key and parameters; the form shows the key's text in the page's language, so rewording an
 * English sentence in shared/messages.ts leaves every translation in place.
 */
import assert from "node:assert/strict";
import { Hono } from "hono";
import { AppError } from "@core/errors.ts";
import { problemResponse } from "../../../api/http/problem.ts";
import { message, MESSAGES, requiredMessage } from "@shared/messages.ts";
import { ApiError } from "../../../site/src/lib/api/api-error.ts";
import { translateServerMessage } from "../../../site/src/i18n/server-messages.ts";
import { translator } from "../../../site/src/i18n/translate.ts";

/** The API's answer to `error` (`body`), and what the site makes of it. */
async function answered(
  error: AppError,
): Promise<ApiError & { body: { detail?: string; errors?: Record<string, string[]> } }> {
  const app = new Hono().post("/", (c) => problemResponse(c, error));
  const response = await app.request("/", { method: "POST" });
  return ApiError.fromResponse(response.status, response.headers, await response.json()) as
    & ApiError
    & { body: { detail?: string; errors?: Record<string, string[]> } };
}

/** Runs `body` with one English sentence reworded, as an editor of shared/messages.ts would. */
async function reworded(
  key: keyof typeof MESSAGES,
  english: string,
  body: () => Promise<void>,
): Promise<void> {
  const messages = MESSAGES as Record<string, string>;
  const before = messages[key];
  messages[key] = english;
  try {
    await body();
  } finally {
    messages[key] = before;
  }
}

Deno.test("field messages of an API answer read in Croatian and English by their keys", async () => {
  const error = await answered(AppError.invalid({
    password: [message("incorrectPassword")],
    firstName: [requiredMessage("firstName")],
    guestCount: [message("numberMax", { max: 6 })],
    username: ["Korisnik ne postoji."],
  }));
  const fields = error.fieldErrors;
  const hr = translator("hr");
  const en = translator("en");
  assert.equal(translateServerMessage(hr, fields.password[0]), "Lozinka nije ispravna.");
  assert.equal(translateServerMessage(en, fields.password[0]), "Incorrect password.");
  assert.equal(translateServerMessage(hr, fields.firstName[0]), "Polje „Ime” je obavezno");
  assert.equal(translateServerMessage(en, fields.firstName[0]), "First name is required");
  assert.equal(translateServerMessage(hr, fields.guestCount[0]), "Vrijednost smije biti najviše 6");
  // eVisitor's own words have no key: shown as they came.
  assert.equal(translateServerMessage(hr, fields.username[0]), "Korisnik ne postoji.");
});

Deno.test("a reworded English sentence keeps its Croatian text", async () => {
  await reworded("incorrectPassword", "That password is not right.", async () => {
    const error = await answered(AppError.invalid({ password: [message("incorrectPassword")] }));
    // The API says the new English…
    assert.deepEqual(error.body.errors, { password: ["That password is not right."] });
    assert.equal(error.body.detail, "That password is not right.");
    // …and the page still reads its own language.
    assert.equal(
      translateServerMessage(translator("hr"), error.fieldErrors.password[0]),
      "Lozinka nije ispravna.",
    );
  });
  await reworded("fieldRequired", "Please fill in {field}", async () => {
    const error = await answered(AppError.invalid({ firstName: [requiredMessage("firstName")] }));
    assert.deepEqual(error.body.errors, { firstName: ["Please fill in First name"] });
    assert.equal(
      translateServerMessage(translator("hr"), error.fieldErrors.firstName[0]),
      "Polje „Ime” je obavezno",
    );
  });
});

Deno.test("an answer without keys (an older API) shows its English as it came", () => {
  const error = ApiError.fromResponse(
    400,
    new Headers({ "content-type": "application/problem+json" }),
    {
      type: "/api/problems/ValidationFailed",
      title: "One or more validation errors occurred.",
      status: 400,
      errors: { password: ["Incorrect password."] },
    },
  );
  assert.equal(
    translateServerMessage(translator("hr"), error.fieldErrors.password[0]),
    "Incorrect password.",
  );
});
