import type { Context } from "hono";
import type { UsersContext } from "@core/services/users/context.ts";
import type { AccountsContext } from "@core/services/external-accounts/connect-account.ts";
import type { AppEnv } from "./types.ts";

/** The service context for this request: database, clock reading, auth settings, secret box. */
export function usersContext(c: Context<AppEnv>): UsersContext {
  const { db, clock, config, secretBox } = c.get("deps");
  return { db, now: clock(), auth: config.auth, secretBox };
}

/** The context of the external-account services for this request. */
export function accountsContext(c: Context<AppEnv>): AccountsContext {
  const { db, clock, secretBox, evisitor } = c.get("deps");
  return { db, now: clock(), secretBox, evisitor };
}

/** The context of the reservation and guest services: they open guests' document numbers. */
export function reservationContext(c: Context<AppEnv>) {
  const { db, clock, secretBox } = c.get("deps");
  return { db, now: clock(), secretBox };
}
