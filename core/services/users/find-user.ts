import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { users } from "../../db/schema/users.ts";
import { normalizeEmail } from "./context.ts";

/** The account registered under an e-mail address (any case), if there is one. */
export async function findUserByEmail(db: DbOrTx, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, normalizeEmail(email)));
  return user;
}
