import assert from "node:assert/strict";
import {
  ACCEPT_ALL_COOKIES,
  COOKIE_CONSENT_STORAGE_KEY,
  CookieConsent,
  DECLINE_ALL_COOKIES,
} from "@shared/schemas/cookie-consent.ts";
import {
  ACCEPT_ALL,
  CONSENT_STORAGE_KEY,
  DECLINE_ALL,
  parseConsent,
  serializeConsent,
} from "../../../site/src/components/consent/cookie-consent.ts";

/** What the shared schema makes of a stored text: the same rules as the page's hand-made check. */
function bySchema(text: string | null): CookieConsent | null {
  if (text === null) return null;
  try {
    const parsed = CookieConsent.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const STORED = [
  null,
  "",
  "{",
  "not json",
  "null",
  "true",
  "42",
  '"yes"',
  "[]",
  "[true, false]",
  "{}",
  '{"performance":true}',
  '{"advertising":false}',
  '{"performance":"true","advertising":false}',
  '{"performance":1,"advertising":0}',
  '{"performance":true,"advertising":null}',
  '{"performance":true,"advertising":false}',
  '{"performance":false,"advertising":true}',
  '{"performance":false,"advertising":false}',
  '{"performance":true,"advertising":true,"marketing":true}',
  ' { "advertising" : true , "performance" : false } ',
];

Deno.test("a stored choice is read back; anything else counts as no choice yet", () => {
  assert.deepEqual(parseConsent('{"performance":true,"advertising":false}'), {
    performance: true,
    advertising: false,
  });
  assert.deepEqual(parseConsent('{"performance":false,"advertising":false}'), DECLINE_ALL);
  for (
    const text of [
      null,
      undefined,
      "",
      "{",
      "undefined",
      "null",
      "[]",
      '"{}"',
      "{}",
      '{"performance":true}',
      '{"performance":"true","advertising":"false"}',
      '{"performance":1,"advertising":1}',
    ]
  ) {
    assert.equal(parseConsent(text), null, `${text} is no choice`);
  }
  assert.deepEqual(
    parseConsent('{"performance":true,"advertising":true,"extra":1}'),
    ACCEPT_ALL,
    "unknown fields are dropped",
  );
});

Deno.test("a choice is stored as {performance, advertising} and survives the round trip", () => {
  assert.equal(
    serializeConsent({ performance: true, advertising: false }),
    '{"performance":true,"advertising":false}',
  );
  const withExtra = { ...DECLINE_ALL, extra: true } as CookieConsent;
  assert.equal(serializeConsent(withExtra), '{"performance":false,"advertising":false}');
  for (const consent of [ACCEPT_ALL, DECLINE_ALL, { performance: false, advertising: true }]) {
    assert.deepEqual(parseConsent(serializeConsent(consent)), consent);
    assert.deepEqual(bySchema(serializeConsent(consent)), consent, "the schema accepts it");
  }
});

Deno.test("the page's check agrees with the shared schema, its key and its presets", () => {
  for (const text of STORED) assert.deepEqual(parseConsent(text), bySchema(text), String(text));
  assert.equal(CONSENT_STORAGE_KEY, COOKIE_CONSENT_STORAGE_KEY);
  assert.deepEqual(ACCEPT_ALL, ACCEPT_ALL_COOKIES);
  assert.deepEqual(DECLINE_ALL, DECLINE_ALL_COOKIES);
});
