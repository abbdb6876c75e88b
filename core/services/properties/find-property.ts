import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { properties } from "../../db/schema/properties.ts";
import { AppError } from "../../errors.ts";

/** The caller's own property; another host's id is answered exactly like an unknown one. */
export async function findOwnProperty(db: DbOrTx, userId: string, id: string) {
  const [row] = await db.select().from(properties)
    .where(and(eq(properties.id, id), eq(properties.userId, userId)));
  if (!row) throw new AppError("NotFound", { detail: "The property was not found." });
  return row;
}
