import assert from "node:assert/strict";
import { describeError } from "@core/platform/logger.ts";

Deno.test("describeError keeps query values and e-mail addresses out of logs", () => {
  const query = new Error(
    'Failed query: insert into "users" ("email") values (?)\nparams: ana@example.com,$argon2id$v=19',
  );
  assert.equal(
    describeError(query).error,
    'Error: Failed query: insert into "users" ("email") values (?)',
  );
  const smtp = new Error(
    "Can't send mail - all recipients were rejected: 550 <marko.peric@example.com>: unknown",
  );
  assert.equal(
    describeError(smtp).error,
    "Error: Can't send mail - all recipients were rejected: 550 <[e-mail]>: unknown",
  );
  assert.equal(describeError("x".repeat(1000)).error.length, 300);
});
