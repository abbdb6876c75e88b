import type { Context } from "hono";
import type { ServiceContext } from "@core/context.ts";
import { clientAddress } from "./auth/client-address.ts";
import type { AppEnv } from "./types.ts";

/**
 * The service context of this request, built on first use and kept for the rest of it: the
 * database, the clock's reading, the signed-in caller (once require/optionalUser ran), the caller's address and browser, the secret
 * box, the eVisitor service and the settings.
 */
export function serviceContext(c: Context<AppEnv>): ServiceContext {
  const built = c.get("ctx");
  if (built) return built;
  const { db, clock, config, secretBox, evisitor } = c.get("deps");
  const ctx: ServiceContext = {
    db,
    now: clock(),
    actor: c.get("user"),
    request: {
      address: clientAddress(c, config.trustProxy),
      userAgent: c.req.header("User-Agent"),
    },
    secretBox,
    evisitor,
    config: {
      publicUrl: config.publicUrl,
      auth: config.auth,
      payee: config.payee,
      supportEmail: config.supportEmail,
      guestDataRetentionDays: config.guestDataRetentionDays,
      push: config.push,
    },
  };
  c.set("ctx", ctx);
  return ctx;
}
