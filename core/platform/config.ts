import { z } from "zod";
import { DEFAULT_GUEST_DATA_RETENTION_DAYS } from "@shared/retention.ts";
import { parseNatsServers } from "./nats-servers.ts";

export const DEFAULT_SUPPORT_EMAIL = "podrska@prijavko.hr";

/** Settings every process shares: where the database and the event bus are. */
export const commonEnv = {
  DATABASE_URL: z
    .string()
    .regex(/^(file:|libsql:\/\/|https?:\/\/|wss?:\/\/)/, {
      error: "must be a file: path or a libsql://, http(s):// or ws(s):// URL",
    })
    .default("file:data/app.db"),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  /**
   * One NATS server or a cluster's, comma-separated, with this process's NATS user in the first:
   * nats://api:password@host:4222 (api, workers or tools: deploy/nats/users.conf; a token as
   * nats://token@host). The credentials are never logged (core/platform/nats-servers.ts).
   */
  NATS_URL: z.string().min(1).default("nats://127.0.0.1:4222").refine((value) => {
    try {
      parseNatsServers(value);
      return true;
    } catch {
      return false;
    }
  }, {
    error: "must be nats://user:password@host:port, several addresses comma-separated",
  }),
  /**
   * Support's address: the workers mail contact messages and feedback to it, and the legal pages
   * name it as the operator's contact.
   */
  SUPPORT_EMAIL: z.email().default(DEFAULT_SUPPORT_EMAIL),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /** The site's address as people reach it; e-mailed links and QR codes start with it. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).default("http://localhost:8000")
    .transform((url) => url.replace(/\/+$/, "")),
  /**
   * Which eVisitor to talk to: "production", "test" (eVisitor's public test service) or the URL of
   * a simulator. No default: a deployment must say where guests are registered.
   */
  EVISITOR_URL: z
    .string({ error: 'is required: "production", "test" or a simulator URL' })
    .refine((v) => v === "production" || v === "test" || /^https?:\/\//.test(v), {
      error: 'must be "production", "test" or an http(s) URL',
    }),
  EVISITOR_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(20_000),
  /**
   * Days after a stay's check-out when its guests' personal data is removed (anonymised), once
   * eVisitor has them checked out. eVisitor holds the official guest list; our copy is only needed
   * to finish registration, check-out and the comparison with eVisitor (README "Personal data").
   * The workers apply it; the API shows it in the privacy centre, so both read the same variable.
   */
  GUEST_DATA_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650)
    .default(DEFAULT_GUEST_DATA_RETENTION_DAYS),
  /**
   * Web Push (issue 35): the VAPID key pair that signs pushes (`npm start` makes one in
   * data/secrets.env; `npx web-push generate-vapid-keys` for a deployment), base64url. The API
   * hands browsers the public key; the workers sign with the private one. Without them push is
   * off and Settings says so.
   */
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, {
    error: "must be a P-256 public key in base64url (87 characters)",
  }).optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, {
    error: "must be a P-256 private key in base64url (43 characters)",
  }).optional(),
  /** Who push services may contact about our pushes: mailto: support's address unless set. */
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, {
    error: "must be a mailto: or https:// address",
  }).optional(),
};

export class ConfigError extends Error {}

/**
 * Parses the environment once at start-up. A bad or missing variable throws a ConfigError whose
 * message names each variable and what is wrong with it, for main to print before exiting.
 */
export function parseConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined>,
  processName: string,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) =>
    `  ${issue.path.join(".") || "(environment)"}: ${issue.message}`
  );
  throw new ConfigError(`${processName}: invalid configuration\n${lines.join("\n")}`);
}

/** Runs a process entry point, turning a ConfigError into a clear message and exit code 1. */
export async function runMain(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      Deno.exit(1);
    }
    throw error;
  }
}
