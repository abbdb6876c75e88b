import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { userRoles, users } from "../../db/schema/users.ts";
import { ADMINISTRATOR } from "../../auth/auth-user.ts";
import { hashPassword } from "../../platform/crypto/password-hash.ts";
import { log } from "../../platform/logger.ts";
import { normalizeEmail } from "./context.ts";
import { startTrial } from "../billing/subscription-periods.ts";

/**
 * The first administrator, from configuration at start-up: created confirmed when the address is
 * new, otherwise given the role. An existing account keeps its own password.
 */
export async function ensureAdministrator(
  db: Database,
  { email, password, now }: { email: string; password: string; now: Date },
): Promise<void> {
  const address = normalizeEmail(email);
  let [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, address));
  if (!user) {
    user = { id: crypto.randomUUID() };
    await db.insert(users).values({
      id: user.id,
      email: address,
      passwordHash: await hashPassword(password),
      emailConfirmedAt: now,
      createdAt: now,
    });
    // Like every new account, so the administrator can try the host's side too.
    await startTrial(db, { userId: user.id, now });
    log.info("administrator created", { userId: user.id });
  }
  await db.insert(userRoles).values({ userId: user.id, role: ADMINISTRATOR }).onConflictDoNothing();
}
