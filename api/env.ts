import { z } from "zod";
import { commonEnv, parseConfig } from "./lib/config.ts";

const base64Key32 = z
  .string({ error: "is required: 32 random bytes in base64 (openssl rand -base64 32)" })
  .refine((value) => atob(value.replace(/\s/g, "")).length === 32, {
    error: "must be 32 bytes in base64 (openssl rand -base64 32)",
  });

const ApiEnv = z
  .object({
    ...commonEnv,
    HOST: z.string().min(1).default("127.0.0.1"),
    PORT: z.coerce.number().int().min(1).max(65535).default(8000),
    SITE_DIR: z.string().min(1).default("site/dist"),
    /** Largest request body accepted, in bytes. */
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
    /** Signs access tokens (HS256); at least 32 characters. */
    JWT_SECRET: z.string({ error: "is required (at least 32 random characters)" }).min(32, {
      error: "must be at least 32 characters",
    }),
    /** Encrypts stored secrets such as two-factor keys (AES-256-GCM). */
    DATA_ENCRYPTION_KEY: base64Key32,
    ACCESS_TOKEN_MINUTES: z.coerce.number().int().min(1).max(60).default(15),
    REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).max(90).default(14),
    /** The first administrator, created (or given the role) at start-up when both are set. */
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8).optional(),
    /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
    TRUST_PROXY: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
  })
  .refine((env) => !env.ADMIN_EMAIL === !env.ADMIN_PASSWORD, {
    path: ["ADMIN_PASSWORD"],
    error: "ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
  });
export type ApiConfig = z.infer<typeof ApiEnv>;

/** The only place the API reads its environment. */
export function loadApiConfig(env: Record<string, string | undefined> = Deno.env.toObject()) {
  return parseConfig(ApiEnv, env, "api");
}
