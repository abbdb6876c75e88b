import assert from "node:assert/strict";
import { ERROR_CODES } from "@shared/errors.ts";
import {
  englishOf,
  FIELD_NAMES,
  formatMessage,
  message,
  MESSAGES,
  messageText,
  parseMessage,
  requiredMessage,
} from "@shared/messages.ts";
import { REGISTRATION_FAILURES, registrationFailureText } from "@shared/registration-failures.ts";

Deno.test("formatMessage fills placeholders and leaves unknown ones", () => {
  assert.equal(formatMessage(MESSAGES.fieldRequired, { field: "Email" }), "Email is required");
  assert.equal(formatMessage(MESSAGES.numberMin, {}), "The value must be at least {min}");
});

Deno.test("a message travels by its key and parameters and reads as the spec's English", () => {
  const token = requiredMessage("firstName");
  assert.deepEqual(parseMessage(token), { code: "fieldRequired", params: { field: "firstName" } });
  assert.equal(messageText(token), "First name is required");
  assert.equal(messageText(message("lengthMax", { max: 5000 })), "Must be at most 5000 characters");
  assert.equal(
    messageText(message("parameterMustBeDefined", { name: "userId" })),
    "The parameter 'userId' must be defined.",
  );
  assert.equal(messageText(message("email")), "Please enter a valid email address");
  assert.equal(messageText(message("spamDetected")), "Spam detected.");
  assert.equal(englishOf({ code: "passwordsDoNotMatch" }), "Passwords do not match");
  // Parameters that need escaping come back as they went.
  const odd = message("dateAfter", { date: "a&b=c?d" });
  assert.equal(messageText(odd), "The date must be after a&b=c?d");
});

Deno.test("any other text is no message and is shown as it came", () => {
  for (const text of ["Turist je već prijavljen", "First name is required", "msg:noSuchKey"]) {
    assert.equal(parseMessage(text), undefined, text);
    assert.equal(messageText(text), text);
  }
});

Deno.test("every field a message names has its English name", () => {
  for (const [key, name] of Object.entries(FIELD_NAMES)) {
    assert.ok(name.trim(), key);
    assert.equal(
      messageText(requiredMessage(key as keyof typeof FIELD_NAMES)),
      `${name} is required`,
    );
  }
});

/**
 * Issue 33, item 2: an English sentence is written once (shared/messages.ts, the code titles of
 * shared/errors.ts, the failure sentences of shared/registration-failures.ts) and never matched
 * back to its key. A piece of one anywhere else in the code (a copy, a map keyed by it, a regular
 * expression reading it) breaks the translation the day the sentence changes.
 */
const HOMES = new Set([
  "shared/messages.ts",
  "shared/errors.ts",
  "shared/registration-failures.ts",
]);
const ROOTS = ["api", "workers", "shared", "site/src"];
const ROOT = new URL("../../../", import.meta.url);

/**
 * Each sentence, or the words between its placeholders when it has some (three words at least,
 * so that "calendar links" in a page's prose is not taken for one).
 */
function sentencePieces(): string[] {
  const sentences = [
    ...Object.values(MESSAGES),
    ...Object.values(ERROR_CODES).map((entry) => entry.title),
    ...REGISTRATION_FAILURES.map((code) => registrationFailureText({ code, detail: "{detail}" })),
  ];
  const pieces = sentences.flatMap((sentence) => {
    const parts = sentence.split(/\{\w+\}/).map((piece) => piece.trim());
    if (parts.length === 1) return parts.filter((piece) => piece.length >= 12);
    return parts.filter((piece) => piece.split(/\s+/).length >= 3 && piece.length >= 12);
  });
  return [...new Set(pieces)];
}

async function* sourceFiles(dir: URL, path: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const child = `${path}/${entry.name}`;
    if (entry.isDirectory) yield* sourceFiles(new URL(`${entry.name}/`, dir), child);
    else if (/\.(ts|tsx|astro)$/.test(entry.name)) yield child;
  }
}

/** The file without its comments (documentation may quote a sentence). */
function codeOf(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .split("\n")
    .filter((line) => !line.trim().startsWith("//"))
    .join("\n");
}

/** A regular expression's text as the sentence it would match ("\\." → "."). */
const unescaped = (code: string) => code.replace(/\\([.?()[\]'"$^*+|{}/])/g, "$1");

/** The sentences' pieces of two words or more, which a regular expression could test. */
function shortPieces(): string[] {
  const sentences = [
    ...Object.values(MESSAGES),
    ...Object.values(ERROR_CODES).map((entry) => entry.title),
    ...REGISTRATION_FAILURES.map((code) => registrationFailureText({ code, detail: "{detail}" })),
  ];
  const pieces = sentences.flatMap((sentence) =>
    sentence.split(/\{\w+\}/).map((piece) => piece.trim())
      .filter((piece) => /^\S+\s+\S+/.test(piece) && piece.length >= 6)
  );
  return [...new Set(pieces)];
}

/** Regular expression literals of a file, unescaped, with `\d+`-like classes as spaces. */
function regexLiteralsOf(code: string): string[] {
  const literals = code.matchAll(/(?<=[=(,:!&|?{;]\s*)\/((?:[^/\n\\]|\\.)+)\/[dgimsuy]*/g);
  return [...literals].map((match) =>
    unescaped(match[1].replace(/\\[dsw][+*]?|\((?:[^()\\]|\\.)*\)|[\^$]/g, " "))
      .replace(/\s+/g, " ")
  );
}

Deno.test("no English sentence is written twice or matched back to its key", async () => {
  const pieces = sentencePieces();
  const short = shortPieces();
  const found: string[] = [];
  for (const root of ROOTS) {
    for await (const path of sourceFiles(new URL(`${root}/`, ROOT), root)) {
      if (HOMES.has(path)) continue;
      const source = codeOf(await Deno.readTextFile(new URL(path, ROOT)));
      const code = unescaped(source);
      for (const piece of pieces) if (code.includes(piece)) found.push(`${path}: ${piece}`);
      for (const regex of regexLiteralsOf(source)) {
        // A pattern reads a sentence by the words at its start or next to a placeholder.
        const lower = regex.toLowerCase();
        for (const piece of short) {
          const words = piece.toLowerCase().split(/\s+/);
          const ends = [words.slice(0, 2).join(" "), words.slice(-2).join(" ")];
          if (ends.some((pair) => lower.includes(pair))) {
            found.push(`${path}: /${regex}/ reads "${piece}"`);
          }
        }
      }
    }
  }
  assert.deepEqual(found, []);
});
