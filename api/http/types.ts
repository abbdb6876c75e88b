import type { AppDeps } from "./deps.ts";
import type { AuthUser } from "@core/auth/auth-user.ts";

/** Hono environment of every route: the request id, the dependencies and, once signed in, the user. */
export interface AppEnv {
  Variables: {
    requestId: string;
    deps: AppDeps;
    user: AuthUser;
  };
}
