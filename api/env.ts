import { z } from "zod";
import { commonEnv, parseConfig } from "./lib/config.ts";

const ApiEnv = z.object({
  ...commonEnv,
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(1).max(65535).default(8000),
  SITE_DIR: z.string().min(1).default("site/dist"),
  /** Largest request body accepted, in bytes. */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
});
export type ApiConfig = z.infer<typeof ApiEnv>;

/** The only place the API reads its environment. */
export function loadApiConfig(env: Record<string, string | undefined> = Deno.env.toObject()) {
  return parseConfig(ApiEnv, env, "api");
}
