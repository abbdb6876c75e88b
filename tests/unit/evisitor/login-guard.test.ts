import assert from "node:assert/strict";
import { LoginGuard } from "@core/evisitor/login-guard.ts";
import { EVisitorError } from "@core/evisitor/types.ts";

const account = { baseUrl: "https://e.example", username: "12345678901", password: "krivo" };

Deno.test("a refused password is not sent again; a different one is", async () => {
  const guard = new LoginGuard();
  let attempts = 0;
  const refuse = () => {
    attempts++;
    return Promise.reject(new EVisitorError("invalid-credentials", "no"));
  };
  await assert.rejects(guard.run(account, refuse), { kind: "invalid-credentials" });
  await assert.rejects(guard.run(account, refuse), { kind: "invalid-credentials" });
  assert.equal(attempts, 1);
  await guard.run({ ...account, password: "novo" }, () => {
    attempts++;
    return Promise.resolve();
  });
  assert.equal(attempts, 2);
});

Deno.test("a refused password may be tried again after a while", async () => {
  let now = 0;
  const guard = new LoginGuard({ now: () => now, refusalMemoryMs: 60_000 });
  let attempts = 0;
  const refuse = () => {
    attempts++;
    return Promise.reject(new EVisitorError("invalid-credentials", "no"));
  };
  await assert.rejects(guard.run(account, refuse));
  now = 59_000;
  await assert.rejects(guard.run(account, refuse));
  assert.equal(attempts, 1);
  now = 61_000;
  await assert.rejects(guard.run(account, refuse));
  assert.equal(attempts, 2);
});

Deno.test("after a lockout no login is tried until it should have ended", async () => {
  let now = 0;
  const guard = new LoginGuard({ now: () => now });
  let attempts = 0;
  await assert.rejects(
    guard.run(account, () => {
      attempts++;
      return Promise.reject(new EVisitorError("locked-out", "locked; try again in 5 minutes"));
    }),
    { kind: "locked-out" },
  );
  const succeed = () => {
    attempts++;
    return Promise.resolve();
  };
  await assert.rejects(guard.run({ ...account, password: "dobro" }, succeed), {
    kind: "locked-out",
  });
  assert.equal(attempts, 1);
  now = 5 * 60_000 + 1;
  await guard.run({ ...account, password: "dobro" }, succeed);
  assert.equal(attempts, 2);
});

Deno.test("logins to one account run one at a time", async () => {
  const guard = new LoginGuard();
  let running = 0;
  let most = 0;
  const login = async () => {
    running++;
    most = Math.max(most, running);
    await new Promise((r) => setTimeout(r, 5));
    running--;
  };
  await Promise.all([1, 2, 3].map(() => guard.run({ ...account, password: "dobro" }, login)));
  assert.equal(most, 1);
});

Deno.test("transient login failures are not remembered", async () => {
  const guard = new LoginGuard();
  let attempts = 0;
  await assert.rejects(
    guard.run(account, () => {
      attempts++;
      return Promise.reject(new EVisitorError("unavailable", "down"));
    }),
  );
  await guard.run(account, () => {
    attempts++;
    return Promise.resolve();
  });
  assert.equal(attempts, 2);
});

Deno.test("a refused API key is not sent again, whatever the password; a new key is", async () => {
  let now = 0;
  const guard = new LoginGuard({ now: () => now, refusalMemoryMs: 60_000 });
  const keyed = { ...account, password: "Tocno-1", apiKey: "stari-kljuc" };
  let attempts = 0;
  const refuse = () => {
    attempts++;
    return Promise.reject(new EVisitorError("api-key", "Application is not registered"));
  };
  await assert.rejects(guard.run(keyed, refuse), { kind: "api-key" });
  await assert.rejects(guard.run(keyed, refuse), { kind: "api-key" });
  await assert.rejects(guard.run({ ...keyed, password: "Drugo-2" }, refuse), { kind: "api-key" });
  assert.equal(attempts, 1, "the same key is refused without asking eVisitor again");

  await guard.run({ ...keyed, apiKey: "novi-kljuc" }, () => {
    attempts++;
    return Promise.resolve();
  });
  assert.equal(attempts, 2, "a new key goes through, and the refusal is forgotten");
  now = 1_000;
  await guard.run(keyed, () => {
    attempts++;
    return Promise.resolve();
  });
  assert.equal(attempts, 3);
});

Deno.test("no API key at all, refused by the test service, is remembered too", async () => {
  const guard = new LoginGuard();
  let attempts = 0;
  const refuse = () => {
    attempts++;
    return Promise.reject(new EVisitorError("api-key", "Application is not registered"));
  };
  await assert.rejects(guard.run(account, refuse), { kind: "api-key" });
  await assert.rejects(guard.run(account, refuse), { kind: "api-key" });
  assert.equal(attempts, 1);
});

Deno.test("a refused API key or password is not retried by background work hours later", async () => {
  let now = 0;
  const guard = new LoginGuard({ now: () => now });
  let attempts = 0;
  const refuse = (kind: "api-key" | "invalid-credentials") => () => {
    attempts++;
    return Promise.reject(new EVisitorError(kind, "refused"));
  };
  const keyed = { ...account, apiKey: "kljuc" };
  await assert.rejects(guard.run(keyed, refuse("api-key")), { kind: "api-key" });
  await assert.rejects(guard.run(account, refuse("invalid-credentials")));
  assert.equal(attempts, 2);
  // A daily comparison, a host opening a stay a day later: still not asked.
  now = 25 * 60 * 60_000;
  await assert.rejects(guard.run(keyed, refuse("api-key")), { kind: "api-key" });
  await assert.rejects(guard.run(account, refuse("invalid-credentials")), {
    kind: "invalid-credentials",
  });
  assert.equal(attempts, 2, "only new credentials are sent");
});

Deno.test("the host typing refused credentials again tries them once; a lockout still holds", async () => {
  let now = 0;
  const guard = new LoginGuard({ now: () => now });
  let attempts = 0;
  const keyed = { ...account, apiKey: "kljuc" };
  const refuse = () => {
    attempts++;
    return Promise.reject(new EVisitorError("api-key", "Application is not registered"));
  };
  await assert.rejects(guard.run(keyed, refuse));
  // Pressing "save" again at once is answered from memory: no burst of refused logins.
  now = 60_000;
  await assert.rejects(guard.run(keyed, refuse, { typedByHost: true }), { kind: "api-key" });
  assert.equal(attempts, 1);
  // A day later HTZ has enabled the key again; the host types it once more in the dialog.
  now = 24 * 60 * 60_000;
  await guard.run(keyed, () => {
    attempts++;
    return Promise.resolve();
  }, { typedByHost: true });
  assert.equal(attempts, 2);
  await guard.run(keyed, () => {
    attempts++;
    return Promise.resolve();
  });
  assert.equal(attempts, 3, "after it went through, background work uses it again");

  await assert.rejects(guard.run(account, () => {
    attempts++;
    return Promise.reject(new EVisitorError("locked-out", "locked; try again in 5 minutes"));
  }));
  await assert.rejects(
    guard.run(account, () => {
      attempts++;
      return Promise.resolve();
    }, { typedByHost: true }),
    { kind: "locked-out" },
  );
  assert.equal(attempts, 4, "no login while eVisitor holds the account locked");
});
