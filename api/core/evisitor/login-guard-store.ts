import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { evisitorLoginGuards } from "../db/schema/evisitor-login-guards.ts";
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
  };
}
