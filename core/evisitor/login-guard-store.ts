import { and, eq, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { evisitorLoginGuards } from "../db/schema/evisitor-login-guards.ts";
import { evisitorLogins } from "../db/schema/evisitor-logins.ts";
import type { GuardedAccount, LoginGuardStore } from "./login-guard.ts";

/**
 * The login guard's memory in the database (evisitor_login_guards), shared by every process:
 * with the API and N copies of the workers, a password eVisitor refused reaches it once, not N+1
 * times. The account key (eVisitor's address and the username, an OIB) is stored as a keyed
 * fingerprint, which cannot be turned back into the username by trying every OIB.
 */
export function databaseLoginGuardStore(
  db: Database,
  fingerprint: (text: string) => Promise<string>,
): LoginGuardStore {
  const upsert = async (key: string, values: Partial<typeof evisitorLoginGuards.$inferInsert>) => {
    const accountKey = await fingerprint(key);
    await db.insert(evisitorLoginGuards).values({ accountKey, ...values })
      .onConflictDoUpdate({ target: evisitorLoginGuards.accountKey, set: values });
  };
  return {
    async read(key): Promise<GuardedAccount> {
      const [row] = await db.select().from(evisitorLoginGuards)
        .where(eq(evisitorLoginGuards.accountKey, await fingerprint(key)));
      if (!row) return {};
      return {
        refused: row.refusedPassword && row.refusedUntil
          ? { digest: row.refusedPassword, until: row.refusedUntil.getTime() }
          : undefined,
        lockedUntil: row.lockedUntil?.getTime(),
        refusedApiKey: row.refusedApiKey && row.refusedApiKeyUntil
          ? { digest: row.refusedApiKey, until: row.refusedApiKeyUntil.getTime() }
          : undefined,
      };
    },
    refused: (key, refused) =>
      upsert(key, { refusedPassword: refused.digest, refusedUntil: new Date(refused.until) }),
    apiKeyRefused: (key, refused) =>
      upsert(key, { refusedApiKey: refused.digest, refusedApiKeyUntil: new Date(refused.until) }),
    lockedOut: (key, until) => upsert(key, { lockedUntil: new Date(until) }),
    async succeeded(key) {
      await db.delete(evisitorLoginGuards)
        .where(eq(evisitorLoginGuards.accountKey, await fingerprint(key)));
    },
    async claimLogin(key, at, windowMs, max) {
      const accountKey = await fingerprint(key);
      const since = at - windowMs;
      // One statement, so SQLite (or a libSQL server) checks the count and inserts under one
      // write lock: two workers can never both take the last slot.
      const claimed = await db.run(sql`
        insert into ${evisitorLogins} (account_key, logged_in_at)
        select ${accountKey}, ${at}
        where (select count(*) from ${evisitorLogins}
               where account_key = ${accountKey} and logged_in_at > ${since}) < ${max}`);
      if (claimed.rowsAffected === 1) {
        await db.delete(evisitorLogins).where(and(
          eq(evisitorLogins.accountKey, accountKey),
          lte(evisitorLogins.loggedInAt, new Date(since)),
        ));
        return 0;
      }
      const [oldest] = await db.select({ at: sql<number>`min(logged_in_at)` })
        .from(evisitorLogins)
        .where(sql`account_key = ${accountKey} and logged_in_at > ${since}`);
      // Gone meanwhile (the window moved on): try again at once.
      return oldest?.at == null ? 1 : Math.max(1, Number(oldest.at) + windowMs - at);
    },
  };
}
