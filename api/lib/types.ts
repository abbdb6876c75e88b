import type { AppDeps } from "../deps.ts";

/** Hono environment of every route: the request id and the injected dependencies. */
export interface AppEnv {
  Variables: {
    requestId: string;
    deps: AppDeps;
  };
}
