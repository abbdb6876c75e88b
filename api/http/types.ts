import type { AppDeps } from "./deps.ts";
import type { AuthUser } from "@core/auth/auth-user.ts";
import type { ServiceContext } from "@core/context.ts";

/** Hono environment of every route: the request id, the dependencies and, once signed in, the user. */
export interface AppEnv {
  Variables: {
    requestId: string;
    deps: AppDeps;
    user: AuthUser;
    /** The service context, built on first use (service-context.ts). */
    ctx: ServiceContext;
  };
}
