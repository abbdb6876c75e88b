/**
 * The evisitor worker's sessions, one per account (account-sessions.ts), against a fake eVisitor
 * that counts logins and logouts: work for an account shares one login, an idle session logs out,
 * new credentials or an unusable session open a new one, and closing logs every session out.
 */
import assert from "node:assert/strict";
import { AccountSessions } from "@core/evisitor/account-sessions.ts";
import { EVisitorError, type EVisitorSession } from "@core/evisitor/types.ts";
import type { externalAccounts } from "@core/db/schema/external-accounts.ts";
import { createSecretBox } from "@core/platform/crypto/secret-box.ts";
import type { EVisitorCredentials } from "@core/evisitor/types.ts";
import { TEST_SECRETS } from "../../support/app.ts";

type Account = typeof externalAccounts.$inferSelect;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function world(
  options: {
    idleMs?: number;
    maxAgeMs?: number;
    refuse?: boolean;
    onCredentialsRefused?: (account: Account, error: EVisitorError) => Promise<void>;
  } = {},
) {
  const secretBox = await createSecretBox(TEST_SECRETS.DATA_ENCRYPTION_KEY);
  const logins: string[] = [];
  const logouts: string[] = [];
  let refuse = options.refuse ?? false;
  const openSession = async (_: unknown, credentials: EVisitorCredentials) => {
    await sleep(5);
    if (refuse) throw new EVisitorError("invalid-credentials", "refused");
    const name = `${credentials.username}/${credentials.password}#${logins.length + 1}`;
    logins.push(name);
    return {
      name,
      logout: () => Promise.resolve(void logouts.push(name)),
    } as unknown as EVisitorSession & { name: string };
  };
  const sessions = new AccountSessions({
    evisitor: { endpoint: { baseUrl: "http://evisitor.test", timeoutMs: 1000 }, openSession },
    secretBox,
  }, {
    idleMs: options.idleMs ?? 50,
    maxAgeMs: options.maxAgeMs,
    onCredentialsRefused: options.onCredentialsRefused,
  });
  const account = async (id: string, password = "Lozinka-1"): Promise<Account> =>
    ({
      id,
      environment: "http://evisitor.test",
      username: `user-${id}`,
      passwordSealed: await secretBox.seal(password),
      apiKeySealed: null,
    }) as Account;
  const nameOf = (session: EVisitorSession) => (session as unknown as { name: string }).name;
  return {
    sessions,
    account,
    nameOf,
    logins,
    logouts,
    setRefuse: (value: boolean) => void (refuse = value),
  };
}

Deno.test("work queued together for an account shares one login; idle, it logs out once", async () => {
  const { sessions, account, nameOf, logins, logouts } = await world();
  const a = await account("a");
  const used = await Promise.all(
    [1, 2, 3].map(() => sessions.use(a, async (s) => (await sleep(10), nameOf(s)))),
  );
  assert.equal(new Set(used).size, 1);
  // More work within the idle time reuses it.
  assert.equal(await sessions.use(a, (s) => Promise.resolve(nameOf(s))), used[0]);
  assert.equal(logins.length, 1);
  assert.equal(logouts.length, 0);
  await sleep(120);
  assert.deepEqual(logouts, [used[0]]);
  assert.equal(sessions.size, 0);
  // Later work logs in again.
  await sessions.use(a, () => Promise.resolve());
  assert.equal(logins.length, 2);
  await sessions.close();
  assert.equal(logouts.length, 2);
});

Deno.test("two accounts get sessions of their own", async () => {
  const { sessions, account, nameOf, logins } = await world();
  const [a, b] = [await account("a"), await account("b")];
  const [sa, sb] = await Promise.all([
    sessions.use(a, (s) => Promise.resolve(nameOf(s))),
    sessions.use(b, (s) => Promise.resolve(nameOf(s))),
  ]);
  assert.match(sa, /^user-a\//);
  assert.match(sb, /^user-b\//);
  assert.equal(logins.length, 2);
  await sessions.close();
});

Deno.test("new credentials open a new session; the old one logs out when its work ends", async () => {
  const { sessions, account, nameOf, logins, logouts } = await world();
  const old = await account("a", "Stara-1");
  let release!: () => void;
  const running = sessions.use(
    old,
    (s) => new Promise<string>((r) => release = () => r(nameOf(s))),
  );
  await sleep(20);
  const changed = { ...old, passwordSealed: (await account("a", "Nova-2")).passwordSealed };
  const fresh = await sessions.use(changed, (s) => Promise.resolve(nameOf(s)));
  assert.match(fresh, /Nova-2/);
  assert.equal(logouts.length, 0, "not while its work runs");
  release();
  const first = await running;
  await sleep(5);
  assert.deepEqual(logouts, [first]);
  assert.equal(logins.length, 2);
  await sessions.close();
});

Deno.test("a session refused for good is dropped, and a failed login is not reused", async () => {
  const { sessions, account, logins, logouts, setRefuse } = await world({ idleMs: 10_000 });
  const a = await account("a");
  await assert.rejects(
    sessions.use(a, () => Promise.reject(new EVisitorError("unauthenticated", "gone"))),
  );
  await sleep(5);
  assert.equal(logouts.length, 1, "dropped at once, not kept for the idle time");
  setRefuse(true);
  await assert.rejects(sessions.use(a, () => Promise.resolve()), { name: "EVisitorError" });
  setRefuse(false);
  await sessions.use(a, () => Promise.resolve());
  assert.equal(logins.length, 2, "the refused login was asked again, then succeeded");
  // A refusal of the data leaves the session in use.
  await assert.rejects(
    sessions.use(a, () => Promise.reject(new EVisitorError("rejected", "Neispravan datum"))),
  );
  assert.equal(sessions.size, 1);
  await sessions.close();
  assert.equal(logouts.length, 2);
});

Deno.test("a session past its age takes no new work", async () => {
  const { sessions, account, logins, logouts } = await world({ idleMs: 10_000, maxAgeMs: 30 });
  const a = await account("a");
  await sessions.use(a, () => Promise.resolve());
  await sleep(40);
  await sessions.use(a, () => Promise.resolve());
  await sleep(5);
  assert.equal(logins.length, 2);
  assert.equal(logouts.length, 1);
  await sessions.close();
  assert.equal(logouts.length, 2);
});

Deno.test("a refused password or API key is reported for the account, other failures are not", async () => {
  const told: [string, string][] = [];
  const { sessions, account, setRefuse } = await world({
    idleMs: 10_000,
    onCredentialsRefused: (a, error) => Promise.resolve(void told.push([a.id, error.kind])),
  });
  const a = await account("a");
  setRefuse(true);
  await assert.rejects(sessions.use(a, () => Promise.resolve()), { kind: "invalid-credentials" });
  setRefuse(false);
  await assert.rejects(
    sessions.use(a, () => Promise.reject(new EVisitorError("api-key", "Application is not"))),
  );
  for (const kind of ["unavailable", "firewall", "rejected", "locked-out"] as const) {
    await assert.rejects(sessions.use(a, () => Promise.reject(new EVisitorError(kind, kind))));
  }
  assert.deepEqual(told, [["a", "invalid-credentials"], ["a", "api-key"]]);
  await sessions.close();
});
