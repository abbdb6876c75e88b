import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { externalAccounts } from "../../db/schema/external-accounts.ts";
import { AppError } from "../../errors.ts";

/** The caller's own account; another host's id is answered exactly like an unknown one. */
export async function findOwnAccount(db: DbOrTx, userId: string, id: string) {
  const [row] = await db.select().from(externalAccounts)
    .where(and(eq(externalAccounts.id, id), eq(externalAccounts.userId, userId)));
  if (!row) throw new AppError("ExternalAccountNotFound");
  return row;
}
