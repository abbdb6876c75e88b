import assert from "node:assert/strict";
import { signAccessToken, verifyAccessToken } from "@core/auth/access-token.ts";

const config = {
  jwtSecret: "a-test-secret-of-at-least-32-characters!",
  accessTokenMinutes: 15,
  refreshTokenDays: 14,
};
const other = { ...config, jwtSecret: "another-secret-of-at-least-32-characters" };
const NOW = new Date("2026-11-25T10:00:00Z");
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

Deno.test("an access token is valid, again and again, until its expiry and never after", async () => {
  const token = await signAccessToken({ userId: "u1", sessionId: "s1" }, config, NOW);
  const claims = { userId: "u1", sessionId: "s1", impersonatorId: undefined };
  assert.deepEqual(await verifyAccessToken(token, config, NOW), claims);
  // Verified before: the answer is the same, and the expiry is still checked each time.
  assert.deepEqual(await verifyAccessToken(token, config, later(15 * 60 - 1)), claims);
  assert.equal(await verifyAccessToken(token, config, later(15 * 60)), undefined);
  assert.equal(await verifyAccessToken(token, config, later(3600)), undefined);
  assert.deepEqual(await verifyAccessToken(token, config, later(60)), claims);
});

Deno.test("a token verified under one secret is not valid under another, nor once changed", async () => {
  const token = await signAccessToken({ userId: "u1", impersonatorId: "admin" }, config, NOW);
  assert.equal((await verifyAccessToken(token, config, NOW))?.impersonatorId, "admin");
  assert.equal(await verifyAccessToken(token, other, NOW), undefined);
  const [header, payload, signature] = token.split(".");
  const forged = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
  forged.sub = "u2";
  const forgedPayload = btoa(JSON.stringify(forged)).replace(/=+$/, "").replace(/\+/g, "-")
    .replace(/\//g, "_");
  assert.equal(
    await verifyAccessToken(`${header}.${forgedPayload}.${signature}`, config, NOW),
    undefined,
  );
  assert.equal(
    await verifyAccessToken(`${header}.${payload}.${signature}x`, config, NOW),
    undefined,
  );
  assert.equal(await verifyAccessToken(`${header}.${payload}.`, config, NOW), undefined);
});
