import type { Context } from "hono";
import type { AccountsContext } from "../services/external-accounts/connect-account.ts";
import type { AppEnv } from "./types.ts";

/** The context of the external-account services for this request. */
export function accountsContext(c: Context<AppEnv>): AccountsContext {
  const { db, clock, secretBox, evisitor } = c.get("deps");
  return { db, now: clock(), secretBox, evisitor };
}
